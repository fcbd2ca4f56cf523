/**
 * Go, Rust and LSM entry points declared from each library's source (issue 17, inventory): each finding's m and k checked
 * against numbers worked out by hand from the library's own code (the arithmetic is in the comments).
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { filterBitsForKeys } from '../../src/libraries';
import { bloomRsWithRate } from '../../src/libraries/bloomRs';
import { pebble, pebbleTableFilters } from '../../src/libraries/pebble';
import { probabilisticCollectionsFromFpp } from '../../src/libraries/probabilisticCollections';
import { rustBloomfilter } from '../../src/libraries/rustBloomfilter';
import type { Finding } from '../../src/detect/types';

function only(text: string, fileName: string): Finding {
  const findings = detectConfigs(text, { fileName });
  assert.equal(findings.length, 1, findings.map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`).join('; '));
  return findings[0];
}

const mk = (f: Finding): [number | undefined, number | undefined] => [f.derived.m, f.derived.k];

describe('Go libraries: every sizing entry point, with the library\'s own m and k', () => {
  it('BoomFilters NewUnstableBloomFilter: m one-bit cells as given, k = OptimalK(p) = ceil(log2(1/p))', () => {
    const f = only('import boom "github.com/tylertreat/BoomFilters"\nsbf := boom.NewUnstableBloomFilter(1<<20, 0.001)\n', 'a.go');
    assert.equal(f.recognizer, 'go.boom.newUnstableBloomFilter');
    // ceil(log2 1000) = ceil(9.966) = 10
    assert.deepEqual(mk(f), [1 << 20, 10]);
  });

  it('BoomFilters stable and inverse filters are not Bloom filters this tool models: no finding', () => {
    const text = 'import boom "github.com/tylertreat/BoomFilters"\nsbf := boom.NewDefaultStableBloomFilter(10000, 0.01)\nibf := boom.NewInverseBloomFilter(10000)\n';
    assert.deepEqual(detectConfigs(text, { fileName: 'a.go' }).map((f) => f.recognizer), []);
  });

  it('BoomFilters NewCuckooFilter: one-byte fingerprints unless p < ~1e-6, power2(n / f · 8) buckets of 4', () => {
    const f = only('import boom "github.com/tylertreat/BoomFilters"\ncf := boom.NewCuckooFilter(1000, 0.01)\n', 'a.go');
    assert.equal(f.recognizer, 'go.boom.newCuckooFilter');
    // calculateF: ceil(ln(8 / 0.01)) = ceil(6.68) = 7, 7 / 8 = 0 -> 1 byte; power2(1000 / 1 · 8) = 8192 buckets x 4 slots
    assert.deepEqual([f.derived.structure?.fingerprintBits, f.derived.structure?.slots], [8, 32768]);
    // p = 1e-7: ceil(ln 8e7) = ceil(18.2) = 19, 19 / 8 = 2 bytes; power2(1000 / 2 · 8) = 4096 buckets
    const wide = only('import boom "github.com/tylertreat/BoomFilters"\ncf := boom.NewCuckooFilter(1000, 1e-7)\n', 'a.go');
    assert.deepEqual([wide.derived.structure?.fingerprintBits, wide.derived.structure?.slots], [16, 16384]);
  });

  it('holiman/bloomfilter New refuses fewer than 2 bits (newBits: m < MMin)', () => {
    const f = only('import "github.com/holiman/bloomfilter/v2"\nf, err := bloomfilter.New(1, 3)\n', 'a.go');
    assert.equal(f.recognizer, 'go.holiman.new');
    assert.ok(f.invalid?.some((text) => text.includes('2 bits')), JSON.stringify(f.invalid));
  });

  it('Pebble: bloom.FilterPolicy k = trunc(0.69 bpk) in v1/v2, from the probe table (at most 6) in sstable/tablefilters', () => {
    assert.equal(only('import "github.com/cockroachdb/pebble/v2/bloom"\nvar p = bloom.FilterPolicy(16)\n', 'a.go').derived.k, 11); // trunc(11.04)
    const f = only('import "github.com/cockroachdb/pebble/sstable/tablefilters/bloom"\nvar p = bloom.FilterPolicy(16)\n', 'a.go');
    assert.equal(f.recognizer, 'go.pebble.bloomFilterPolicy');
    assert.equal(f.derived.k, 6);
    assert.deepEqual([2, 3, 9, 10].map((bpk) => pebbleTableFilters(bpk).k), [1, 2, 5, 6]);
    assert.ok(pebbleTableFilters(0).rejects?.length, 'bitsPerKey < 1 panics');
    assert.equal(pebble(10).k, 6);
    // 1000 keys at 10 bits: ceil(10000 / 512) = 20 cache lines, made odd: 21 lines of 512 bits
    assert.equal(filterBitsForKeys('go.pebble.bloomFilterPolicy', 1000, 10), 21 * 512);
  });

  it('Pebble AdaptivePolicy: the target bits per key, and a note on the size cap', () => {
    const f = only('import "github.com/cockroachdb/pebble/sstable/tablefilters/bloom"\nvar p = bloom.AdaptivePolicy(10, 1<<20)\n', 'a.go');
    assert.deepEqual([f.params.bitsPerElement, f.derived.k], [10, 6]);
    assert.ok(f.derived.notes?.some((note) => note.includes(String(1 << 20))));
  });

  it('RocksDB Go bindings (grocksdb, gorocksdb): bits per key, Ribbon without probes', () => {
    const text = [
      'import "github.com/linxGnu/grocksdb"',
      'func opts() {',
      '\tbbto.SetFilterPolicy(grocksdb.NewBloomFilterFull(10))',
      '\tbbto.SetFilterPolicy(grocksdb.NewRibbonHybridFilterPolicy(9.9, 1))',
      '}',
    ].join('\n');
    const [bloom, ribbon] = detectConfigs(text, { fileName: 'a.go' });
    // RocksDB FastLocalBloom: 10 bits per key = 10000 millibits -> ChooseNumProbes 6
    assert.deepEqual([bloom.recognizer, bloom.params.bitsPerElement, bloom.derived.k], ['rocksdb.bitsPerKey', 10, 6]);
    assert.deepEqual([ribbon.recognizer, ribbon.params.bitsPerElement, ribbon.derived.k], ['rocksdb.ribbon', 9.9, undefined]);
    const old = only('import "github.com/tecbot/gorocksdb"\nbbto.SetFilterPolicy(gorocksdb.NewBloomFilter(12))\n', 'a.go');
    assert.deepEqual([old.recognizer, old.derived.k], ['rocksdb.bitsPerKey', 8]); // 12000 millibits -> 8 probes
  });

  it('Tempo: the rate is met up to 1000 shards of 100 KiB per block; the v2 flag states it too', () => {
    const f = only('storage:\n  trace:\n    block:\n      bloom_filter_false_positive: 0.01\n', 'tempo.yaml');
    assert.equal(f.recognizer, 'tempo.bloomFilter');
    // 1000 · 102400 · 8 = 819,200,000 bits; · ln²2 / -ln 0.01 = 85,466,354 traces
    assert.ok(f.derived.notes?.some((note) => note.includes('85,466,354')), JSON.stringify(f.derived.notes));
    const flag = only('tempo -target=all --storage.trace.block.v2-bloom-filter-false-positive=0.05\n', 'run.sh');
    assert.deepEqual([flag.recognizer, flag.params.p], ['tempo.bloomFilter', 0.05]);
  });

  it('bbloom NewWithBoolset(&bs, locs): k as given, m from the bytes at run time', () => {
    const f = only('import "github.com/AndreasBriese/bbloom"\nbf := bbloom.NewWithBoolset(&saved, 7)\n', 'a.go');
    assert.deepEqual([f.recognizer, f.params.k, f.params.m], ['go.bbloom.new', 7, undefined]);
    assert.ok([...(f.notes ?? []), ...(f.derived.notes ?? [])].some((note) => note.includes('saved')));
  });

  it('LevelDB from Go (levigo): k = (int)(bpk · 0.69)', () => {
    const f = only('import "github.com/jmhodges/levigo"\nopts.SetFilterPolicy(levigo.NewBloomFilter(10))\n', 'a.go');
    assert.deepEqual([f.recognizer, f.derived.k], ['leveldb.bitsPerKey', 6]);
  });
});

describe('Rust libraries: every sizing entry point, with the library\'s own m and k', () => {
  it('bloomfilter 3.x: the bitmap in bytes, k = max(1, round(m/n ln 2))', () => {
    // 1100 bytes = 8800 bits for 1000 items: 8.8 · ln 2 = 6.0997 -> 6 (the ceiling, before 3.0, gave 7)
    const f = only('use bloomfilter::Bloom;\nlet b = Bloom::new(1100, 1000)?;\n', 'a.rs');
    assert.equal(f.recognizer, 'rust.bloomfilter.new');
    assert.deepEqual(mk(f), [8800, 6]);
    const seeded = only('use bloomfilter::Bloom;\nlet b = Bloom::<[u8]>::new_with_seed(1100, 1000, &seed)?;\n', 'a.rs');
    assert.deepEqual(mk(seeded), [8800, 6]);
    // compute_bitmap_size(1000, 0.01) = ceil(1000 · ln 0.01 / (-8 ln²2)) = ceil(1198.13) = 1199 bytes; 9.592 · ln 2 = 6.65 -> 7
    assert.deepEqual([rustBloomfilter(1000, 0.01).m, rustBloomfilter(1000, 0.01).k], [9592, 7]);
  });

  it('growable-bloom-filter builder: the default it leaves out is the builder\'s (1000 insertions, 0.01)', () => {
    const f = only('use growable_bloom_filter::GrowableBloomBuilder;\nlet g = GrowableBloomBuilder::new().desired_error_ratio(0.001).build();\n', 'a.rs');
    // k = ceil(log2 1000) = 10 slices of ceil(1000 / ln 2) = 1443 bits = 14430 bits -> 1804 bytes = 14432 bits
    assert.deepEqual([f.recognizer, f.params.n, f.params.p, ...mk(f)], ['rust.growable.builder', 1000, 0.001, 14432, 10]);
  });

  it('fastbloom from_vec: 64 bits per u64 word, k from the chained hashes', () => {
    const f = only('use fastbloom::BloomFilter;\nlet f = BloomFilter::from_vec(vec![0u64; 1024]).hashes(5);\n', 'a.rs');
    assert.deepEqual([f.recognizer, f.params.m, ...mk(f)], ['rust.fastbloom.withNumBits', 65536, 65536, 5]);
  });

  it('probabilistic-collections from_fpp and the scalable filter: the capacity the bits hold decides k', () => {
    // n = floor(ln 2 · 10000 / -log2 0.01) = floor(6931.47 / 6.6439) = 1043; k = ceil(10000 / 1043 · ln 2) = ceil(6.6457) = 7
    assert.deepEqual([probabilisticCollectionsFromFpp(10000, 0.01).m, probabilisticCollectionsFromFpp(10000, 0.01).k], [10000, 7]);
    const head = 'use probabilistic_collections::bloom::{BloomFilter, PartitionedBloomFilter, ScalableBloomFilter};\n';
    const fromFpp = only(`${head}let f = BloomFilter::<String>::from_fpp(10000, 0.01);\n`, 'a.rs');
    assert.deepEqual([fromFpp.recognizer, ...mk(fromFpp)], ['rust.probabilistic-collections.fromFpp', 10000, 7]);
    const scalable = only(`${head}let f = ScalableBloomFilter::<String>::new(10000, 0.01, 2.0, 0.5);\n`, 'a.rs');
    assert.deepEqual([scalable.recognizer, ...mk(scalable)], ['rust.probabilistic-collections.scalable', 10000, 7]);
  });

  it('probabilistic-collections partitioned filters: k = ceil(log2(1/p)) partitions; from_bit_count states ONE partition', () => {
    const head = 'use probabilistic_collections::bloom::PartitionedBloomFilter;\n';
    // k = ceil(log2 100) = 7; each partition ceil(1000 · 4.60517 / 0.480453 / 7) = ceil(1369.29) = 1370 bits -> 9590 bits
    const items = only(`${head}let f = PartitionedBloomFilter::<u32>::from_item_count(1000, 0.01);\n`, 'a.rs');
    assert.deepEqual([items.recognizer, ...mk(items), items.params.hashing], ['rust.probabilistic-collections.partitioned', 9590, 7, 'partitioned']);
    const bits = only(`${head}let f = PartitionedBloomFilter::<u32>::from_bit_count_with_hashers(1000, 0.01, hashers);\n`, 'a.rs');
    assert.deepEqual(mk(bits), [7000, 7]);
  });

  it('bloom crate: with_rate rounds m and k (f32), k in [2, 200]; a counting filter states its counters', () => {
    // round(1000 · ln 100 / ln²2) = round(9585.06) = 9585; round(9.585 · ln 2) = round(6.644) = 7
    assert.deepEqual([bloomRsWithRate(1000, 0.01).m, bloomRsWithRate(1000, 0.01).k], [9585, 7]);
    // p = 0.5 with 1000 items: m = round(1000 · ln 2 / ln²2) = 1443; round(1.443 · ln 2) = 1, raised to 2
    assert.equal(bloomRsWithRate(1000, 0.5).k, 2);
    const counting = only('use bloom::CountingBloomFilter;\nlet c = CountingBloomFilter::with_rate(4, 0.01, 1000);\n', 'a.rs');
    assert.deepEqual([counting.recognizer, counting.params.n, counting.params.p, ...mk(counting)], ['rust.bloom.withRate', 1000, 0.01, 9585, 7]);
    const sized = only('use bloom::CountingBloomFilter;\nlet c = CountingBloomFilter::with_size(4096, 4, 3);\n', 'a.rs');
    assert.deepEqual(mk(sized), [4096, 3]);
  });

  it('cuckoofilter crate with_capacity: next_power_of_two(cap) / 4 buckets of 4 one-byte tags', () => {
    const f = only('use cuckoofilter::CuckooFilter;\nlet cf = CuckooFilter::<DefaultHasher>::with_capacity(100_000);\n', 'a.rs');
    // next_power_of_two(100000) = 131072 -> 32768 buckets x 4 = 131072 slots of 8 bits
    assert.deepEqual([f.recognizer, f.derived.structure?.fingerprintBits, f.derived.structure?.slots, f.derived.structure?.whenFull], ['rust.cuckoofilter.withCapacity', 8, 131072, 'drops-a-key']);
  });

  it('rusty-leveldb BloomPolicy::new(bits_per_key): LevelDB\'s policy', () => {
    const f = only('use rusty_leveldb::{BloomPolicy, Options};\nlet p = BloomPolicy::new(8);\n', 'a.rs');
    assert.deepEqual([f.recognizer, f.derived.k], ['leveldb.bitsPerKey', 5]); // (int)(8 · 0.69) = 5
  });
});

describe('eBPF bloom filter maps from Rust (aya)', () => {
  it('BTF maps: MAX_ENTRIES is n, HASH_FUNCS the hash count (0 or absent: the kernel\'s 5, above 15: EINVAL)', () => {
    const text = [
      'use aya_ebpf::{btf_maps::BloomFilter, macros::btf_map};',
      '#[btf_map]',
      'static SEEN: BloomFilter<u32, 4096, 0, 3> = BloomFilter::new();',
      '#[btf_map]',
      'static WIDE: BloomFilter<[u8; 16], 100000> = BloomFilter::new();',
      '#[btf_map]',
      'static BAD: BloomFilter<u64, 1024, 0, 16> = BloomFilter::new();',
      'fn check(map: &BloomFilter<u32, 4096, 0, 3>) {}',
    ].join('\n');
    const [seen, wide, bad, ...rest] = detectConfigs(text, { fileName: 'a.rs' });
    assert.deepEqual(rest, [], 'a type in a signature is not a map');
    // bloom_map_alloc: trunc(4096 · 3 / 5) · 7 = 17199 bits -> 32768 (a power of two)
    assert.deepEqual([seen.recognizer, seen.params.n, ...mk(seen)], ['ebpf.bloomMap', 4096, 32768, 3]);
    // k = 5: trunc(100000 · 5 / 5) · 7 = 700000 -> 1048576
    assert.deepEqual([wide.params.n, ...mk(wide)], [100000, 1048576, 5]);
    assert.ok(bad.invalid?.some((text) => text.includes('EINVAL')), JSON.stringify(bad.invalid));
  });
});

describe('RocksDB from other languages', () => {
  it('RocksDbSharp BloomFilterPolicy.Create by position and by name', () => {
    const f = only('using RocksDbSharp;\nvar t = new BlockBasedTableOptions().SetFilterPolicy(BloomFilterPolicy.Create(bits_per_key: 14, use_block_based_builder: false));\n', 'A.cs');
    assert.deepEqual([f.recognizer, f.params.bitsPerElement, f.derived.k], ['rocksdb.bitsPerKey', 14, 8]); // 14000 millibits -> 8
  });

  it('RocksJava from Kotlin: a constructor without `new`', () => {
    const f = only('import org.rocksdb.BloomFilter\nval t = BlockBasedTableConfig().setFilterPolicy(BloomFilter(10.0, false))\n', 'A.kt');
    assert.deepEqual([f.recognizer, f.params.bitsPerElement, f.derived.k], ['rocksdb.java.bloomFilter', 10, 6]);
  });

  it('iq80 LevelDB (Java): new BloomFilterPolicy(bitsPerKey)', () => {
    const f = only('import org.iq80.leveldb.Options;\nimport org.iq80.leveldb.table.BloomFilterPolicy;\nOptions o = new Options().filterPolicy(new BloomFilterPolicy(10));\n', 'A.java');
    assert.deepEqual([f.recognizer, f.params.bitsPerElement, f.derived.k], ['leveldb.bitsPerKey', 10, 6]);
  });

  it('the LevelDB C API: a call is a filter, its declaration in a header is not', () => {
    const text = '#include "leveldb/c.h"\nleveldb_filterpolicy_t* leveldb_filterpolicy_create_bloom(int bits_per_key);\nvoid f() { p = leveldb_filterpolicy_create_bloom(10); }\n';
    const f = only(text, 'a.c');
    assert.deepEqual([f.recognizer, f.range.start.line, f.derived.k], ['leveldb.bitsPerKey', 2, 6]);
  });
});
