/**
 * Long-tail libraries of Python, Rust, Swift and Elixir met in blind corpus rounds (issue 17, item 2;
 * src/libraries/longTailPy2.ts and pdsa's create_from_capacity in pythonLongTail.ts): each entry point detected in a
 * snippet written here, with the m, k or cuckoo table the library's own source gives (the arithmetic in the comments),
 * and one negative case per import guard.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import type { Finding } from '../../src/detect/types';
import { find } from './findOne';

function all(text: string, fileName: string, recognizer: string): Finding[] {
  return detectConfigs(text, { fileName }).filter((f) => f.recognizer === recognizer);
}


describe('Long tail (Python, Rust, Swift, Elixir): libraries of blind corpus rounds', () => {
  it('pdsa create_from_capacity(capacity, error): on the class and on an instance', () => {
    const text = 'from pdsa.membership.bloom_filter import BloomFilter\n\nseen = BloomFilter().create_from_capacity(50000, 0.01)\nalso = BloomFilter.create_from_capacity(50000, 0.01)\n';
    const [instance, cls] = all(text, 'a.py', 'python.pdsa.createFromCapacity');
    assert.deepEqual([instance.params.n, instance.params.p, cls.params.n], [50000, 0.01, 50000]);
    // float(0.01) = 0.00999999977648258; length = trunc(-50000 ln p / ln²2) = 479252 -> whole bytes 479256;
    // k = -(uint8)ceil(log2 p) = -(uint8)(-6) = 6
    assert.deepEqual([instance.derived.m, instance.derived.k, cls.derived.m, cls.derived.k], [479_256, 6, 479_256, 6]);
    // guard: create_from_capacity of a file without pdsa is not pdsa's
    assert.deepEqual(all('f = Sketch().create_from_capacity(50000, 0.01)\n', 'a.py', 'python.pdsa.createFromCapacity'), []);
  });

  it('scf PyScalableCuckooFilter(initial_capacity_hint, false_positive_probability): the first cuckoo filter', () => {
    const finding = find('from scf import PyScalableCuckooFilter\n\nvisited = PyScalableCuckooFilter(1000, 0.001)\n', 'a.py', 'python.scf.pyScalableCuckooFilter');
    assert.deepEqual([finding.params.n, finding.params.p], [1000, 0.001]);
    // the builder's first filter: p/2 = 0.0005, f = ceil(log2(2000) + log2(2 · 4)) = ceil(13.97) = 14 bits;
    // next_power_of_two(ceil(1000 / 4) = 250) = 256 buckets of 4
    const s = finding.derived.structure;
    assert.deepEqual([s?.kind, s?.bucketSlots, s?.fingerprintBits, s?.whenFull, s?.expansion], ['cuckoo', 4, 14, 'grows', 2]);
    assert.equal(s?.slots, 1024);
  });

  it('bloom_filter_plus BloomFilter::new(BloomConfig { size, hash_loop }) and set_size / set_hash_loop', () => {
    const text = 'use bloom_filter_plus::*;\n\nfn build() -> BloomFilter {\n    BloomFilter::new(BloomConfig { size: Some(4096), hash_loop: Some(7) })\n}\n';
    const finding = find(text, 'a.rs', 'rust.bloom_filter_plus.new');
    // size 4096 bytes, but index i sets bit i % 8 of byte i (i < size): 4096 usable positions; k = hash_loop
    assert.deepEqual([finding.params.k, finding.derived.m, finding.derived.k], [7, 4096, 7]);
    // None leaves DEFAULT_SIZE 1 << 10 and DEFAULT_HASH_LOOP 10
    const defaults = find('use bloom_filter_plus::*;\nlet f = BloomFilter::new(BloomConfig { size: None, hash_loop: Some(20) });\n', 'a.rs', 'rust.bloom_filter_plus.new');
    assert.deepEqual([defaults.derived.m, defaults.derived.k], [1024, 20]);
    const setters = find('use bloom_filter_plus::BloomFilter;\nlet f = BloomFilter::new();\nf.set_size(2048);\nf.set_hash_loop(6);\n', 'a.rs', 'rust.bloom_filter_plus.setters');
    assert.deepEqual([setters.derived.m, setters.derived.k], [2048, 6]);
    // guard: another crate's BloomFilter::new(config)
    assert.deepEqual(all('use other_bloom::BloomFilter;\nlet f = BloomFilter::new(cfg);\n', 'a.rs', 'rust.bloom_filter_plus.new'), []);
  });

  it('git bloomfilter (howeih) Bloom::new(items_count, false_positive_rate), told from the crates.io Bloom::new(bytes, items)', () => {
    const text = 'extern crate bloomfilter;\n\nfn main() {\n    let mut seen = bloomfilter::Bloom::new(100, 0.001);\n}\n';
    const finding = find(text, 'a.rs', 'rust.git-bloomfilter.new');
    // m = ceil(-100 ln 0.001 / ln²2) = ceil(1437.76) = 1438; k = ceil(1438 / 100 · ln 2) = ceil(9.97) = 10
    assert.deepEqual([finding.params.n, finding.params.p, finding.derived.m, finding.derived.k], [100, 0.001, 1438, 10]);
    assert.deepEqual(all(text, 'a.rs', 'rust.bloomfilter.new'), []);
    // a git dependency in Cargo.toml's text names the crate whatever the arguments
    const git = find('// bloomfilter = { git = "https://github.com/howeih/rust_bloomfilter.git" }\nuse bloomfilter::Bloom;\nlet b = Bloom::new(items, rate);\n', 'a.rs', 'rust.git-bloomfilter.new');
    assert.equal(git.recognizer, 'rust.git-bloomfilter.new');
    // guard: the crates.io crate's Bloom::new(bitmap_bytes, items) stays the crates.io module's
    const cratesIo = 'use bloomfilter::Bloom;\nlet b = Bloom::new(4096, 1000);\n';
    assert.deepEqual(all(cratesIo, 'a.rs', 'rust.git-bloomfilter.new'), []);
    assert.equal(find(cratesIo, 'a.rs', 'rust.bloomfilter.new').derived.m, 4096 * 8);
    // a second argument that cannot be read (a variable) is no fraction: the crates.io module keeps it
    const variables = 'use bloomfilter::Bloom;\nlet b = Bloom::new(bitmap_bytes, expected_items);\n';
    assert.deepEqual(all(variables, 'a.rs', 'rust.git-bloomfilter.new'), []);
    assert.equal(all(variables, 'a.rs', 'rust.bloomfilter.new').length, 1);
  });

  it('durbrow BloomFilter<T>(optimizedForCount:), (optimizedForCount:falsePositiveRate:) and (count:hashes:)', () => {
    const only = find('import BloomFilter\nvar seen = BloomFilter<String>(optimizedForCount: 10)\n', 'a.swift', 'swift.durbrow.optimizedForCount');
    // p = 1 / 11; k = log2(11) = 3.459; m = 10 · 3.459 / ln 2 = 49.9 -> bestPowerOf2 = 64; K = floor(3.459) = 3
    assert.deepEqual([only.params.n, only.derived.m, only.derived.k], [10, 64, 3]);
    const both = find('var seen = BloomFilter<Int>(optimizedForCount: 1000, falsePositiveRate: 0.01)\n', 'a.swift', 'swift.durbrow.optimizedForCount');
    // k = log2(100) = 6.64; m = 1000 · 6.64 / ln 2 = 9585.06 -> 16384; K = 6
    assert.deepEqual([both.params.p, both.derived.m, both.derived.k], [0.01, 16384, 6]);
    const fixed = find('var seen = BloomFilter<String>(count: 8192, hashes: 4)\n', 'a.swift', 'swift.durbrow.countHashes');
    assert.deepEqual([fixed.derived.m, fixed.derived.k], [8192, 4]);
    // guard: another Swift BloomFilter(expectedCount:) is not durbrow's
    assert.deepEqual(all('var f = BloomFilter<String>(expectedCount: 1000)\n', 'a.swift', 'swift.durbrow.optimizedForCount'), []);
  });

  it('Elixir bloom_filter BloomFilter.new(capacity, error_rate): the library\'s own search stops at m = 8n, k = 12', () => {
    const text = 'defmodule Seen do\n  # deps: {:bloom_filter, "~> 1.1"}\n  def fresh, do: BloomFilter.new(100, 0.001)\nend\n';
    const finding = find(text, 'a.ex', 'elixir.bloom_filter.new');
    assert.deepEqual([finding.params.n, finding.params.p], [100, 0.001]);
    // m = 400, k = 2: (1 - e^(-2 · 100.5 / 399))^2 = 0.157, not < 0.001; retry m = 800, k = 800/100 · log2 e = 11.54
    // against the previous rate 0.157: (1 - e^(-11.54 · 100.5 / 799))^11.54 = 0.046 < 0.157 -> m = 800, k = ceil(11.54) = 12
    assert.deepEqual([finding.derived.m, finding.derived.k], [800, 12]);
    // a loose rate is met at the start: 0.157 < 0.2 -> m = 4n = 400, k = 2
    const loose = find('# {:bloom_filter, "~> 1.1"}\nf = BloomFilter.new(100, 0.2)\n', 'a.ex', 'elixir.bloom_filter.new');
    assert.deepEqual([loose.derived.m, loose.derived.k], [400, 2]);
    // guard: a BloomFilter.new of a file without the package (the hex dependency :bloom_filter)
    assert.deepEqual(all('f = BloomFilter.new(100, 0.001)\n', 'a.ex', 'elixir.bloom_filter.new'), []);
  });

  it('Bloomex.scalable(capacity, error) without error_ratio and growth: Bloomex, refused (no scalable/2)', () => {
    const finding = find('# {:bloomex, "~> 1.0"}\nseen = Bloomex.scalable(5_000, 0.02)\n', 'a.ex', 'elixir.bloomex');
    assert.deepEqual([finding.params.n, finding.params.p], [5000, 0.02]);
    assert.ok(finding.invalid?.some((reason) => reason.includes('UndefinedFunctionError')), JSON.stringify(finding.invalid));
  });

  it('bloom-filter-rs (crate bloom_filter) BloomFilter::optimal(hasher, max_elements, error_rate) and ::new(hasher, k, array_size)', () => {
    const text = 'use bloom_filter::{BloomFilter, Murmur3};\n\nfn index() -> BloomFilter<Murmur3> {\n    BloomFilter::optimal(Murmur3, 2000, 0.01)\n}\n';
    const finding = find(text, 'a.rs', 'rust.bloom-filter-rs.optimal');
    // m = ceil(-(2000 ln 0.01) / ln²2) = ceil(19170.12) = 19171; k = ceil(max(1, 19171 / 2000 · ln 2)) = ceil(6.64) = 7
    assert.deepEqual([finding.params.n, finding.params.p, finding.derived.m, finding.derived.k], [2000, 0.01, 19171, 7]);
    const fixed = find('use bloom_filter::{BloomFilter, Murmur3};\nlet f = BloomFilter::new(Murmur3, 5, 65536);\n', 'a.rs', 'rust.bloom-filter-rs.new');
    assert.deepEqual([fixed.derived.m, fixed.derived.k], [65536, 5]);
    // guard: BloomFilter::optimal of a file without the crate's Murmur3 / BloomHasher
    assert.deepEqual(all('let f = BloomFilter::optimal(cfg, 2000, 0.01);\n', 'a.rs', 'rust.bloom-filter-rs.optimal'), []);
  });

  it('DuckDuckGo bloom_cpp through BloomFilterWrapper(totalItems:errorRate:) and (fromPath:withBitCount:andTotalItems:)', () => {
    const finding = find('import BloomFilterWrapper\nlet upgradable = BloomFilterWrapper(totalItems: 1000, errorRate: 0.0001)!\n', 'a.swift', 'swift.ddg-bloom.totalItems');
    // bitCount = ceil(1000 ln 0.0001 / ln(1 / 2^ln 2)) = ceil(19170.12) = 19171; hashRounds = round(ln 2 · 19171 / 1000) = round(13.29) = 13
    assert.deepEqual([finding.params.n, finding.params.p, finding.derived.m, finding.derived.k], [1000, 0.0001, 19171, 13]);
    const stored = find('let f = BloomFilterObjC(fromPath: path, withBitCount: 4000000, andTotalItems: 200000)\n', 'a.swift', 'swift.ddg-bloom.fromPath');
    // the stored filter's bits as given; hashRounds = round(ln 2 · 4000000 / 200000) = round(13.86) = 14
    assert.deepEqual([stored.derived.m, stored.derived.k], [4_000_000, 14]);
  });
});
