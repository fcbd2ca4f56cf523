/**
 * The Python long tail (issue 17, item 2; src/libraries/pythonLongTail.ts): each module's entry points detected in
 * snippets written here, with the m, k or fingerprint table the library's own source gives (the arithmetic in the
 * comments, worked from the source), and one negative case per import guard.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import type { Finding } from '../../src/detect/types';
import { find } from './findOne';

function all(text: string, fileName: string, recognizer: string): Finding[] {
  return detectConfigs(text, { fileName }).filter((f) => f.recognizer === recognizer);
}


const table = (f: Finding): unknown[] => [f.derived.structure?.kind, f.derived.structure?.slots, f.derived.structure?.bucketSlots, f.derived.structure?.fingerprintBits, f.derived.structure?.whenFull];

describe('Python long tail: the libraries blind corpus rounds met', () => {
  it('pyblume Filter(max_file_size, p, path): the byte cap is m (in bits); m and k are the first filter\'s', () => {
    const text = 'import pyblume\n\nSEEN = pyblume.Filter(64 * 1024 * 1024, 0.001, "/var/tmp/seen.blume")\n';
    const finding = find(text, 'a.py', 'python.pyblume.filter');
    assert.deepEqual([finding.params.m, finding.params.p], [64 * 1024 * 1024 * 8, 0.001]);
    // filter_create: P = 0.001 - 0.001 · 0.5 = 0.0005; k = ceil(log2(1 / 0.0005)) = ceil(10.97) = 11;
    // slice m = 1048576 / 11 = 95325 (uint64 division), so 11 slices of 95325 = 1048575 bits; it holds
    // n = 1048576 · ln²2 / |ln 0.0005| = 66280 keys before the next filter (slices x 2, P x 0.5)
    assert.deepEqual([finding.derived.m, finding.derived.k, finding.derived.p], [1_048_575, 11, 0.0005]);
    assert.ok(finding.derived.notes?.some((note) => note.includes('66280 keys')), JSON.stringify(finding.derived.notes));
    // the name imported from pyblume, by keyword
    const named = find('from pyblume import Filter\nf = Filter(max_file_size=10485760, p=0.01, path="x.blume")\n', 'a.py', 'python.pyblume.filter');
    // P = 0.005, k = ceil(7.64) = 8, 1048576 / 8 = 131072 bits a slice: m = 1048576
    assert.deepEqual([named.params.m, named.derived.m, named.derived.k], [83_886_080, 1_048_576, 8]);
    // guard: a Filter( of a file that does not import pyblume is another library's
    assert.deepEqual(all('from django_filters import Filter\nf = Filter(10485760, 0.01, "x")\n', 'a.py', 'python.pyblume.filter'), []);
  });

  it('bloomsieve BloomFilter(capacity, error_rate, filepath): get_optimal_m_k rounds m up to whole bytes', () => {
    const text = 'from bloomsieve import BloomFilter\n\nlocal = BloomFilter(\n    capacity=10_000,\n    error_rate=0.01,\n    filepath="./seen.bloom",\n)\n';
    const finding = find(text, 'a.py', 'python.bloomsieve.bloomFilter');
    assert.deepEqual([finding.params.n, finding.params.p], [10000, 0.01]);
    // m = int(-(10000 · ln 0.01) / ln²2) = int(95850.58) = 95850 -> ((95850 + 7) // 8) · 8 = 95856;
    // k = max(1, int(round(95856 / 10000 · ln 2))) = round(6.644) = 7
    assert.deepEqual([finding.derived.m, finding.derived.k], [95_856, 7]);
    // get_optimal_m_k(1000, 0.05): int(6235.8) = 6235 -> 6240; round(6240 / 1000 · ln 2) = round(4.33) = 4
    const helper = find('import bloomsieve\nm, k = bloomsieve.get_optimal_m_k(1000, 0.05)\n', 'a.py', 'python.bloomsieve.getOptimalMK');
    assert.deepEqual([helper.derived.m, helper.derived.k], [6240, 4]);
    // guard: the same call in a pybloom-live file is pybloom's
    const other = detectConfigs('from pybloom_live import BloomFilter\nf = BloomFilter(capacity=10000, error_rate=0.01)\n', { fileName: 'a.py' });
    assert.deepEqual(other.map((f) => f.recognizer), ['pybloom.bloomFilter']);
  });

  it('bloomsieve BloomFilterService and create_filter: the filter is RedisBloom\'s BF.RESERVE (first link at p/2)', () => {
    const text = 'import redis\nfrom bloomsieve import BloomFilterService\n\nsvc = BloomFilterService(redis.Redis(), capacity=50_000, error_rate=0.01, use_mmap=True)\nsvc.create_filter("sessions", 20000, 0.02)\n';
    const service = find(text, 'a.py', 'python.bloomsieve.bloomFilterService');
    assert.deepEqual([service.params.n, service.params.p], [50000, 0.01]);
    // BF.RESERVE sessions 0.01 50000 EXPANSION 2: bpe = -ln(0.005) / ln²2 = 11.0278; bits = (uint64)(50000 · bpe) = 551387
    // -> whole 64-bit words: 551424; k = ceil(ln 2 · bpe) = ceil(7.64) = 8
    assert.deepEqual([service.derived.m, service.derived.k], [551_424, 8]);
    // the local mirror (use_mmap) is get_optimal_m_k(50000, 0.01)
    assert.ok(service.derived.notes?.some((note) => note.includes('use_mmap')), JSON.stringify(service.derived.notes));
    const create = find(text, 'a.py', 'python.bloomsieve.createFilter');
    // bpe = -ln(0.01) / ln²2 = 9.585; bits = 191701 -> 191744; k = ceil(6.64) = 7
    assert.deepEqual([create.params.n, create.params.p, create.derived.m, create.derived.k], [20000, 0.02, 191_744, 7]);
  });

  it('cuckoopy CuckooFilter(capacity, bucket_size, fingerprint_size): capacity counts buckets, fingerprints in bytes', () => {
    const finding = find('from cuckoopy import CuckooFilter\ncf = CuckooFilter(capacity=5000, bucket_size=2, fingerprint_size=2)\n', 'a.py', 'python.cuckoopy.cuckooFilter');
    // 5000 buckets x 2 slots, the FNV-64 hash cut to 2 bytes = 16 bits; an insert out of displacements has swapped one out
    assert.deepEqual(table(finding), ['cuckoo', 10000, 2, 16, 'drops-a-key']);
    // defaults bucket_size 4, fingerprint_size 1; more than 8 bytes keeps the whole 64-bit hash
    const wide = find('import cuckoopy\ncf = cuckoopy.CuckooFilter(1000, 4, 12)\n', 'a.py', 'python.cuckoopy.cuckooFilter');
    assert.deepEqual(table(wide), ['cuckoo', 4000, 4, 64, 'drops-a-key']);
    // guard: without the cuckoopy import the call is not cuckoopy's
    assert.deepEqual(all('cf = CuckooFilter(capacity=5000, bucket_size=2, fingerprint_size=2)\n', 'a.py', 'python.cuckoopy.cuckooFilter'), []);
  });

  it('python-cuckoo shares `import cuckoofilter` with the PyPI cuckoofilter: the document naming it, or bucket_size / max_kicks, decide', () => {
    const block = '```python\nimport cuckoofilter\ncf = cuckoofilter.CuckooFilter(capacity=2048, fingerprint_size=2)\n```\n';
    // a README titled python-cuckoo: capacity buckets of 4 (2048 x 4 = 8192 slots), 2-byte fingerprints
    const readme = find(`# python-cuckoo\n\nA cuckoo filter for Python 3.\n\n${block}`, 'README.md', 'python.python-cuckoo.cuckooFilter');
    assert.deepEqual(table(readme), ['cuckoo', 8192, 4, 16, 'drops-a-key']);
    // the same block with no mention of python-cuckoo is the PyPI package's: next_pow2(2048) / 4 = 512 buckets of 4
    const pypi = find(`# cuckoofilter\n\n${block}`, 'README.md', 'cuckoofilter.cuckooFilter');
    assert.deepEqual(table(pypi), ['cuckoo', 2048, 4, 16, 'drops-a-key']);
    assert.deepEqual(all(`# cuckoofilter\n\n${block}`, 'README.md', 'python.python-cuckoo.cuckooFilter'), []);
    // a source file naming the repository
    const named = find('# michael-the1/python-cuckoo\nimport cuckoofilter\ncf = cuckoofilter.CuckooFilter(500, 1)\n', 'a.py', 'python.python-cuckoo.cuckooFilter');
    assert.deepEqual(table(named), ['cuckoo', 2000, 4, 8, 'drops-a-key']);
    // only the import: the third and fourth arguments (bucket_size, max_kicks) are python-cuckoo's alone
    const kicks = find('from cuckoofilter import CuckooFilter\ncf = CuckooFilter(1000, 2, 8, 100)\n', 'a.py', 'python.python-cuckoo.cuckooFilter');
    assert.deepEqual(table(kicks), ['cuckoo', 8000, 8, 16, 'drops-a-key']);
    // guard: no cuckoofilter import, no python-cuckoo
    assert.deepEqual(all('# python-cuckoo\ncf = CuckooFilter(1000, 2, 8, 100)\n', 'a.py', 'python.python-cuckoo.cuckooFilter'), []);
  });

  it('scalable-cuckoo-filter (imported as cuckoo): f = ceil(log2(1/e) + log2(2b)) bits, capacity buckets', () => {
    const text = [
      'from cuckoo.filter import BCuckooFilter, CuckooFilter, ScalableCuckooFilter',
      'plain = CuckooFilter(capacity=100000, error_rate=0.001)',
      'packed = BCuckooFilter(50000, 0.01, 2)',
      'growing = ScalableCuckooFilter(initial_capacity=1000, error_rate=0.0001, bucket_size=6)',
      '',
    ].join('\n');
    // ceil(log2(1000) + log2(8)) = ceil(12.97) = 13 bits; a full insert rewinds and raises CapacityException
    const plain = find(text, 'a.py', 'python.scalable-cuckoo-filter.cuckooFilter');
    assert.deepEqual([plain.params.n, plain.params.p, ...table(plain)], [100000, 0.001, 'cuckoo', 400000, 4, 13, 'fails']);
    // ceil(log2(100) + log2(4)) = ceil(8.64) = 9 bits; 50000 buckets x 2
    const packed = find(text, 'a.py', 'python.scalable-cuckoo-filter.bCuckooFilter');
    assert.deepEqual(table(packed), ['cuckoo', 100000, 2, 9, 'fails']);
    // ceil(log2(10000) + log2(12)) = ceil(16.87) = 17 bits; the first BCuckooFilter of 1000 buckets x 6, then 2x the buckets
    const growing = find(text, 'a.py', 'python.scalable-cuckoo-filter.scalableCuckooFilter');
    assert.deepEqual([...table(growing), growing.derived.structure?.expansion], ['cuckoo', 6000, 6, 17, 'grows', 2]);
    // a whole number second is no error rate: `CuckooFilter(capacity, 2)` sizes nothing here
    assert.deepEqual(all('from cuckoo.filter import CuckooFilter\n\ndef fill(capacity):\n    return CuckooFilter(capacity, 2)\n', 'a.py', 'python.scalable-cuckoo-filter.cuckooFilter'), []);
    // guard: without the cuckoo import
    assert.deepEqual(all('cf = CuckooFilter(capacity=100000, error_rate=0.001)\n', 'a.py', 'python.scalable-cuckoo-filter.cuckooFilter'), []);
  });
});

describe('Python long tail: libraries the survey found in public code', () => {
  it('pybloof StringBloomFilter / UIntBloomFilter(size, hashes) and bloom_calculator(n, p)', () => {
    const text = 'import pybloof\n\nwords = pybloof.StringBloomFilter(size=1000000, hashes=7)\nids = pybloof.UIntBloomFilter(1 << 20, 40)\nparams = pybloof.bloom_calculator(10000, 0.01)\n';
    const [words, ids] = all(text, 'a.py', 'python.pybloof.bloomFilter');
    assert.deepEqual([words.derived.m, words.derived.k], [1_000_000, 7]);
    // hashes = min(40, MAX_HASHES = 32)
    assert.deepEqual([ids.derived.m, ids.derived.k], [1_048_576, 32]);
    const calc = find(text, 'a.py', 'python.pybloof.bloomCalculator');
    // m = int(ceil(10000 · ln 0.01 / ln(1 / 2^ln 2))) = ceil(95850.58) = 95851; k = int(ln 2 · 95851 / 10000) = int(6.64) = 6
    assert.deepEqual([calc.derived.m, calc.derived.k], [95_851, 6]);
    // guard: another StringBloomFilter
    assert.deepEqual(all('f = StringBloomFilter(size=1000000, hashes=7)\n', 'a.py', 'python.pybloof.bloomFilter'), []);
  });

  it('simplebloom BloomFilter(num_elements, false_positive_prob=1/num_elements)', () => {
    const text = 'from simplebloom import BloomFilter\n\nseen = BloomFilter(1_000_000, 0.001)\nkeys = BloomFilter(100_000)\n';
    const [seen, keys] = all(text, 'a.py', 'python.simplebloom.bloomFilter');
    // num_bits = int(ceil(1e6 · ln 0.001 / -0.4804530139182015 / 8) · 8) = 14377592; k = int(round(14.377592 · ln 2)) = round(9.97) = 10
    assert.deepEqual([seen.derived.m, seen.derived.k], [14_377_592, 10]);
    // no rate: p = 1 / 100000; ceil(100000 · ln 1e-5 / -0.48045 / 8) · 8 = 2396272; k = round(16.61) = 17
    assert.deepEqual([keys.params.p, keys.derived.p, keys.derived.m, keys.derived.k], [undefined, 0.00001, 2_396_272, 17]);
    // guard: bloom_filter's BloomFilter
    assert.deepEqual(all('from bloom_filter import BloomFilter\nb = BloomFilter(1000000, 0.001)\n', 'a.py', 'python.simplebloom.bloomFilter'), []);
  });

  it('pdsa BloomFilter(length, num_of_hashes) and create_from_capacity(capacity, error) (a C float)', () => {
    const text = 'from pdsa.membership.bloom_filter import BloomFilter\n\nbf = BloomFilter(100001, 5)\nsized = BloomFilter.create_from_capacity(10000, 0.02)\n';
    const fixed = find(text, 'a.py', 'python.pdsa.bloomFilter');
    const sized = find(text, 'a.py', 'python.pdsa.createFromCapacity');
    // the BitVector rounds 100001 up to whole 8-bit BitFields: 100008
    assert.deepEqual([fixed.derived.m, fixed.derived.k], [100_008, 5]);
    // float(0.02) = 0.0199999995529651641845703125; length = trunc(-10000 ln p / ln²2) = 81423 -> 81424;
    // k = -(uint8)(ceil(log2 p)) = -(uint8)(-5) = 5
    assert.deepEqual([sized.derived.m, sized.derived.k], [81_424, 5]);
    const counting = find('from pdsa.membership.counting_bloom_filter import CountingBloomFilter\ncbf = CountingBloomFilter(80000, 4)\n', 'a.py', 'python.pdsa.countingBloomFilter');
    assert.deepEqual([counting.derived.m, counting.derived.k], [80_000, 4]);
    // guard: without pdsa a two-argument BloomFilter is not pdsa's
    assert.deepEqual(all('bf = BloomFilter(100001, 5)\n', 'a.py', 'python.pdsa.bloomFilter'), []);
  });

  it('pyfusefilter / pyxorfilter Xor8, Xor16, Fuse8, Fuse16(size): xor_singleheader allocates the table', () => {
    const text = 'from pyfusefilter import Xor8, Fuse16\n\nblocked = Xor8(1000000)\nsmall = Fuse16(50000)\n';
    const xor = find(text, 'a.py', 'python.pyfusefilter.xor');
    // xor8_allocate: 32 + 1.23 · 1e6 = 1230032 slots, rounded down to a multiple of 3: 1230030; 8-bit fingerprints
    assert.deepEqual([xor.derived.structure?.kind, xor.derived.structure?.slots, xor.derived.structure?.fingerprintBits], ['xor', 1_230_030, 8]);
    const fuse = find(text, 'a.py', 'python.pyfusefilter.binaryFuse');
    assert.deepEqual([fuse.derived.structure?.kind, fuse.derived.structure?.fingerprintBits, fuse.params.n], ['binary-fuse', 16, 50000]);
    const older = find('import pyxorfilter\nf = pyxorfilter.Xor16(5000)\n', 'a.py', 'python.pyfusefilter.xor');
    assert.equal(older.derived.structure?.fingerprintBits, 16);
    // guard: a Xor8 of a file that imports neither
    assert.deepEqual(all('f = Xor8(1000000)\n', 'a.py', 'python.pyfusefilter.xor'), []);
  });

  it('bloomlib BloomFilter(expected_number_of_items, desired_false_positive_rate): both rounded up', () => {
    const finding = find('from bloomlib import BloomFilter\nbf = BloomFilter(expected_number_of_items=1_000, desired_false_positive_rate=0.05)\n', 'a.py', 'python.bloomlib.bloomFilter');
    // m = ceil(-1000 ln 0.05 / ln²2) = ceil(6235.2) = 6236; k = ceil(6236 / 1000 · ln 2) = ceil(4.32) = 5
    assert.deepEqual([finding.derived.m, finding.derived.k], [6236, 5]);
    // guard: bloom_filter's BloomFilter takes the same two numbers
    assert.deepEqual(all('from bloom_filter import BloomFilter\nbf = BloomFilter(1000, 0.05)\n', 'a.py', 'python.bloomlib.bloomFilter'), []);
  });

  it('bloomfilter-lite BloomFilter(expected_items, false_positive_rate): both truncated', () => {
    const finding = find('from bloomfilter_lite import BloomFilter\nbf = BloomFilter(expected_items=1000, false_positive_rate=0.01)\n', 'a.py', 'python.bloomfilter-lite.bloomFilter');
    // m = int(-(1000 · ln 0.01) / ln²2) = int(9585.06) = 9585; k = int(9.585 · ln 2) = int(6.64) = 6
    assert.deepEqual([finding.derived.m, finding.derived.k], [9585, 6]);
    // guard: hazy takes the same keywords
    assert.deepEqual(all('from hazy import BloomFilter\nbf = BloomFilter(expected_items=1000, false_positive_rate=0.01)\n', 'a.py', 'python.bloomfilter-lite.bloomFilter'), []);
  });

  it('Apache DataSketches bloom_filter: create_by_accuracy (k from p alone) and create_by_size, in 64-bit words (Python and C++)', () => {
    const text = 'from datasketches import bloom_filter\n\nbf = bloom_filter.create_by_accuracy(4000, 0.01, 89023)\nsmall = bloom_filter.create_by_size(100, 5)\n';
    const accuracy = find(text, 'a.py', 'python.datasketches.createByAccuracy');
    // suggest_num_filter_bits = ceil(-4000 ln 0.01 / ln²2) = ceil(38340.2) = 38341 -> (38341 + 63) & ~63 = 38400;
    // suggest_num_hashes(p) = ceil(-ln 0.01 / ln 2) = ceil(6.64) = 7
    assert.deepEqual([accuracy.params.n, accuracy.params.p, accuracy.derived.m, accuracy.derived.k], [4000, 0.01, 38_400, 7]);
    const size = find(text, 'a.py', 'python.datasketches.createBySize');
    // (100 + 63) & ~63 = 128
    assert.deepEqual([size.derived.m, size.derived.k], [128, 5]);
    const cpp = find('#include "bloom_filter.hpp"\nauto filter = datasketches::bloom_filter::builder::create_by_accuracy(1000000, 0.001);\n', 'a.cc', 'cpp.datasketches.createByAccuracy');
    // ceil(-1e6 ln 0.001 / ln²2) = 14377588 -> 14377600 (whole words); ceil(9.97) = 10
    assert.deepEqual([cpp.derived.m, cpp.derived.k], [14_377_600, 10]);
    // guard: another library's create_by_size
    assert.deepEqual(all('bf = bloom_filter.create_by_size(100, 5)\n', 'a.py', 'python.datasketches.createBySize'), []);
  });
});
