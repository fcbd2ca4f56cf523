// Bloom Lens conformance harness for Guava's BloomFilter.create(Funnels.longFunnel(), n, p): m from
// the bit array's bitSize() and k from the numHashFunctions field, both read by reflection.
// A create() that throws IllegalArgumentException is reported as {"refused": "<its message>"}.
// Usage: java GuavaHarness <id>:<n>:<p>:<reps>:<queriesPerRep>:<seed> ...
import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

public final class GuavaHarness {
  private static long mix(long z) {
    z += 0x9e3779b97f4a7c15L;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  private static long key(long seed, long i, int absent) {
    return mix((seed << 40) + 2 * i + absent);
  }

  public static void main(String[] args) throws Exception {
    Field bitsField = BloomFilter.class.getDeclaredField("bits");
    bitsField.setAccessible(true);
    Field kField = BloomFilter.class.getDeclaredField("numHashFunctions");
    kField.setAccessible(true);
    String version = BloomFilter.class.getPackage().getImplementationVersion();
    for (String arg : args) {
      String[] f = arg.split(":");
      String id = f[0];
      long n = Long.parseLong(f[1]);
      double p = Double.parseDouble(f[2]);
      long reps = Long.parseLong(f[3]);
      long perRep = Long.parseLong(f[4]);
      long seed = Long.parseLong(f[5]);
      long positives = 0;
      double sumSquares = 0;
      long m = 0;
      int k = 0;
      String refused = null;
      for (long r = 0; r < reps; r++) {
        BloomFilter<Long> filter;
        try {
          filter = BloomFilter.create(Funnels.longFunnel(), n, p);
        } catch (IllegalArgumentException e) {
          refused = e.getMessage();
          break;
        }
        Object bits = bitsField.get(filter);
        Method bitSize = bits.getClass().getDeclaredMethod("bitSize");
        bitSize.setAccessible(true);
        m = (Long) bitSize.invoke(bits);
        k = kField.getInt(filter);
        for (long i = 0; i < n; i++) filter.put(key(seed, r * n + i, 0));
        long hits = 0;
        for (long q = 0; q < perRep; q++) if (filter.mightContain(key(seed, r * perRep + q, 1))) hits++;
        positives += hits;
        double rate = (double) hits / perRep;
        sumSquares += rate * rate;
      }
      if (refused != null) {
        System.out.printf("{\"id\":\"%s\",\"refused\":\"%s\",\"m\":0,\"n\":%d,\"reps\":0,\"queries\":0,\"positives\":0,\"version\":\"%s\"}%n",
            id, refused.replace("\\", "\\\\").replace("\"", "\\\""), n, version == null ? "unknown" : version);
        continue;
      }
      System.out.printf("{\"id\":\"%s\",\"m\":%d,\"k\":%d,\"n\":%d,\"reps\":%d,\"queries\":%d,\"positives\":%d,\"sumSquares\":%s,\"version\":\"%s\"}%n",
          id, m, k, n, reps, reps * perRep, positives, Double.toString(sumSquares), version == null ? "unknown" : version);
    }
  }
}
