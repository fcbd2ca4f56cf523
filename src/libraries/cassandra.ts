/** Apache Cassandra / ScyllaDB SSTable Bloom filters (bloom_filter_fp_chance). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { probabilityLiteral, result, snippetSummary } from './util';

/** Cassandra / Scylla BloomCalculations.probs (buckets per element x hash functions). */
export const CASSANDRA_PROBS: readonly (readonly number[])[] = [
  [1.0], [1.0, 1.0], [1.0, 0.393, 0.400], [1.0, 0.283, 0.237, 0.253], [1.0, 0.221, 0.155, 0.147, 0.160],
  [1.0, 0.181, 0.109, 0.092, 0.092, 0.101], [1.0, 0.154, 0.0804, 0.0609, 0.0561, 0.0578, 0.0638],
  [1.0, 0.133, 0.0618, 0.0423, 0.0359, 0.0347, 0.0364], [1.0, 0.118, 0.0489, 0.0306, 0.024, 0.0217, 0.0216, 0.0229],
  [1.0, 0.105, 0.0397, 0.0228, 0.0166, 0.0141, 0.0133, 0.0135, 0.0145],
  [1.0, 0.0952, 0.0329, 0.0174, 0.0118, 0.00943, 0.00844, 0.00819, 0.00846],
  [1.0, 0.0869, 0.0276, 0.0136, 0.00864, 0.0065, 0.00552, 0.00513, 0.00509],
  [1.0, 0.08, 0.0236, 0.0108, 0.00646, 0.00459, 0.00371, 0.00329, 0.00314],
  [1.0, 0.074, 0.0203, 0.00875, 0.00492, 0.00332, 0.00255, 0.00217, 0.00199, 0.00194],
  [1.0, 0.0689, 0.0177, 0.00718, 0.00381, 0.00244, 0.00179, 0.00146, 0.00129, 0.00121, 0.0012],
  [1.0, 0.0645, 0.0156, 0.00596, 0.003, 0.00183, 0.00128, 0.001, 0.000852, 0.000775, 0.000744],
  [1.0, 0.0606, 0.0138, 0.005, 0.00239, 0.00139, 0.000935, 0.000702, 0.000574, 0.000505, 0.00047, 0.000459],
  [1.0, 0.0571, 0.0123, 0.00423, 0.00193, 0.00107, 0.000692, 0.000499, 0.000394, 0.000335, 0.000302, 0.000287, 0.000284],
  [1.0, 0.054, 0.0111, 0.00362, 0.00158, 0.000839, 0.000519, 0.00036, 0.000275, 0.000226, 0.000198, 0.000183, 0.000176],
  [1.0, 0.0513, 0.00998, 0.00312, 0.0013, 0.000663, 0.000394, 0.000264, 0.000194, 0.000155, 0.000132, 0.000118, 0.000111, 0.000109],
  [1.0, 0.0488, 0.00906, 0.0027, 0.00108, 0.00053, 0.000303, 0.000196, 0.00014, 0.000108, 8.89e-05, 7.77e-05, 7.12e-05, 6.79e-05, 6.71e-05],
];

const CASSANDRA_OPT_K: readonly number[] = CASSANDRA_PROBS.map((row) => {
  let best = 0;
  let min = Number.MAX_VALUE;
  row.forEach((value, j) => {
    if (value < min) {
      min = value;
      best = Math.max(1, j);
    }
  });
  return best;
});

/** Cassandra BloomCalculations.computeBloomSpec(20, p): smallest buckets/element meeting p, then the fewest hashes. */
export function cassandra(p: number): LibraryDerivation {
  if (p >= CASSANDRA_PROBS[2][1]) {
    // Cassandra returns new BloomSpecification(2, optKPerBuckets[2]) here: K = 2, buckets = optK[2]
    return result(undefined, 2, ['fp_chance >= 0.393: Cassandra uses its smallest specification'], { bitsPerElement: CASSANDRA_OPT_K[2] });
  }
  const last = CASSANDRA_PROBS.length - 1;
  if (p < CASSANDRA_PROBS[last][CASSANDRA_PROBS[last].length - 1]) {
    // computeBloomSpec throws UnsupportedOperationException("Unable to satisfy ... with 20 buckets per element")
    return { rejects: [`bloom_filter_fp_chance = ${p} is below ${CASSANDRA_PROBS[last][CASSANDRA_PROBS[last].length - 1]}, the smallest FP of Cassandra's table (20 buckets per element): BloomCalculations.computeBloomSpec throws`] };
  }
  let buckets = 2;
  let k = CASSANDRA_OPT_K[2];
  while (CASSANDRA_PROBS[buckets][k] > p) {
    buckets++;
    k = CASSANDRA_OPT_K[buckets];
  }
  while (CASSANDRA_PROBS[buckets][k - 1] <= p) k--;
  return result(undefined, k, [`table lookup: ${buckets} bits per partition (+20 bits per SSTable), ${k} hashes; nominal FP ${CASSANDRA_PROBS[buckets][k]}`], { bitsPerElement: buckets });
}

/** A schema builder's setter that takes bloom_filter_fp_chance (a double, one filter per SSTable). */
function fpChanceCall(callee: string, title: string, requires: RegExp, source: SourceCitation): CallEntryPoint {
  return {
    kind: 'call', recognizer: 'cassandra.fpChance', title, callee, arity: [1, 1], languages: ['java', 'kotlin', 'scala'], requires,
    params: [{ role: 'p', unit: 'probability', position: 0 }],
    derive: (params) => (params.p !== undefined ? cassandra(params.p) : {}),
    source,
  };
}

export const CASSANDRA: LibraryModule = {
  id: 'cassandra',
  displayName: 'Cassandra / ScyllaDB',
  recognizers: ['cassandra.fpChance'],
  entryPoints: [
    fpChanceCall('.withBloomFilterFpChance', 'DataStax query builder withBloomFilterFpChance(p)', /datastax|querybuilder/i,
      { repository: 'apache/cassandra-java-driver', file: 'query-builder/src/main/java/com/datastax/oss/driver/api/querybuilder/schema/RelationStructure.java', function: 'withBloomFilterFpChance(double)' }),
    fpChanceCall('.bloomFilterFPChance', 'DataStax driver 3 SchemaBuilder bloomFilterFPChance(p)', /datastax|schemabuilder/i,
      { repository: 'datastax/java-driver', file: 'driver-core/src/main/java/com/datastax/driver/core/schemabuilder/TableOptions.java', function: 'bloomFilterFPChance(Double fpChance)' }),
    fpChanceCall('.setBloomFilterFpChance', 'Astyanax ColumnFamilyDefinition.setBloomFilterFpChance(p)', /astyanax/i,
      { repository: 'Netflix/astyanax', file: 'astyanax-cassandra/src/main/java/com/netflix/astyanax/ddl/ColumnFamilyDefinition.java', function: 'setBloomFilterFpChance(Double chance)' }),
    // Spring Data Cassandra: createTable(...).with(TableOption.BLOOM_FILTER_FP_CHANCE, 0.01), options maps keyed by its name
    { kind: 'settings', recognizer: 'cassandra.fpChance', title: 'Spring Data Cassandra TableOption.BLOOM_FILTER_FP_CHANCE', triggers: ['p'], languages: ['java', 'kotlin', 'scala'], requires: /springframework/,
      derive: (params) => (params.p !== undefined ? cassandra(params.p) : {}),
      settings: [{ role: 'p', unit: 'probability', form: 'constant', name: 'TableOption.BLOOM_FILTER_FP_CHANCE',
        source: { repository: 'spring-projects/spring-data-cassandra', file: 'spring-data-cassandra/src/main/java/org/springframework/data/cassandra/core/cql/keyspace/TableOption.java', function: 'BLOOM_FILTER_FP_CHANCE' } }] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/cassandra', file: 'src/java/org/apache/cassandra/utils/BloomCalculations.java', function: 'computeBloomSpec, probs' }],
  allocations: [{ id: 'cassandra', label: 'Cassandra / Scylla', call: (_n, p) => `WITH bloom_filter_fp_chance = ${p}`, derive: (_n, p) => cassandra(p) }],
  snippets: [{ id: 'cassandra', label: 'Cassandra / Scylla (CQL)', render: (d) => `-- ${snippetSummary(d)}\nALTER TABLE my_table WITH bloom_filter_fp_chance = ${probabilityLiteral(d.p)};` }],
};
