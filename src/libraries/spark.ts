/** Apache Spark sketch BloomFilter (DataFrame stat.bloomFilter, runtime Bloom filter joins). */
import { classicModel } from './models';
import type { CallEntryPoint, DeclaredParam, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { ceilTo, LN2, LN2_SQUARED, result, sizeNote } from './util';

/** BloomFilter.create: same formulas as Guava; BitArray rounds up to 64-bit words. */
export function sparkSketch(n: number, p: number | undefined, numBits?: number): LibraryDerivation {
  const notes: string[] = [];
  const bits = numBits ?? Math.trunc((-n * Math.log(p as number)) / LN2_SQUARED); // optimalNumOfBits
  const k = Math.max(1, Math.round((bits / n) * LN2)); // optimalNumOfHashFunctions
  const m = ceilTo(Math.max(bits, 1), 64); // BitArray: long[ceil(bits / 64)]
  sizeNote(notes, 'Spark rounds the bit array up to whole 64-bit words', bits, m);
  return result(m, k, notes);
}

const SKETCH: SourceCitation = { repository: 'apache/spark', file: 'common/sketch/src/main/java/org/apache/spark/util/sketch/BloomFilter.java', function: 'create(long expectedNumItems[, double fpp | long numBits[, int seed]]), create(Version, long, long, int) (DEFAULT_FPP 0.03)' };
const SKETCH_HINT = /org\.apache\.spark\.util\.sketch/;
const JVM = ['java', 'kotlin', 'scala', 'groovy'];
const ITEMS = (position: number): DeclaredParam => ({ role: 'n', unit: 'count', position });
const BITS = (position: number): DeclaredParam => ({ role: 'm', unit: 'bits', position });
const sketchDerive: CallEntryPoint['derive'] = (params) => {
  if (params.n === undefined) return {};
  if (params.m !== undefined) return sparkSketch(params.n, undefined, params.m);
  return params.p !== undefined ? sparkSketch(params.n, params.p) : {};
};
const sketch = (title: string, arity: [number, number], params: DeclaredParam[], extra: Partial<CallEntryPoint> = {}): CallEntryPoint => ({
  kind: 'call', recognizer: 'spark.sketch.create', title, callee: 'BloomFilter.create', arity, languages: JVM, requires: SKETCH_HINT,
  params, derive: sketchDerive, source: SKETCH, ...extra,
});

/** Spark's sketch BloomFilter.create overloads: Java picks (n, fpp) or (n, numBits) by the second argument's type. */
const SKETCH_CALLS: readonly CallEntryPoint[] = [
  sketch('Spark sketch BloomFilter.create', [1, 1], [ITEMS(0)], { defaults: { p: { value: 0.03, text: 'Spark default fpp 0.03' } } }),
  sketch('Spark sketch BloomFilter.create', [2, 2], [ITEMS(0), { role: 'p', unit: 'probability', position: 1 }], { overload: { position: 1, wholeNumber: false } }),
  sketch('Spark sketch BloomFilter.create', [2, 2], [ITEMS(0), BITS(1)], { overload: { position: 1, wholeNumber: true } }),
  sketch('Spark sketch BloomFilter.create', [3, 3], [ITEMS(0), BITS(1)]),
  sketch('Spark sketch BloomFilter.create', [4, 4], [ITEMS(1), BITS(2)]),
];

const SQLCONF: SourceCitation = { repository: 'apache/spark', file: 'sql/catalyst/src/main/scala/org/apache/spark/sql/internal/SQLConf.scala', function: 'RUNTIME_BLOOM_FILTER_ENABLED, RUNTIME_BLOOM_FILTER_EXPECTED_NUM_ITEMS (1000000), RUNTIME_BLOOM_FILTER_NUM_BITS (8388608), RUNTIME_BLOOM_FILTER_MAX_NUM_ITEMS, RUNTIME_BLOOM_FILTER_MAX_NUM_BITS' };
const AGGREGATE: SourceCitation = { repository: 'apache/spark', file: 'sql/catalyst/src/main/scala/org/apache/spark/sql/catalyst/expressions/aggregate/BloomFilterAggregate.scala', function: 'BloomFilterAggregate (this(child, estimatedNumItems[, numBits]), estimatedNumItems, numBits, createAggregationBuffer)' };

export const SPARK: LibraryModule = {
  id: 'spark',
  displayName: 'Spark sketch',
  recognizers: ['spark.sketch.create', 'spark.stat.bloomFilter', 'spark.runtimeBloomFilter', 'spark.bloomFilterAgg'],
  entryPoints: [...SKETCH_CALLS, {
    // bloom_filter_agg(expr, estimatedNumItems, numBits): BloomFilter.create(n, numBits), each capped by the runtime filter's limits
    kind: 'call', recognizer: 'spark.bloomFilterAgg', title: 'Spark SQL bloom_filter_agg(expr, estimatedNumItems, numBits)', callee: 'bloom_filter_agg', arity: [3, 3],
    params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'm', unit: 'bits', position: 2 }],
    notes: ['Spark caps estimatedNumItems at spark.sql.optimizer.runtime.bloomFilter.maxNumItems (4000000) and numBits at maxNumBits (67108864)'],
    derive: (params) => (params.n !== undefined && params.m !== undefined ? sparkSketch(Math.min(params.n, 4_000_000), undefined, Math.min(params.m, 67_108_864)) : {}),
    source: AGGREGATE,
  }, {
    // bloom_filter_agg(expr, estimatedNumItems): the two-expression constructor takes numBits = estimatedNumItems · 8 ("1 byte per item")
    kind: 'call', recognizer: 'spark.bloomFilterAgg', title: 'Spark SQL bloom_filter_agg(expr, estimatedNumItems)', callee: 'bloom_filter_agg', arity: [2, 2],
    params: [{ role: 'n', unit: 'count', position: 1 }],
    notes: ['numBits = estimatedNumItems × 8 (one byte per item), capped at maxNumBits (67108864); estimatedNumItems capped at maxNumItems (4000000)'],
    derive: (params) => (params.n !== undefined ? sparkSketch(Math.min(params.n, 4_000_000), undefined, Math.min(params.n * 8, 67_108_864)) : {}),
    source: AGGREGATE,
  }, {
    // the runtime filter of a join (SQLConf): one filter per join build side, at these defaults without table statistics
    kind: 'settings', recognizer: 'spark.runtimeBloomFilter', title: 'Spark runtime Bloom filter join', triggers: ['enabled', 'n', 'm'],
    defaults: { n: { value: 1_000_000, text: 'Spark default expectedNumItems 1000000' }, m: { value: 8_388_608, text: 'Spark default numBits 8388608' } },
    notes: ['with table statistics Spark sizes each filter from the row count, capped by maxNumItems (4000000) and maxNumBits (67108864)'],
    derive: (params) => (params.n !== undefined && params.m !== undefined ? sparkSketch(params.n, undefined, params.m) : {}),
    settings: [
      { role: 'enabled', unit: 'flag', form: 'key', name: 'spark.sql.optimizer.runtime.bloomFilter.enabled', source: SQLCONF },
      { role: 'n', unit: 'count', form: 'key', name: 'spark.sql.optimizer.runtime.bloomFilter.expectedNumItems', source: SQLCONF },
      { role: 'm', unit: 'bits', form: 'key', name: 'spark.sql.optimizer.runtime.bloomFilter.numBits', source: SQLCONF },
    ],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [
    { repository: 'apache/spark', file: 'common/sketch/src/main/java/org/apache/spark/util/sketch/BloomFilter.java', function: 'create, optimalNumOfBits, optimalNumOfHashFunctions' },
    { repository: 'apache/spark', file: 'common/sketch/src/main/java/org/apache/spark/util/sketch/BitArray.java', function: 'BitArray(long numBits)' },
  ],
  allocations: [{ id: 'spark', label: 'Spark sketch / DataFrame', call: (n, p) => `BloomFilter.create(${n}L, ${p})`, derive: (n, p) => sparkSketch(n, p) }],
};
