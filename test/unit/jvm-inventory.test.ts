/**
 * The JVM and SQL entry points declared from each library's source (issue 17, inventory): overloads, spellings and
 * the library's own m and k, with numbers worked by hand from the source each module cites.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs, type Finding } from '../../src/detect/index';

function only(text: string, fileName: string, recognizer: string): Finding[] {
  return detectConfigs(text, { fileName }).filter((f) => f.recognizer === recognizer);
}

function one(text: string, fileName: string, recognizer: string): Finding {
  const found = only(text, fileName, recognizer);
  assert.equal(found.length, 1, `${recognizer} in ${text}: ${JSON.stringify(detectConfigs(text, { fileName }).map((f) => [f.recognizer, f.params]))}`);
  return found[0];
}

const LN2 = Math.LN2;
const LN2_SQUARED = LN2 * LN2;

describe('JVM inventory: declared entry points and their derivations', () => {
  it('Commons Collections Shape factories keep their own argument order (fromKM and fromPMK do not start with n)', () => {
    const text = 'import org.apache.commons.collections4.bloomfilter.*;\nShape a = Shape.fromNP(10000, 0.01);\nShape b = Shape.fromKM(7, 65536);\nShape c = Shape.fromPMK(0.01, 95851, 7);\n';
    const [np, km, pmk] = detectConfigs(text, { fileName: 'A.java' });
    // fromNP: m = ceil(n ln p / -ln²2) = ceil(95850.58...) = 95851; k = round(ln 2 · m / n) = round(6.644) = 7
    assert.equal(np.recognizer, 'commons.shape.fromNP');
    assert.equal(np.derived.m, Math.ceil((10000 * Math.log(0.01)) / -LN2_SQUARED));
    assert.equal(np.derived.m, 95851);
    assert.equal(np.derived.k, 7);
    assert.deepEqual([km.recognizer, km.params.k, km.params.m], ['commons.shape.fromKM', 7, 65536]);
    // fromPMK: n = ceil(m / (-k / ln(1 - exp(ln p / k))))
    assert.equal(pmk.params.p, 0.01);
    assert.equal(pmk.derived.n, Math.ceil(95851 / (-7 / Math.log(1 - Math.exp(Math.log(0.01) / 7)))));
  });

  it('Redisson tryInit sizes like Guava without word rounding and refuses more than 2^32 - 2 bits', () => {
    const head = 'RBloomFilter<String> bf = redisson.getBloomFilter("seen");\n';
    const ok = one(`${head}bf.tryInit(12345, 0.02);\n`, 'A.java', 'redisson.tryInit');
    const m = Math.trunc((-12345 * Math.log(0.02)) / LN2_SQUARED); // optimalNumOfBits = 100517
    assert.equal(ok.derived.m, m);
    assert.equal(ok.derived.k, Math.max(1, Math.round((m / 12345) * LN2)));
    const kotlinAsync = one(`${head.replace('RBloomFilter<String> bf =', 'val bf: RBloomFilter<String> =')}bf.tryInitAsync(12345L, 0.02)\n`, 'A.kt', 'redisson.tryInit');
    assert.equal(kotlinAsync.derived.m, m);
    const tooBig = one(`${head}bf.tryInit(100000000000L, 0.0001);\n`, 'A.java', 'redisson.tryInit');
    assert.ok(tooBig.invalid?.some((text) => /can't be greater than 4294967294/.test(text)), String(tooBig.invalid));
  });

  it('bitcoinj BloomFilter and Wallet.getBloomFilter: at least one byte and one hash, 36000 bytes and 50 hashes at most', () => {
    const text = 'import org.bitcoinj.core.BloomFilter;\nBloomFilter f = new BloomFilter(1000, 0.0005, 42L);\nBloomFilter g = wallet.getBloomFilter(1000, 0.0005, 42L);\n';
    const found = only(text, 'A.java', 'bitcoinj.bloomFilter');
    assert.equal(found.length, 2);
    // bytes = min((int)(-n ln p / ln²2), 288000) / 8 = 15820 / 8 = 1977; k = (int)(1977·8 / 1000 · ln 2) = 10
    for (const f of found) assert.deepEqual([f.derived.m, f.derived.k], [1977 * 8, 10]);
    const capped = one('import org.bitcoinj.core.BloomFilter;\nBloomFilter f = new BloomFilter(1000000, 0.0001, 0);\n', 'A.java', 'bitcoinj.bloomFilter');
    assert.equal(capped.derived.m, 36000 * 8);
  });

  it('Hudi: keys, builder methods and ConfigProperty constants, sized by BloomFilterUtils (ceil, ceil)', () => {
    const n = 130000;
    const p = 1e-7;
    const bits = Math.ceil(n * (-Math.log(p) / LN2_SQUARED));
    const k = Math.ceil((LN2 * bits) / n);
    const keys = one(`hoodie.index.type=BLOOM\nhoodie.index.bloom.num_entries=${n}\nhoodie.index.bloom.fpp=${p}\n`, 'hudi.properties', 'hudi.bloomIndex');
    assert.deepEqual([keys.derived.m, keys.derived.k], [bits, k]);
    const constants = one(`import org.apache.hudi.config.HoodieIndexConfig;\ndf.write().format("hudi")\n  .option(HoodieIndexConfig.BLOOM_FILTER_NUM_ENTRIES_VALUE.key(), "${n}")\n  .option(HoodieIndexConfig.BLOOM_FILTER_FPP_VALUE.key(), "0.0000001")\n  .save(path);\n`, 'A.java', 'hudi.bloomIndex');
    assert.deepEqual([constants.params.n, constants.params.p, constants.derived.m], [n, p, bits]);
    const defaults = one('import org.apache.hudi.config.HoodieIndexConfig;\nHoodieIndexConfig c = HoodieIndexConfig.newBuilder().bloomFilterNumEntries("80000").build();\n', 'A.java', 'hudi.bloomIndex');
    assert.equal(defaults.params.p, 0.000000001);
  });

  it('Hadoop DynamicBloomFilter states m, k and the keys per row', () => {
    const f = one('import org.apache.hadoop.util.bloom.*;\nFilter f = new DynamicBloomFilter(95851, 7, Hash.MURMUR_HASH, 10000);\n', 'A.java', 'hadoop.bloomFilter');
    assert.deepEqual([f.params.m, f.params.k, f.params.n], [95851, 7, 10000]);
    assert.ok(f.notes?.some((note) => /another row/.test(note)));
  });

  it('Orestes FilterBuilder: Java picks (expectedElements, fpp) or (size, hashes) by the second argument\'s type; setters alike', () => {
    const text = 'import orestes.bloomfilter.*;\nBloomFilter<String> a = new FilterBuilder(10000, 0.01).buildBloomFilter();\nBloomFilter<String> b = new FilterBuilder(95851, 7).buildBloomFilter();\n';
    const [byRate, bySize] = only(text, 'A.java', 'orestes.filterBuilder');
    // complete(): size = (int) ceil(-n ln p / ln²2) = 95851, hashes = (int) ceil(ln 2 · m / n) = 7
    assert.deepEqual([byRate.params.n, byRate.params.p, byRate.derived.m, byRate.derived.k], [10000, 0.01, 95851, 7]);
    assert.deepEqual([bySize.params.m, bySize.params.k, bySize.invalid?.length ?? 0], [95851, 7, 0]);
    const chained = one('import orestes.bloomfilter.*;\nBloomFilter<String> c = new FilterBuilder()\n  .expectedElements(5000)\n  .falsePositiveProbability(0.001)\n  .buildBloomFilter();\n', 'A.java', 'orestes.filterBuilder');
    assert.equal(chained.derived.m, Math.ceil((-5000 * Math.log(0.001)) / LN2_SQUARED));
  });

  it('Guava create with Java, Kotlin and Scala type arguments and after a static import', () => {
    const cases: [string, string][] = [
      ['import com.google.common.hash.*;\nBloomFilter<String> f = BloomFilter.<String>create(Funnels.stringFunnel(UTF_8), 5000, 0.001);\n', 'A.java'],
      ['import com.google.common.hash.BloomFilter\nval f = BloomFilter.create<String>(Funnels.stringFunnel(Charsets.UTF_8), 5000, 0.001)\n', 'A.kt'],
      ['import com.google.common.hash.{BloomFilter, Funnels}\nval f = BloomFilter.create[String](Funnels.stringFunnel(UTF_8), 5000, 0.001)\n', 'A.scala'],
      ['import static com.google.common.hash.BloomFilter.create;\nimport com.google.common.hash.*;\nBloomFilter<String> f = create(Funnels.stringFunnel(UTF_8), 5000, 0.001);\n', 'A.java'],
    ];
    for (const [text, fileName] of cases) {
      const f = one(text, fileName, 'guava.create');
      assert.deepEqual([f.params.n, f.params.p], [5000, 0.001], text);
    }
    // a bare create( without Guava's static import is someone else's
    assert.deepEqual(only('import com.google.common.hash.*;\nBloomFilter<String> f = create(Funnels.stringFunnel(UTF_8), 5000, 0.001);\n', 'A.java', 'guava.create'), []);
  });

  it('Spark: bloomFilter on a DataFrameStatFunctions held in a variable, bloom_filter_agg with one byte per item', () => {
    const [byRate, byBits] = only('import org.apache.spark.sql.SparkSession\nval stat = df.stat\nval a = stat.bloomFilter("id", 1000000L, 0.02)\nval b = stat.bloomFilter(col("id"), 1000000L, 8388608L)\n', 'A.scala', 'spark.stat.bloomFilter');
    assert.deepEqual([byRate.params.n, byRate.params.p], [1000000, 0.02]);
    assert.deepEqual([byBits.params.n, byBits.params.m], [1000000, 8388608]);
    const agg = one('SELECT bloom_filter_agg(xxhash64(id), 100000) FROM t;\n', 'q.sql', 'spark.bloomFilterAgg');
    assert.equal(agg.derived.m, 800000); // numBits = 100000 · 8, a multiple of 64
  });

  it('Hive BloomKFilter and Druid: numBits at 0.05f, padded with 8 - (longs mod 8) longs to whole 512-bit blocks', () => {
    // numBits = (long)(-10000 ln 0.05f / ln²2) = 62352 -> 975 longs -> + 1 = 976 longs = 62464 bits; k = round(62352 / 10000 · ln 2) = 4
    const numBits = Math.trunc((-10000 * Math.log(Math.fround(0.05))) / LN2_SQUARED);
    assert.equal(numBits, 62352);
    const hive = one('import org.apache.hive.common.util.BloomKFilter;\nBloomKFilter f = new BloomKFilter(10000);\n', 'A.java', 'hive.bloomKFilter');
    const druidSql = one('SELECT BLOOM_FILTER(user_id, 10000) FROM events;\n', 'q.sql', 'druid.bloomAggregator');
    const druidJson = one('{"aggregations": [{"type": "bloom", "name": "b", "field": "user", "maxNumEntries": 10000}]}\n', 'q.json', 'druid.bloomAggregator');
    for (const f of [hive, druidSql, druidJson]) assert.deepEqual([f.derived.m, f.derived.k], [62464, 4]);
  });

  it('Lucene FuzzySet: 2^j-bit sets, createOptimalSet rounds twice the optimal bits down', () => {
    const text = 'import org.apache.lucene.codecs.bloom.FuzzySet;\nFuzzySet a = FuzzySet.createOptimalSet(100000, 0.01f);\nFuzzySet b = FuzzySet.createSetBasedOnMaxMemory(1000000);\n';
    const [optimal, memory] = only(text, 'A.java', 'lucene.fuzzySet');
    // ceil(100000 ln 0.01f / ln 2^-ln2) = 958506; 2x = 1917012 -> 2^20 - 1; k = round((2^20 - 1) / 100000 · ln 2) = 7
    assert.deepEqual([optimal.derived.m, optimal.derived.k], [2 ** 20, 7]);
    // 1000000 read as bits: the largest 2^j - 1 below it is 2^19 - 1; one hash
    assert.deepEqual([memory.derived.m, memory.derived.k], [2 ** 19, 1]);
  });

  it('Cassandra schema builders: DataStax driver 3, Spring Data Cassandra', () => {
    const driver = one('import com.datastax.driver.core.schemabuilder.SchemaBuilder;\nStatement s = SchemaBuilder.createTable("t").addPartitionKey("id", DataType.uuid()).withOptions().bloomFilterFPChance(0.02);\n', 'A.java', 'cassandra.fpChance');
    assert.equal(driver.params.p, 0.02);
    const spring = one('import org.springframework.data.cassandra.core.cql.keyspace.*;\nCreateTableSpecification s = CreateTableSpecification.createTable("events")\n  .with(TableOption.BLOOM_FILTER_FP_CHANCE, 0.001);\n', 'A.java', 'cassandra.fpChance');
    assert.equal(spring.params.p, 0.001);
  });

  it('Doris/StarRocks: bloom_filter_columns alone is a filter at fpp 0.05; with an fpp in its clause, one finding', () => {
    const text = 'CREATE TABLE t (k1 INT, k2 VARCHAR(64)) DISTRIBUTED BY HASH(k1) BUCKETS 8\nPROPERTIES (\n  "bloom_filter_columns" = "k2"\n);\nALTER TABLE t2 SET ("bloom_filter_columns" = "k1", "bloom_filter_fpp" = "0.02");\n';
    const found = only(text, 'a.sql', 'doris.bloomFilterFpp');
    assert.deepEqual(found.map((f) => f.params.p), [0.05, 0.02]);
  });

  it('HBase: happybase bloom_filter_type and 0.94 StoreFile.BloomType', () => {
    const happy = one("conn.create_table('t', {'cf': dict(max_versions=1, bloom_filter_type='ROWCOL')})\n", 'a.py', 'hbase.columnFamily');
    assert.match(happy.title, /ROWCOL/);
    const old = one('HColumnDescriptor cf = new HColumnDescriptor("cf");\ncf.setBloomFilterType(StoreFile.BloomType.ROW);\n', 'A.java', 'hbase.columnFamily');
    assert.match(old.title, /ROW$/);
  });

  it('Pinot BloomFilterConfig reads fpp 0 as its default 0.05', () => {
    const text = 'import org.apache.pinot.spi.config.table.BloomFilterConfig;\nBloomFilterConfig a = new BloomFilterConfig(0, 1000000, true);\nBloomFilterConfig b = new BloomFilterConfig(0.01, 0, false);\n';
    assert.deepEqual(only(text, 'A.java', 'pinot.bloomFilter').map((f) => f.params.p), [0.05, 0.01]);
  });

  it('ORC: OrcConf key objects that set themselves, and util.BloomFilter(expectedEntries) at its own DEFAULT_FPP 0.05', () => {
    const conf = one('import org.apache.orc.OrcConf;\nOrcConf.BLOOM_FILTER_COLUMNS.setString(conf, "user_id");\nOrcConf.BLOOM_FILTER_FPP.setDouble(conf, 0.02);\n', 'A.java', 'orc.bloomFilter');
    // m = (int)(-n ln p / ln²2) = 81423, then + (64 - 81423 % 64) = 81472, at the stride's 10000 rows
    assert.deepEqual([conf.params.p, conf.params.n, conf.derived.m], [0.02, 10000, 81472]);
    const util = one('import org.apache.orc.util.BloomFilter;\nBloomFilter b = new BloomFilter(10000);\n', 'A.java', 'orc.bloomFilter');
    assert.equal(util.params.p, 0.05);
  });

  it('Accumulo Property constants in setProperty calls; OpenSearch doc-id fuzzy set settings', () => {
    const accumulo = one('import org.apache.accumulo.core.conf.Property;\nops.setProperty("events", Property.TABLE_BLOOM_ENABLED.getKey(), "true");\nops.setProperty("events", Property.TABLE_BLOOM_ERRORRATE.getKey(), "0.1%");\n', 'A.java', 'accumulo.tableBloom');
    // k = 5; vectorSize = ceil(-5 n / ln(1 - p^(1/5))) at the default 1048576 keys
    assert.deepEqual([accumulo.params.p, accumulo.params.n, accumulo.derived.k], [0.001, 1048576, 5]);
    assert.equal(accumulo.derived.m, Math.ceil((-5 * 1048576) / Math.log(1 - Math.pow(0.001, 1 / 5))));
    const opensearch = one('{"settings": {\n  "index.optimize_doc_id_lookup.fuzzy_set.enabled": true,\n  "index.optimize_doc_id_lookup.fuzzy_set.false_positive_probability": 0.05\n}}\n', 'idx.json', 'opensearch.docIdFuzzySet');
    assert.equal(opensearch.params.p, 0.05);
    const enabledOnly = one('index.optimize_doc_id_lookup.fuzzy_set.enabled: true\n', 'opensearch.yml', 'opensearch.docIdFuzzySet');
    assert.equal(enabledOnly.params.p, 0.2);
  });

  it('Paimon lookup cache filter: its fpp, or the default 0.05 when only switched on', () => {
    const text = "CREATE TABLE dim (id INT, v STRING) WITH (\n  'lookup.cache.bloom.filter.enabled' = 'true',\n  'lookup.cache.bloom.filter.fpp' = '0.01'\n);\n";
    assert.equal(one(text, 'a.sql', 'paimon.lookupCacheBloom').params.p, 0.01);
    assert.equal(one("SET 'lookup.cache.bloom.filter.enabled' = 'true';\n", 'a.sql', 'paimon.lookupCacheBloom').params.p, 0.05);
    assert.deepEqual(only("SET 'lookup.cache.bloom.filter.enabled' = 'false';\n", 'a.sql', 'paimon.lookupCacheBloom'), []);
  });

  it('Trino parquet_bloom_filter_columns: a filter at the writer\'s fpp 0.01, none for an empty list', () => {
    const text = "CREATE TABLE events (id BIGINT, user_id VARCHAR)\nWITH (format = 'PARQUET', parquet_bloom_filter_columns = ARRAY['user_id']);\nCREATE TABLE t2 (id BIGINT) WITH (format = 'PARQUET', parquet_bloom_filter_columns = ARRAY[]);\n";
    assert.deepEqual(only(text, 'a.sql', 'parquet.bloomFilter').map((f) => [f.range.start.line, f.params.p]), [[1, 0.01]]);
  });

  it('HBase store file filters from BloomFilterFactory constants: a chunk per block, sized by idealMaxKeys', () => {
    const text = 'import org.apache.hadoop.hbase.util.BloomFilterFactory;\nconf.setFloat(BloomFilterFactory.IO_STOREFILE_BLOOM_ERROR_RATE, 0.005f);\nconf.setInt(BloomFilterFactory.IO_STOREFILE_BLOOM_BLOCK_SIZE, 65536);\n';
    const f = one(text, 'A.java', 'hbase.storefileBloom');
    // 65536 bytes = 524288 bits per chunk; maxKeys = (long)(bits ln²2 / -ln p); k = ceil(ln 2 · (long)(bits / maxKeys))
    const bits = 65536 * 8;
    const maxKeys = Math.trunc((bits * LN2_SQUARED) / -Math.log(0.005));
    assert.deepEqual([f.params.p, f.derived.m, f.derived.n, f.derived.k], [0.005, bits, maxKeys, Math.ceil(LN2 * Math.trunc(bits / maxKeys))]);
  });

  it('Guava and Spark sketch as declared overloads: Java picks Spark\'s (n, fpp) or (n, numBits) by the second argument\'s type', () => {
    const spark = only('import org.apache.spark.util.sketch.BloomFilter;\nBloomFilter a = BloomFilter.create(1000L);\nBloomFilter b = BloomFilter.create(1000L, 0.01);\nBloomFilter c = BloomFilter.create(1000L, 8192L);\nBloomFilter d = BloomFilter.create(BloomFilter.Version.V1, 1000L, 8192L, 0);\n', 'A.java', 'spark.sketch.create');
    assert.deepEqual(spark.map((f) => [f.params.n, f.params.p, f.params.m]), [[1000, 0.03, undefined], [1000, 0.01, undefined], [1000, undefined, 8192], [1000, undefined, 8192]]);
    // BitArray rounds to 64-bit words; k = max(1, round(m / n · ln 2)) = round(5.68) = 6
    assert.deepEqual([spark[2].derived.m, spark[2].derived.k], [8192, 6]);
    const refused = one('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 5000, 1.5);\n', 'A.java', 'guava.create');
    assert.ok(refused.invalid?.some((text) => text === 'Guava throws IllegalArgumentException: False positive probability (1.5) must be < 1.0'), String(refused.invalid));
    // a class of the file's own named BloomFilter is neither library's: read by its own create(n, p)
    assert.deepEqual(detectConfigs('public class BloomFilter {\n  static BloomFilter create(int n, double p) { return null; }\n  void use() { BloomFilter.create(1000, 0.01); }\n}\n', { fileName: 'BloomFilter.java' }).map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`), ['generic.named {"n":1000,"p":0.01}']);
  });
});
