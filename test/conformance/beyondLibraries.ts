/**
 * "Beyond Bloom" (issue 19): the other filters' running implementations against src/core's models
 * (fingerprintFilters.ts, compareStructures.ts, classic.ts). For each: the memory the implementation allocates
 * (checked as "m core": the core's sizing must equal it) and the FP inside the measurement's interval. Harnesses
 * report `falseNegatives` (members reported absent), which main.ts checks for every library that reports them.
 *
 * Libraries: npm bloom-filters 3.0.4 (PartitionedBloomFilter, CountingBloomFilter, CuckooFilter, XorFilter),
 * npm binary-fuse-filter 1.0.0, Debian's Go cuckoo filter (seiflotfy), RocksDB Ribbon at the setting `compare` picks.
 * Sizes are kept small: the JS filters are slow (bloom-filters' XorFilter takes ~70-120 us per query).
 */
import { exactFalsePositiveRate } from '../../src/core/classic';
import { compareStructures } from '../../src/core/compareStructures';
import { binaryFuseLayout, cuckooBuckets, xorFilterSlots } from '../../src/core/fingerprintFilters';
import type { ConfigSpec, LibrarySpec } from './libraries';
import { predictFromFingerprintSnippet } from './predict';
import type { Prediction } from './predict';

const fields = (config: ConfigSpec): number[] => config.arg.split(':').slice(2).map(Number);

/** A prediction straight from the core (compareStructures' rows and the libraries Bloom Lens does not detect). */
function corePrediction(model: string, fp: number, coreM: number, source: string, k?: number): Prediction {
  return { fp, model, faithful: true, layout: model, notes: [], core: { m: coreM, ...(k !== undefined ? { k } : {}), source } };
}

/**
 * bloom-filters src/formulas.ts optimalFilterSize: ceil(-n ln p / ln(2)^2), optimalHashes: ceil((m / n) ln 2). The
 * partitioned filter (PartitionedBloomFilter.create, load factor 0.5) allocates the same total in k slices of ceil(M / k).
 */
function bloomFiltersSize(n: number, p: number): { mBits: number; k: number } {
  const mBits = Math.ceil((-n * Math.log(p)) / Math.LN2 ** 2);
  return { mBits, k: Math.ceil((mBits / n) * Math.LN2) };
}

/** bloom-filters cuckoo-filter.ts computeFingerpintLength: ceil(ceil(log2(1/p) + log2(2b)) / 8) hex characters of 4 bits. */
function bloomFiltersCuckooFingerprintBits(p: number, bucketSlots = 4): number {
  return 4 * Math.ceil(Math.ceil(Math.log2(1 / p) + Math.log2(2 * bucketSlots)) / 8);
}

const npmConfig = (lib: string, id: string, n: number, param: number, reps: number, perRep: number, seed: number): ConfigSpec =>
  ({ id, label: `n=${n} ${lib === 'xor' || lib === 'fuse' ? `${param}-bit` : `p=${param}`}${reps > 1 ? ` (${reps} filters)` : ''}`, arg: `${lib}:${id}:${n}:${param}:${reps}:${perRep}:${seed}` });

/** The bits_per_key `bloom-lens compare` picks for RocksDB Ribbon at n = 200,000, p = 1%. */
const RIBBON_N = 200_000;
const ribbonRow = (): ReturnType<typeof compareStructures>[number] => compareStructures(RIBBON_N, 0.01).find((row) => row.id === 'ribbon') as ReturnType<typeof compareStructures>[number];

export const BEYOND_LIBRARIES: readonly LibrarySpec[] = [
  // PartitionedBloomFilter is checked with its library module's model in libraries.ts (bloom-filters-partitioned).
  {
    id: 'bloom-filters-counting', name: 'bloom-filters CountingBloomFilter.create (npm), as 4-bit counters', harness: 'beyond-npm', packageName: 'bloom-filters', packageSource: 'npm',
    tolerance: 0.03,
    toleranceWhy: 'double-hashing positions (as the partitioned filter): up to 3 % allowed',
    configs: [npmConfig('counting', 'cb1', 20_000, 0.01, 1, 150_000, 211)],
    notes: ['The library stores unbounded counters as [bit, count] pairs; m here is its counter count x 4 bits (the compare row\'s counting Bloom). The largest counter stays far below 15.'],
    predict: (config, raw) => {
      const [n, p] = fields(config);
      const { mBits, k } = bloomFiltersSize(n, p);
      return corePrediction('exact colliding (classic.ts)', exactFalsePositiveRate(raw.m / 4, raw.n, raw.k ?? k), 4 * mBits, 'bloom-filters formulas.ts sizing x 4-bit counters', k);
    },
  },
  {
    id: 'bloom-filters-cuckoo', name: 'bloom-filters CuckooFilter.create (npm)', harness: 'beyond-npm', packageName: 'bloom-filters', packageSource: 'npm',
    tolerance: 0.02,
    toleranceWhy: 'its fingerprints are hex strings (4 bits per character, 0 allowed): per-slot match 2^-f where the model uses 1/(2^f - 1), 0.4 % at f = 8; up to 2 % allowed',
    configs: [npmConfig('cuckoo', 'ck1', 20_000, 0.01, 1, 150_000, 221), npmConfig('cuckoo', 'ck2', 20_000, 0.0001, 1, 150_000, 222)],
    notes: ['buckets = ceil(n / 4 / 0.955) (fingerprintFilters.ts cuckooBuckets); fingerprint = ceil(ceil(log2(1/p) + 3) / 8) hex characters = 8 bits at p = 1%, 12 at 0.01%.'],
    predict: (config, raw) => {
      const [n, p] = fields(config);
      const f = bloomFiltersCuckooFingerprintBits(p);
      const slots = cuckooBuckets(n) * 4;
      // what the editor shows for the call, checked with the core's sizing beside it
      const detected = predictFromFingerprintSnippet({ text: `import { CuckooFilter } from 'bloom-filters'\nconst f = CuckooFilter.create(${n}, ${p})\n`, languageId: 'typescript', recognizer: 'bloom-filters.cuckoo.create' }, raw.n);
      return { ...detected, core: { m: slots * f, source: 'cuckooBuckets x 4 x library fingerprint bits' } };
    },
  },
  {
    id: 'bloom-filters-xor', name: 'bloom-filters XorFilter.create (npm)', harness: 'beyond-npm', packageName: 'bloom-filters', packageSource: 'npm',
    tolerance: 0,
    toleranceWhy: 'an XOR filter with f-bit fingerprints answers a non-member with 2^-f exactly: no model tolerance',
    configs: [npmConfig('xor', 'x1', 3_000, 8, 1, 60_000, 231)],
    notes: ['slots = 1.23 n + 32 rounded down to a multiple of 3 (xorFilterSlots); slow in JS (about 100 us per query), so the measurement is small.'],
    predict: (config, raw) => {
      const [n, bits] = fields(config);
      const detected = predictFromFingerprintSnippet({ text: `import { XorFilter } from 'bloom-filters'\nconst f = XorFilter.create(keys, ${bits})\n`, languageId: 'typescript', recognizer: 'bloom-filters.xor' }, raw.n);
      return { ...detected, core: { m: xorFilterSlots(n) * bits, source: 'xorFilterSlots x fingerprint bits' } };
    },
  },
  {
    id: 'binary-fuse-filter', name: 'binary-fuse-filter populateBinaryFuse8 (npm)', harness: 'beyond-npm', packageName: 'binary-fuse-filter', packageSource: 'npm',
    tolerance: 0,
    toleranceWhy: 'a binary fuse filter with 8-bit fingerprints answers a non-member with 2^-8 exactly: no model tolerance',
    configs: [npmConfig('fuse', 'bf1', 100_000, 8, 1, 2_000_000, 241), npmConfig('fuse', 'bf2', 1_000, 8, 20, 50_000, 242)],
    notes: ['slots from binaryFuseLayout(n, 3) (the reference segment length and size factor); keys are 64-bit integers.'],
    predict: (config, raw) => {
      const [n] = fields(config);
      const detected = predictFromFingerprintSnippet({ text: `import { populateBinaryFuse8 } from 'binary-fuse-filter'\nconst f = populateBinaryFuse8(keys)\n`, languageId: 'typescript', recognizer: 'js.binaryFuseFilter.populate' }, raw.n);
      return { ...detected, core: { m: binaryFuseLayout(n, 3).slots * 8, source: 'binaryFuseLayout(n, 3) x 8' } };
    },
  },
  {
    id: 'seiflotfy-cuckoo', name: 'seiflotfy/cuckoofilter NewFilter (Go, Debian)', harness: 'beyond-go', packageName: 'golang-github-seiflotfy-cuckoofilter-dev', packageSource: 'apt',
    tolerance: 0,
    toleranceWhy: 'tags are hash mod 255 + 1 (util.go getFingerprint): 255 non-zero 8-bit values, exactly the model\'s 2^8 - 1: no model tolerance',
    configs: [
      { id: 'sc1', label: 'capacity=100000 n=100000 (load 0.763)', arg: 'cuckoo:sc1:100000:100000:1:2000000:251' },
      { id: 'sc2', label: 'capacity=131072 n=124000 (load 0.946)', arg: 'cuckoo:sc2:131072:124000:1:2000000:252' },
    ],
    notes: ['NewFilter(capacity) allocates nextPow2(capacity) / 4 buckets (cuckoofilter.go): the power-of-two table of the compare row\'s cuckoo variant. Past ~96 % load a failed insert drops a stored key (beyond-bloom.md 5.3), so the configurations stay below it.'],
    predict: (config, raw) => {
      const capacity = fields(config)[0];
      const slots = 2 ** Math.ceil(Math.log2(capacity)); // nextPow2(capacity) / 4 buckets x 4 slots
      const detected = predictFromFingerprintSnippet({ text: `import cuckoo "github.com/seiflotfy/cuckoofilter"\nf := cuckoo.NewFilter(${capacity})\n`, languageId: 'go', fileName: 'a.go', recognizer: 'go.seiflotfy.cuckoo.newFilter' }, raw.n);
      return { ...detected, core: { m: slots * 8, source: 'nextPow2(capacity) slots x 8 bits' } };
    },
  },
  {
    id: 'rocksdb-ribbon-compare', name: 'RocksDB NewRibbonFilterPolicy at the setting `bloom-lens compare` picks for p = 1%', harness: 'rocksdb', packageName: 'librocksdb-dev', packageSource: 'apt',
    tolerance: 0.05,
    toleranceWhy: 'as rocksdb-ribbon: the FP in expectation over the rounding bias RocksDB takes from the first key\'s hash: up to 5 % allowed',
    configs: [{ id: 'ribc', label: `compare's Ribbon for n=${RIBBON_N} p=0.01`, arg: `ribc:ribbon:${ribbonRow().parameters.bitsPerKeySetting}:5:${RIBBON_N}:1000000:261` }],
    notes: ['m = (filter_size - 5) x 8; the compare row counts the 5 metadata bytes too.'],
    predict: () => {
      const row = ribbonRow();
      return corePrediction('compareStructures ribbon row', row.fp, row.memoryBits - 40, 'compareStructures(200000, 0.01) ribbon row');
    },
  },
];
