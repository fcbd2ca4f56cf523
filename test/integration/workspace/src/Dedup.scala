package shop.dedup

import com.google.common.hash.{BloomFilter, Funnels}

object Dedup {
  // orders expected per day, and the false-positive rate the shop accepts
  val (expectedOrders, acceptedRate) = (2000000L, 0.001)

  val seenOrders: BloomFilter[java.lang.Long] =
    BloomFilter.create(Funnels.longFunnel(), expectedOrders, acceptedRate)
}
