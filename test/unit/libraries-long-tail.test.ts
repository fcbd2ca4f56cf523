/**
 * The library long tail (issue 17, item 2): each new module's entry points detected in snippets written here, with the
 * m, k or cuckoo table the library's own source gives (the arithmetic is in the comments, worked from the source).
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { find } from './findOne';


describe('library long tail: Part 1 (libraries seen in blind rounds)', () => {
  it('hazy BloomFilter: optimal_bits and optimal_hashes, or num_bits with k for m / 10 items', () => {
    const text = 'from hazy import BloomFilter\nseen = BloomFilter(expected_items=10000, false_positive_rate=0.01)\nraw = BloomFilter(num_bits=1_000_000)\n';
    const findings = detectConfigs(text, { fileName: 'a.py' }).filter((f) => f.recognizer === 'python.hazy.bloomFilter');
    assert.equal(findings.length, 2);
    // m = ceil(-10000 ln 0.01 / ln²2) = 95851; k = round(95851 / 10000 · ln 2) = round(6.64) = 7
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [95851, 7]);
    // num_bits only: expected = 1e6 / 10 = 100000 items, k = round(10 · ln 2) = 7
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [1_000_000, 7]);
  });

  it('hazy CountingBloomFilter and ScalableBloomFilter (default initial_capacity 1000, rate 0.01)', () => {
    const counting = find('import hazy\ncbf = hazy.CountingBloomFilter(expected_items=5000, false_positive_rate=0.001)\n', 'a.py', 'python.hazy.countingBloomFilter');
    // ceil(-5000 ln 0.001 / ln²2) = 71888 counters; k = round(71888 / 5000 · ln 2) = round(9.97) = 10
    assert.deepEqual([counting.derived.m, counting.derived.k], [71888, 10]);
    const scalable = find('from hazy import ScalableBloomFilter\nsbf = ScalableBloomFilter(initial_capacity=1000)\n', 'a.py', 'python.hazy.scalableBloomFilter');
    // first slice: ceil(-1000 ln 0.01 / ln²2) = 9586 bits, k = 7
    assert.deepEqual([scalable.params.n, scalable.params.p, scalable.derived.m, scalable.derived.k], [1000, 0.01, 9586, 7]);
  });

  it('hazy estimate_bloom_params: the parameters BloomFilter would take', () => {
    const finding = find('from hazy import estimate_bloom_params\nparams = estimate_bloom_params(1_000_000, 0.001)\n', 'a.py', 'python.hazy.estimateParams');
    // ceil(-1e6 ln 0.001 / ln²2) = 14377588; round(14.38 · ln 2) = 10
    assert.deepEqual([finding.derived.m, finding.derived.k], [14_377_588, 10]);
  });

  it('hazy CuckooFilter: the stated fingerprint width and bucket size', () => {
    const finding = find('from hazy import CuckooFilter\ncf = CuckooFilter(capacity=50000, fingerprint_bits=12)\n', 'a.py', 'python.hazy.cuckooFilter');
    assert.equal(finding.params.n, 50000);
    assert.deepEqual([finding.derived.structure?.fingerprintBits, finding.derived.structure?.bucketSlots], [12, 4]);
  });

  it('gostl: bloom.NewWithEstimates is gostl\'s when the file imports gostl, not bits-and-blooms\'', () => {
    const text = 'import bloom "github.com/liyue201/gostl/ds/bloomfilter"\n\nvar seen = bloom.NewWithEstimates(10000, 0.01)\nvar raw = bloom.New(1<<20, 5)\nvar m, k = bloom.EstimateParameters(10000, 0.01)\n';
    const findings = detectConfigs(text, { fileName: 'a.go' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['go.gostl.bloomfilter.newWithEstimates', 'go.gostl.bloomfilter.new', 'go.gostl.bloomfilter.estimateParameters']);
    // EstimateParameters: m = ceil(-10000 ln 0.01 / ln²2) = 95851, k = ceil(ln 2 · 95851 / 10000) = 7
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [95851, 7]);
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [1_048_576, 5]);
    // without the gostl import the same call stays bits-and-blooms'
    const other = detectConfigs('import "github.com/bits-and-blooms/bloom/v3"\n\nvar seen = bloom.NewWithEstimates(10000, 0.01)\n', { fileName: 'a.go' });
    assert.deepEqual(other.map((f) => f.recognizer), ['go.bits-and-blooms.newWithEstimates']);
  });

  it('barrust/bloom: the rate is a C float, which moves m', () => {
    // float(0.01) = 0.0099999997764825820922851562; m = ceil(-1e7 ln p / 0.480453013918201388) = 95850585 (the double 0.01 gives 95850584)
    const finding = find('#include "bloom.h"\nBloomFilter bf;\nbloom_filter_init(&bf, 10000000, 0.01);\n', 'a.c', 'c.barrust.bloomFilterInit');
    assert.deepEqual([finding.derived.m, finding.derived.k], [95_850_585, 7]);
    const onDisk = find('#include "bloom.h"\nbloom_filter_init_on_disk(&bf, 100000, 0.05, "./words.blm");\n', 'a.c', 'c.barrust.bloomFilterInit');
    // ceil(-100000 ln 0.05 / ln²2) = 623523; k = round(ln 2 · 6.23523) = 4
    assert.deepEqual([onDisk.derived.m, onDisk.derived.k], [623_523, 4]);
  });

  it('barrust/counting_bloom: the same sizing, 32-bit counters', () => {
    const finding = find('#include "counting_bloom.h"\nCountingBloom cb;\ncounting_bloom_init(&cb, 10000, 0.01);\n', 'a.c', 'c.barrust.countingBloomInit');
    assert.deepEqual([finding.derived.m, finding.derived.k], [95851, 7]);
  });

  it('PyPI cuckoofilter: next_pow2(capacity) / 4 buckets of 4, fingerprint_size in bytes; python-cuckoo\'s bucket_size: capacity buckets', () => {
    const pypi = find('import cuckoofilter\ncf = cuckoofilter.CuckooFilter(capacity=100000, fingerprint_size=2)\n', 'a.py', 'cuckoofilter.cuckooFilter');
    // get_next_pow2(100000) = 131072 -> 32768 buckets x 4 slots; 2 bytes = 16-bit fingerprints
    assert.deepEqual([pypi.derived.structure?.slots, pypi.derived.structure?.bucketSlots, pypi.derived.structure?.fingerprintBits], [131072, 4, 16]);
    // python-cuckoo's bucket_size: its own module (libraries-long-tail-py.test.ts), capacity buckets
    const python = find('from cuckoofilter import CuckooFilter\ncf = CuckooFilter(capacity=1000, fingerprint_size=1, bucket_size=2)\n', 'a.py', 'python.python-cuckoo.cuckooFilter');
    assert.deepEqual([python.derived.structure?.slots, python.derived.structure?.bucketSlots, python.derived.structure?.fingerprintBits], [2000, 2, 8]);
    // a file's own CuckooFilter class, held in a variable named cuckoofilter, is not the library's
    const own = detectConfigs('class CuckooFilter:\n    pass\n\ncuckoofilter = CuckooFilter(capacity=1000, fingerprint_size=1)\n', { fileName: 'a.py' });
    assert.ok(!own.some((f) => f.recognizer === 'cuckoofilter.cuckooFilter'), JSON.stringify(own.map((f) => f.recognizer)));
    const tooSmall = find('import cuckoofilter\ncf = cuckoofilter.CuckooFilter(3)\n', 'a.py', 'cuckoofilter.cuckooFilter');
    assert.ok(tooSmall.invalid?.some((reason) => reason.includes('capacity >= 4')), JSON.stringify(tooSmall.invalid));
  });

  it('tair-go: BfReserve takes the capacity before the rate; BfInsertArgs Capacity / ErrorRate', () => {
    const text = 'import "github.com/alibaba/tair-go/tair"\n\nfunc setup() {\n\ttairClient.BfReserve(ctx, "users", 100000, 0.001)\n\targs := tair.BfInsertArgs{}.New().Capacity(5000).ErrorRate(0.02)\n\ttairClient.BfInsert(ctx, "ids", args, "a")\n}\n';
    const reserve = find(text, 'a.go', 'tair-go.bfReserve');
    assert.deepEqual([reserve.params.n, reserve.params.p], [100000, 0.001]);
    const insert = find(text, 'a.go', 'tair-go.bfInsert');
    assert.deepEqual([insert.params.n, insert.params.p], [5000, 0.02]);
  });
});

describe('library long tail: Part 2 (popular libraries no module claimed)', () => {
  it('stream-lib BloomFilter(n, p): the table walk; (n, bucketsPerElement): optKPerBuckets; m in whole BitSet words', () => {
    const text = 'import com.clearspring.analytics.stream.membership.BloomFilter;\nBloomFilter a = new BloomFilter(1000000, 0.01);\nBloomFilter b = new BloomFilter(1000, 4);\n';
    const findings = detectConfigs(text, { fileName: 'A.java' }).filter((f) => f.recognizer === 'stream-lib.bloomFilter');
    assert.equal(findings.length, 2);
    // buckets 2..10 with optK until probs[10][7] = 0.00819 <= 0.01, then K down while probs[10][K-1] <= 0.01: 6 (0.00844), 5 (0.00943)
    // m = BitSet(1e6 · 10 + 20).size() = 64 · ceil(10000020 / 64) = 10000064
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [10_000_064, 5]);
    // computeBestK(4) = optKPerBuckets[4] = 3; m = 64 · ceil(4020 / 64) = 4032
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [4032, 3]);
  });

  it('bloom-filter-scala: k from the Long division m / n; CuckooFilter of 16-bit tags', () => {
    const text = 'import bloomfilter.mutable.{BloomFilter, CuckooFilter}\nval bf = BloomFilter[Long](1000000, 0.1)\nval cf = CuckooFilter[Long](1000000)\n';
    const bloom = find(text, 'a.scala', 'bloom-filter-scala.bloomFilter');
    // m = ceil(-1e6 ln 0.1 / ln 2 / ln 2) = 4792530; k = ceil((4792530 / 1000000 = 4) · ln 2) = 3, not ceil(4.79 · ln 2) = 4
    assert.deepEqual([bloom.derived.m, bloom.derived.k], [4_792_530, 3]);
    const cuckoo = find(text, 'a.scala', 'bloom-filter-scala.cuckooFilter');
    // upperPowerOf2(250000) = 262144 buckets; 1e6 / 262144 / 4 = 0.954 <= 0.96, not doubled
    assert.deepEqual([cuckoo.derived.structure?.slots, cuckoo.derived.structure?.fingerprintBits], [1_048_576, 16]);
  });

  it('dablooms: the scaling filter\'s first counting filter at error_rate / 2, partitioned slices', () => {
    const finding = find('#include "dablooms.h"\nscaling_bloom_t *bloom = new_scaling_bloom(100000, 0.05, "/tmp/bloom.bin");\n', 'a.c', 'dablooms.scalingBloom');
    // p = 0.025: nfuncs = ceil(log2 40) = 6; counts_per_func = ceil(100000 · |ln 0.025| / (6 ln²2)) = 127966; size = 767796
    assert.deepEqual([finding.derived.m, finding.derived.k], [767_796, 6]);
    const python = find('import pydablooms\nbloom = pydablooms.Dablooms(capacity=100000, error_rate=0.05, filepath="/tmp/bloom.bin")\n', 'a.py', 'dablooms.scalingBloom');
    assert.deepEqual([python.derived.m, python.derived.k], [767_796, 6]);
    const counting = find('#include "dablooms.h"\ncounting_bloom_t *cb = new_counting_bloom(10000, 0.01, "/tmp/c.bin");\n', 'a.c', 'dablooms.countingBloom');
    // nfuncs = ceil(log2 100) = 7; counts_per_func = ceil(10000 · 4.60517 / (7 ln²2)) = 13693; 7 · 13693 = 95851
    assert.deepEqual([counting.derived.m, counting.derived.k], [95_851, 7]);
  });

  it('scalable_cuckoo_filter: the first filter at p / 2; the builder\'s entries_per_bucket', () => {
    const text = 'use scalable_cuckoo_filter::{ScalableCuckooFilter, ScalableCuckooFilterBuilder};\nlet a = ScalableCuckooFilter::<u64>::new(1000, 0.01);\nlet b = ScalableCuckooFilterBuilder::new()\n    .initial_capacity(5000)\n    .false_positive_probability(0.02)\n    .entries_per_bucket(2)\n    .finish::<u64>();\n';
    const direct = find(text, 'a.rs', 'rust.scalableCuckooFilter.new');
    // f = ceil(log2(1 / 0.005) + log2(8)) = ceil(10.64) = 11; buckets = next_power_of_two(ceil(1000 / 4) = 250) = 256
    assert.deepEqual([direct.derived.structure?.fingerprintBits, direct.derived.structure?.slots], [11, 1024]);
    const built = find(text, 'a.rs', 'rust.scalableCuckooFilter.builder');
    // p / 2 = 0.01, b = 2: f = ceil(log2 100 + log2 4) = 9; buckets = next_power_of_two(2500) = 4096, x 2 slots
    assert.deepEqual([built.derived.structure?.fingerprintBits, built.derived.structure?.bucketSlots, built.derived.structure?.slots], [9, 2, 8192]);
  });

  it('CuckooFilter4J: the builder\'s maxKeys and the chained withFalsePositiveRate (default 0.01)', () => {
    const text = 'import com.github.mgunlogson.cuckoofilter4j.CuckooFilter;\nCuckooFilter<Integer> a = new CuckooFilter.Builder<>(Funnels.integerFunnel(), 2000000).withFalsePositiveRate(0.001).build();\nCuckooFilter<Integer> b = new CuckooFilter.Builder<>(Funnels.integerFunnel(), 2000000).build();\n';
    const findings = detectConfigs(text, { fileName: 'A.java' }).filter((f) => f.recognizer === 'cuckoofilter4j.builder');
    assert.equal(findings.length, 2);
    // tag bits = ceil(log2(1000 + 3) / 0.955) = 11; buckets = ceil(2e6 / 0.955 / 4) = 523561 -> highestOneBit 262144, doubled: 524288
    assert.deepEqual([findings[0].params.p, findings[0].derived.structure?.fingerprintBits, findings[0].derived.structure?.slots], [0.001, 11, 4 * 524_288]);
    // the default 0.01: ceil(log2(103) / 0.955) = 8
    assert.deepEqual([findings[1].params.p, findings[1].derived.structure?.fingerprintBits], [0.01, 8]);
  });

  it('cuckoo_filter (Hex): 2^ceil(log2(ceil(Capacity / b))) buckets; Elixir keywords or an Erlang proplist', () => {
    const elixir = find('filter = :cuckoo_filter.new(1000, fingerprint_size: 8)\n', 'a.ex', 'beam.cuckooFilter.new');
    // ceil(1000 / 4) = 250 -> 256 buckets x 4 slots of 8 bits
    assert.deepEqual([elixir.derived.structure?.slots, elixir.derived.structure?.fingerprintBits], [1024, 8]);
    const erlang = find('Filter = cuckoo_filter:new(100000, [{fingerprint_size, 32}, {bucket_size, 2}]),\n', 'a.erl', 'beam.cuckooFilter.new');
    // ceil(100000 / 2) = 50000 -> 65536 buckets x 2 slots of 32 bits
    assert.deepEqual([erlang.derived.structure?.slots, erlang.derived.structure?.bucketSlots, erlang.derived.structure?.fingerprintBits], [131072, 2, 32]);
    const odd = find('filter = :cuckoo_filter.new(1000, fingerprint_size: 12)\n', 'a.ex', 'beam.cuckooFilter.new');
    assert.ok(odd.invalid?.some((reason) => reason.includes('badarg')), JSON.stringify(odd.invalid));
  });

  it('cfilter: functional options, Size in buckets and FingerprintSize in bytes', () => {
    const finding = find('import "github.com/irfansharif/cfilter"\n\nvar cf = cfilter.New(cfilter.Size(1<<20), cfilter.FingerprintSize(2))\n', 'a.go', 'go.cfilter.new');
    // 1048576 buckets x the default 4 slots; 2 bytes = 16 bits
    assert.deepEqual([finding.derived.structure?.slots, finding.derived.structure?.fingerprintBits], [4_194_304, 16]);
    // an option call before a positional argument leaves the positions as they are (gostl New(m, k) after a conversion)
    const gostl = find('import bloom "github.com/liyue201/gostl/ds/bloomfilter"\n\nvar f = bloom.New(uint64(math.Pow(2, 20)), 5)\nvar g = bloom.New(cfg.Bits(4), 6)\n', 'a.go', 'go.gostl.bloomfilter.new');
    assert.equal(gostl.params.k, 5);
    const second = detectConfigs('import bloom "github.com/liyue201/gostl/ds/bloomfilter"\n\nvar g = bloom.New(cfg.Bits(4), 6)\n', { fileName: 'a.go' });
    assert.equal(second[0]?.params.k, 6, JSON.stringify(second.map((f) => f.params)));
  });

  it('ProbabilisticDataStructures (.NET): BoomFilters\' OptimalM and OptimalK; partitions of ceil(m / k)', () => {
    const text = 'using ProbabilisticDataStructures;\nvar a = new BloomFilter(1000, 0.01);\nvar b = new PartitionedBloomFilter(1000, 0.01);\nvar c = new CountingBloomFilter(1000, 4, 0.01);\n';
    // m = ceil(1000 / (ln²2 / |ln 0.01|)) = 9586, k = ceil(log2 100) = 7; partitioned: 7 · ceil(9586 / 7) = 9590
    const classic = find(text, 'A.cs', 'pds-net.bloomFilter');
    assert.deepEqual([classic.derived.m, classic.derived.k], [9586, 7]);
    const partitioned = find(text, 'A.cs', 'pds-net.partitioned');
    assert.deepEqual([partitioned.derived.m, partitioned.derived.k], [9590, 7]);
    const counting = find(text, 'A.cs', 'pds-net.counting');
    assert.deepEqual([counting.params.n, counting.params.p, counting.derived.m], [1000, 0.01, 9586]);
  });

  it('licia BloomFilter(size, k): size positions, k 3 by default', () => {
    const text = "const BloomFilter = require('licia/BloomFilter');\nconst a = new BloomFilter(256, 3);\nconst b = new BloomFilter(4096);\n";
    const findings = detectConfigs(text, { fileName: 'a.js' }).filter((f) => f.recognizer === 'licia.bloomFilter');
    assert.deepEqual(findings.map((f) => [f.derived.m, f.derived.k]), [[256, 3], [4096, 3]]);
  });

  it('bloomd.conf: the first sub-filter at (1 - probability_reduction) · p, whole bytes; bloomd\'s own refusals', () => {
    const finding = find('[bloomd]\ntcp_port = 8673\ninitial_capacity = 1000000\ndefault_probability = 0.001\n', 'bloomd.conf', 'bloomd.config');
    // p0 = 0.1 · 0.001 = 1e-4; ceil(-1e6 ln 1e-4 / ln²2) = 19170117 bits -> 2396265 bytes = 19170120 bits; k = round(ln 2 · 19.17) = 13
    assert.deepEqual([finding.params.n, finding.params.p, finding.derived.m, finding.derived.k], [1_000_000, 0.001, 19_170_120, 13]);
    const small = find('[bloomd]\ninitial_capacity = 5000\n', 'bloomd.conf', 'bloomd.config');
    assert.ok(small.invalid?.some((reason) => reason.includes('10K')), JSON.stringify(small.invalid));
  });

  it('guava-probably CuckooFilter.create: entries per bucket by fpp, log2(2b / fpp) rounded, an even bucket count', () => {
    const finding = find('import com.duprasville.guava.probably.CuckooFilter;\nCuckooFilter<String> f = CuckooFilter.create(Funnels.stringFunnel(UTF_8), 1000000, 0.01);\n', 'A.java', 'guava-probably.cuckooFilter');
    // fpp 0.01 > 0.002: b = 2, load 0.84; log2(400) = 8.64 -> 9 bits; ceil(1e6 / 0.84) = 1190477, / 2 -> 595239, even: 595240 buckets
    assert.deepEqual([finding.derived.structure?.bucketSlots, finding.derived.structure?.fingerprintBits, finding.derived.structure?.slots], [2, 9, 1_190_480]);
  });

  it('pyreBloom: truncated bits, k rounded up', () => {
    const finding = find("from pyreBloom import pyreBloom\nseen = pyreBloom('seen_urls', 100000000, 0.001, host='127.0.0.1')\n", 'a.py', 'pyrebloom.new');
    // (uint64_t)(-(ln 0.001 · 1e8) / ln²2) = 1437758756; k = ceil(ln 2 · 14.378) = 10
    assert.deepEqual([finding.derived.m, finding.derived.k], [1_437_758_756, 10]);
  });

  it('efficient/cuckoofilter: the C++ declaration, bits per item from the template arguments, PackedTable one bit less', () => {
    const text = '#include "cuckoofilter.h"\nusing cuckoofilter::CuckooFilter;\nCuckooFilter<size_t, 12> filter(1000000);\nauto *packed = new cuckoofilter::CuckooFilter<uint64_t, 13, cuckoofilter::PackedTable>(1 << 20);\nCuckooFilter<size_t, 12> make(size_t n);\n';
    const findings = detectConfigs(text, { fileName: 'a.cc' }).filter((f) => f.recognizer === 'cpp.efficient.cuckooFilter');
    assert.equal(findings.length, 2, 'the function prototype declares no filter');
    // upperpower2(1e6 / 4 = 250000) = 262144 buckets; 1e6 / 262144 / 4 = 0.954 <= 0.96: not doubled
    assert.deepEqual([findings[0].derived.structure?.slots, findings[0].derived.structure?.fingerprintBits], [1_048_576, 12]);
    // 2^20 / 4 = 262144 buckets at load 1.0 > 0.96: doubled to 524288; semi-sorted: 12 bits a tag in memory
    assert.deepEqual([findings[1].derived.structure?.slots, findings[1].derived.structure?.fingerprintBits, findings[1].derived.structure?.memoryBits], [2_097_152, 13, 2_097_152 * 12]);
  });
});

describe('library long tail: Part 3 (bloompy, pybloom2, mnemonist, YDB)', () => {
  it('bloompy BloomFilter(error_rate, element_num | bit_num): m in whole 32-bit words, k = ceil(ln 2 · m / n)', () => {
    const text = 'import bloompy\nbf = bloompy.BloomFilter(error_rate=0.001, element_num=1000)\nb2 = bloompy.BloomFilter(0.01, 10000)\nb3 = bloompy.BloomFilter(0.01, bit_num=100000)\n';
    const findings = detectConfigs(text, { fileName: 'a.py' }).filter((f) => f.recognizer === 'python.bloompy.bloomFilter');
    assert.equal(findings.length, 3);
    // -1000 ln 0.001 / ln²2 = 14377.6 -> ceil(14377.6 / 32) · 32 = 450 · 32 = 14400; k = ceil(ln 2 · 14400 / 1000) = ceil(9.98) = 10
    assert.deepEqual([findings[0].params.n, findings[0].params.p, findings[0].derived.m, findings[0].derived.k], [1000, 0.001, 14400, 10]);
    // the rate comes first positionally: -10000 ln 0.01 / ln²2 = 95850.6 -> 2996 words = 95872 bits; k = ceil(6.65) = 7
    assert.deepEqual([findings[1].params.n, findings[1].params.p, findings[1].derived.m, findings[1].derived.k], [10000, 0.01, 95872, 7]);
    // bit_num: 100000 is 3125 words; element_num = 100000 ln²2 / ln 100 = 10432.9, k = ceil(ln 2 · 100000 / 10432.9) = ceil(6.64) = 7
    assert.deepEqual([findings[2].derived.m, findings[2].derived.k], [100000, 7]);
  });

  it('bloompy CountingBloomFilter: default element_num 10**4; bit_num alone is refused', () => {
    const text = 'from bloompy import CountingBloomFilter\ncbf = CountingBloomFilter(error_rate=0.001)\nbad = CountingBloomFilter(bit_num=4096)\n';
    const findings = detectConfigs(text, { fileName: 'a.py' }).filter((f) => f.recognizer === 'python.bloompy.countingBloomFilter');
    assert.equal(findings.length, 2);
    // -10000 ln 0.001 / ln²2 = 143775.9 -> 143775.9 / 32 = 4493.0 -> 4493 words = 143776 counters; k = ceil(ln 2 · 14.3776) = ceil(9.97) = 10
    assert.deepEqual([findings[0].params.n, findings[0].params.p, findings[0].derived.m, findings[0].derived.k], [10000, 0.001, 143776, 10]);
    // the default element_num=10**4 and bit_num together: "Multi arguments are given"
    assert.ok(findings[1].invalid?.some((reason) => reason.includes('Multi arguments')), JSON.stringify(findings[1].invalid));
  });

  it('bloompy ScalableBloomFilter and SCBloomFilter: the first sub-filter at error_rate x 0.9', () => {
    const text = 'import bloompy\nsbf = bloompy.ScalableBloomFilter(error_rate=0.001, initial_capacity=1000)\nsc = bloompy.SCBloomFilter(0.01, 10000, bloompy.SCBloomFilter.LARGE_SET_GROWTH)\n';
    const scalable = find(text, 'a.py', 'python.bloompy.scalableBloomFilter');
    // p = 0.0009: -1000 ln 0.0009 / ln²2 = 14596.9 -> 457 words = 14624 bits; k = ceil(ln 2 · 14.624) = ceil(10.14) = 11
    assert.deepEqual([scalable.params.n, scalable.derived.m, scalable.derived.k], [1000, 14624, 11]);
    const counting = find(text, 'a.py', 'python.bloompy.scalableCountingBloomFilter');
    // p = 0.009: -10000 ln 0.009 / ln²2 = 98043.4 -> 3064 words = 98048 counters; k = ceil(ln 2 · 9.8048) = ceil(6.80) = 7
    assert.deepEqual([counting.derived.m, counting.derived.k], [98048, 7]);
    assert.ok(counting.derived.notes?.some((note) => note.includes('4x the items')), JSON.stringify(counting.derived.notes));
  });

  it('bloompy\'s names without the bloompy import are not bloompy\'s', () => {
    const findings = detectConfigs('from other import BloomFilter\nbf = BloomFilter(error_rate=0.001, element_num=1000)\n', { fileName: 'a.py' });
    assert.ok(!findings.some((f) => f.recognizer.startsWith('python.bloompy.')), JSON.stringify(findings.map((f) => f.recognizer)));
  });

  it('pybloom2 is pybloom\'s code: BloomFilter(capacity, error_rate) partitioned; ScalableBloomFilter grows 2x by default', () => {
    const text = 'from pybloom2 import BloomFilter, ScalableBloomFilter\nf = BloomFilter(capacity=1000, error_rate=0.001)\nsbf = ScalableBloomFilter(initial_capacity=512)\n';
    const bloom = find(text, 'a.py', 'pybloom.bloomFilter');
    // k = ceil(log2 1000) = 10 slices of ceil(1000 · 6.9078 / (10 ln²2)) = 1438 bits
    assert.deepEqual([bloom.derived.m, bloom.derived.k], [14380, 10]);
    // the vendored bloompy copy also imported as pybloom2 takes no capacity=: the call is pybloom's alone
    assert.ok(!detectConfigs(text, { fileName: 'a.py' }).some((f) => f.recognizer.startsWith('python.pybloom2.')));
    const scalable = find(text, 'a.py', 'pybloom.scalableBloomFilter');
    // pybloom2's default mode is SMALL_SET_GROWTH (pybloom-live's LARGE_SET_GROWTH)
    assert.ok(JSON.stringify(scalable).includes('capacity x 2'), JSON.stringify(scalable));
  });

  it('pybloom2 as a vendored bloompy copy (EdgeDup Server/pybloom2.py): hash_num fixed at 10, CountingBloomFilter element_num 3000', () => {
    const text = 'from Server import pybloom2\ncbf = pybloom2.CountingBloomFilter(error_rate=0.001)\nbf = pybloom2.BloomFilter(0.01, element_num=10000)\n';
    const counting = find(text, 'a.py', 'python.pybloom2.countingBloomFilter');
    // -3000 ln 0.001 / ln²2 = 43132.8 -> ceil(1347.9) = 1348 words = 43136 counters; k = 10 (bloompy's formula would give ceil(9.97) = 10 too)
    assert.deepEqual([counting.params.n, counting.derived.m, counting.derived.k], [3000, 43136, 10]);
    const bloom = find(text, 'a.py', 'python.pybloom2.bloomFilter');
    // m as bloompy's 95872, but k = 10 where bloompy computes ceil(6.65) = 7
    assert.deepEqual([bloom.derived.m, bloom.derived.k], [95872, 10]);
  });

  it('mnemonist BloomFilter: capacity or {capacity, errorRate}, default errorRate 0.005; bytes and k both truncated', () => {
    const text = "import BloomFilter from 'mnemonist/bloom-filter';\nconst a = new BloomFilter(1000);\nconst b = new BloomFilter({ capacity: 10000, errorRate: 0.01 });\n";
    const findings = detectConfigs(text, { fileName: 'a.ts' }).filter((f) => f.recognizer === 'mnemonist.bloomFilter.new');
    assert.equal(findings.length, 2);
    // -1000 ln 0.005 / ln²2 = 11027.8 bits -> 1378 bytes = 11024 bits; k = floor(11.024 · ln 2) = floor(7.64) = 7
    assert.deepEqual([findings[0].params.p, findings[0].derived.m, findings[0].derived.k], [0.005, 11024, 7]);
    // 95850.6 bits -> 11981 bytes = 95848 bits; k = floor(9.5848 · ln 2) = floor(6.64) = 6 (the textbook rounds to 7)
    assert.deepEqual([findings[1].params.n, findings[1].params.p, findings[1].derived.m, findings[1].derived.k], [10000, 0.01, 95848, 6]);
  });

  it('mnemonist BloomFilter.from(iterable, capacity | options)', () => {
    const text = "const { BloomFilter } = require('mnemonist');\nconst a = BloomFilter.from(words, { capacity: 5000, errorRate: 0.001 });\nconst b = BloomFilter.from(words, 2000);\n";
    const findings = detectConfigs(text, { fileName: 'a.js' }).filter((f) => f.recognizer === 'mnemonist.bloomFilter.from');
    assert.equal(findings.length, 2);
    // -5000 ln 0.001 / ln²2 = 71887.9 -> 8985 bytes = 71880 bits; k = floor(14.376 · ln 2) = floor(9.96) = 9
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [71880, 9]);
    // 2000 at 0.005: 22055.5 bits -> 2756 bytes = 22048 bits; k = 7
    assert.deepEqual([findings[1].params.n, findings[1].derived.m, findings[1].derived.k], [2000, 22048, 7]);
  });

  it('YDB INDEX ... LOCAL USING bloom_filter WITH (false_positive_probability), in SQL and inside a string', () => {
    const ddl = 'CREATE TABLE events (\n  id Uint64,\n  resource_id Utf8,\n  PRIMARY KEY (id),\n  INDEX idx_res LOCAL USING bloom_filter ON (resource_id) WITH (false_positive_probability = 0.05)\n);\n';
    assert.equal(find(ddl, 'a.sql', 'ydb.bloomFilterIndex').params.p, 0.05);
    const inPython = 'query = """ALTER TABLE logs ADD INDEX idx_msg LOCAL USING bloom_ngram_filter ON (msg) WITH (ngram_size = 4, false_positive_probability = 0.01)"""\n';
    assert.equal(find(inPython, 'a.py', 'ydb.bloomFilterIndex').params.p, 0.01);
    // the same key without a YDB Bloom index is not YDB's
    const other = detectConfigs('false_positive_probability = 0.05\n', { fileName: 'a.py' });
    assert.ok(!other.some((f) => f.recognizer === 'ydb.bloomFilterIndex'));
  });
});

describe('library long tail: the bloom-filter gem (Ruby, deepfryed/bloom-filter)', () => {
  const ruby = (call: string) => detectConfigs(`require 'bloom-filter'\n@seen = ${call}\n`, { languageId: 'ruby' });
  it('size: and error_rate: give ceil(|ln p| n / ln²2) bits and ceil(0.7 m / n) hashes (bloom_initialize)', () => {
    // |ln 0.01| · 10000 / ln²2 = 95850.6 -> 95851 bits; 0.7 · 95851 / 10000 = 6.71 -> 7 (ln 2 would give 6.64 -> 7 too)
    const [f] = ruby('BloomFilter.new(size: 10_000, error_rate: 0.01)');
    assert.equal(f.recognizer, 'ruby.bloom-filter.new');
    assert.deepEqual([f.params.n, f.params.p, f.derived.m, f.derived.k], [10000, 0.01, 95851, 7]);
    // 60e6 at 0.001: 862655254 bits, 0.7 · 14.38 = 10.06 -> 11 hashes where ln 2 · m / n rounds to 10
    const [g] = ruby('BloomFilter.new(size: 60000000, error_rate: 0.001)');
    assert.deepEqual([g.derived.m, g.derived.k], [862655254, 11]);
  });
  it('bits: and hashes: are m and k (hashes default 4); more than 16 hash functions are refused', () => {
    const [f] = ruby('BloomFilter.new(bits: 1_000_000, hashes: 5)');
    assert.deepEqual([f.params.m, f.params.k, f.derived.m, f.derived.k], [1000000, 5, 1000000, 5]);
    // p = 1e-9 at n = 100: k = ceil(0.7 · 4314 / 100) = 31 > 16 salts
    const [g] = ruby('BloomFilter.new(size: 100, error_rate: 1e-9)');
    assert.ok((g.invalid ?? []).some((reason) => /16 salts/.test(reason)), JSON.stringify(g.invalid));
  });
  it('without its require, BloomFilter.new is someone else\'s class', () => {
    assert.notEqual(detectConfigs('@seen = BloomFilter.new(size: 10_000, error_rate: 0.01)\n', { languageId: 'ruby' })[0]?.recognizer, 'ruby.bloom-filter.new');
  });
});

describe('library long tail: Part 4 (rounds R and S)', () => {
  it('Databricks CREATE BLOOMFILTER INDEX: a column\'s options before the statement\'s, then fpp 0.1 and numItems 1,000,000', () => {
    const text = [
      'CREATE BLOOMFILTER INDEX',
      'ON TABLE events',
      'FOR COLUMNS(event_id OPTIONS (fpp = 0.01, numItems = 50000000));',
      'CREATE BLOOMFILTER INDEX ON TABLE orders FOR COLUMNS(order_id) OPTIONS (fpp=0.05);',
      'CREATE BLOOMFILTER INDEX ON TABLE t FOR COLUMNS(c);',
    ].join('\n');
    const findings = detectConfigs(text, { fileName: 'a.sql' }).filter((f) => f.recognizer === 'databricks.bloomFilterIndex');
    assert.deepEqual(findings.map((f) => [f.range.start.line, f.params.n, f.params.p]), [[0, 50_000_000, 0.01], [3, 1_000_000, 0.05], [4, 1_000_000, 0.1]]);
    // the documentation: "0.1 ... requires 5 bits per item": −ln 0.1 / ln²2 = 4.79 bits, m = ceil(4792529.8) = 4792530
    assert.equal(findings[2].derived.m, 4_792_530);
    assert.equal(Math.ceil(findings[2].derived.m! / 1_000_000), 5);
  });

  it('ProbabilisticDataStructures\' default factories: NewDefaultScalableBloomFilter(fpRate) is hint 10000, NewDefaultCountingBloomFilter(n, fpRate)', () => {
    const text = 'using ProbabilisticDataStructures;\nclass A {\n  ScalableBloomFilter s = ScalableBloomFilter.NewDefaultScalableBloomFilter(0.01);\n  CountingBloomFilter c = CountingBloomFilter.NewDefaultCountingBloomFilter(5000, 0.02);\n}\n';
    const scalable = find(text, 'A.cs', 'pds-net.scalable');
    assert.deepEqual([scalable.params.n, scalable.params.p], [10000, 0.01]);
    const counting = find(text, 'A.cs', 'pds-net.counting');
    assert.deepEqual([counting.params.n, counting.params.p], [5000, 0.02]);
  });

  it('redis-py reserve with BF.RESERVE\'s documented keyword error_rate= is read, with a note that redis-py names it errorRate', () => {
    const f = find('import redis\nr = redis.Redis()\nr.bf().reserve("seen", error_rate=0.001, capacity=10000)\n', 'a.py', 'redis-py.bf.reserve');
    assert.deepEqual([f.params.p, f.params.n], [0.001, 10000]);
    assert.ok((f.notes ?? []).some((note) => /errorRate/.test(note)), JSON.stringify(f.notes));
  });

  it('a Scala setting read whose fallback ends a chain (`.get(k).map(_.toDouble).getOrElse(0.001)`) states that fallback', () => {
    const text = 'class Sink(settings: Map[String, String]) {\n  val fpp: Double = settings.get("dedup.bloom.fpp").map(_.toDouble).getOrElse(0.001)\n}\n';
    const f = find(text, 'Sink.scala', 'generic.named');
    assert.deepEqual([f.range.start.line, f.params.p], [1, 0.001]);
  });
});
