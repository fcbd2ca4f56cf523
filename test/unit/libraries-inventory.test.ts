/**
 * The sizing entry points declared from each library's own source (Python, JavaScript, C, C#, PHP, Ruby, Swift, BEAM and
 * the RedisBloom clients): each case states the call as users write it and checks the m and k the library itself
 * allocates, worked by hand from the source file the module cites.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import type { Finding } from '../../src/detect/types';
import { derive } from '../../src/libraries';
import { bitcoinRolling } from '../../src/libraries/bitcoin';
import { valkeyBloom } from '../../src/libraries/valkeyBloom';

function one(text: string, fileName: string, recognizer: string): Finding {
  const found = detectConfigs(text, { fileName }).filter((f) => f.recognizer === recognizer);
  assert.equal(found.length, 1, `${recognizer} in ${JSON.stringify(text)}: ${JSON.stringify(detectConfigs(text, { fileName }).map((f) => f.recognizer))}`);
  return found[0];
}

const mk = (f: Finding): [number | undefined, number | undefined] => [f.derived.m, f.derived.k];

describe('inventory: Python libraries', () => {
  it('pyprobables stores p as a C float, m = ceil(-n ln p / 0.4804530139182), k = round(ln 2 · m / n)', () => {
    // float32(0.01) = 0.0099999998; 1000 · 4.6051702 / 0.48045301 = 9585.06 -> 9586; round(0.693147 · 9.586) = round(6.644) = 7
    const f = one('from probables import BloomFilter\nb = BloomFilter(est_elements=1000, false_positive_rate=0.01)\n', 'a.py', 'pyprobables.bloomFilter');
    assert.deepEqual(mk(f), [9586, 7]);
    // BloomFilterOnDisk takes the file path first: (filepath, est_elements, false_positive_rate)
    const disk = one("from probables import BloomFilterOnDisk\nb = BloomFilterOnDisk('f.blm', 100000, 0.01)\n", 'a.py', 'pyprobables.bloomFilterOnDisk');
    assert.deepEqual([disk.params.n, disk.params.p], [100000, 0.01]);
    assert.deepEqual(mk(disk), [958506, 7]);
    // n = 100, p = 0.8: m = ceil(100 · 0.2231 / 0.4805) = 47, k = round(0.6931 · 0.47) = 0 -> InitializationError
    const zero = one('from probables import BloomFilter\nb = BloomFilter(100, 0.8)\n', 'a.py', 'pyprobables.bloomFilter');
    assert.match(zero.invalid?.join(' ') ?? '', /InitializationError/);
  });

  it('pyprobables CuckooFilter counts bins and reads finger_size in bytes; init_error_rate sizes the fingerprint from p', () => {
    const bins = one('from probables import CuckooFilter\ncf = CuckooFilter(capacity=100000, bucket_size=4, finger_size=2)\n', 'a.py', 'pyprobables.cuckooFilter');
    const table = bins.derived.structure!;
    assert.deepEqual([table.kind, table.bucketSlots, table.fingerprintBits, table.slots], ['cuckoo', 4, 16, 400000]);
    // ceil(log2(1/0.001) + log2(4) + 1) = ceil(9.966 + 3) = 13 bits; capacity 50000 bins x 4 (bucket_size default)
    const rate = one('from probables import CuckooFilter\ncf = CuckooFilter.init_error_rate(0.001, capacity=50000)\n', 'a.py', 'pyprobables.cuckooFilter');
    assert.deepEqual([rate.derived.structure!.fingerprintBits, rate.derived.structure!.slots], [13, 200000]);
    // finger_size outside 1-4 bytes raises ValueError
    const wide = one('from probables import CuckooFilter\ncf = CuckooFilter(1000, finger_size=5)\n', 'a.py', 'pyprobables.cuckooFilter');
    assert.match(wide.invalid?.join(' ') ?? '', /between 1 and 4 bytes/);
    // CountingCuckooFilter has the same parameters; auto_expand=False makes a full table fail
    const counting = one('from probables import CountingCuckooFilter\ncf = CountingCuckooFilter(capacity=1000, bucket_size=2, auto_expand=False)\n', 'a.py', 'pyprobables.countingCuckooFilter');
    assert.deepEqual([counting.derived.structure!.slots, counting.derived.structure!.whenFull], [2000, 'fails']);
  });

  it('pybloomfiltermmap3 rounds k down: k = floor(log2(1/p)), m = k · ceil(n |ln p| / (k ln²2)), at least 128 bits', () => {
    // k = floor(log2(100)) = 6; bits per hash = ceil(100000 · 4.60517 / (6 · 0.480453)) = 159751; m = 958506
    const f = one("import pybloomfilter\nf = pybloomfilter.BloomFilter(100000, 0.01, 'words.bloom')\n", 'a.py', 'pybloomfiltermmap.bloomFilter');
    assert.deepEqual(mk(f), [958506, 6]);
    const tiny = one('from pybloomfilter import BloomFilter\nf = BloomFilter(capacity=3, error_rate=0.5)\n', 'a.py', 'pybloomfiltermmap.bloomFilter');
    assert.deepEqual(mk(tiny), [128, 1]);
  });

  it('rbloom truncates k from the float size (6 at 1 %), and to 0 above p = 0.5', () => {
    // size_in_bits = 1e6 · 4.60517 / 0.480453 = 9585058.4 -> 149767.x words of 64 = 9585088 bits; k = (int)6.644 = 6
    assert.deepEqual(mk(one('from rbloom import Bloom\nb = Bloom(1_000_000, 0.01)\n', 'a.py', 'rbloom.bloom')), [9585088, 6]);
    assert.deepEqual(mk(one('import rbloom\nb = rbloom.Bloom(expected_items=1000, false_positive_rate=0.01)\n', 'a.py', 'rbloom.bloom')), [9600, 6]);
    // 1000 · 0.5108 / 0.4805 = 1063.2 bits; k = (int)(1.0632 · 0.6931) = 0
    assert.match(one('from rbloom import Bloom\nb = Bloom(1000, 0.6)\n', 'a.py', 'rbloom.bloom').invalid?.join(' ') ?? '', /truncated to 0/);
    // a file that does not import rbloom is not rbloom's
    assert.deepEqual(detectConfigs('b = Bloom(1000, 0.01)\n', { fileName: 'a.py' }).filter((f) => f.recognizer === 'rbloom.bloom'), []);
  });

  it('fastbloom-rs rounds m up to 64-bit words and k up: (1e8, 0.01) gives m = 958,505,856, k = 7 (builder.rs optimal_test)', () => {
    const f = one('from fastbloom_rs import BloomFilter\nbloom = BloomFilter(100_000_000, 0.01)\n', 'a.py', 'fastbloom-rs.bloomFilter');
    assert.deepEqual(mk(f), [958505856, 7]);
    // false_positive_probability defaults to 0.01; keywords as the Python signature names them
    const keywords = one('from fastbloom_rs import CountingBloomFilter\ncbf = CountingBloomFilter(expected_elements=100_000_000)\n', 'a.py', 'fastbloom-rs.countingBloomFilter');
    assert.deepEqual([keywords.params.p, ...mk(keywords)], [0.01, 958505856, 7]);
    const rust = one('use fastbloom_rs::{FilterBuilder, Membership};\nlet mut builder = FilterBuilder::new(100_000_000, 0.01);\n', 'a.rs', 'fastbloom-rs.bloomFilter');
    assert.deepEqual(mk(rust), [958505856, 7]);
  });

  it('bloomfilter-py sizes as Guava: bits = int(-n ln p / ln²2) in 64-bit words, k = round(bits / n · ln 2)', () => {
    // int(500 · 4.60517 / 0.480453) = 4792 -> 75 words = 4800 bits; k = round(9.584 · 0.693147) = round(6.64) = 7
    const f = one('from bloomfilter import BloomFilter\nbloom_filter = BloomFilter(expected_insertions=500, err_rate=0.01)\n', 'a.py', 'bloomfilter-py.bloomFilter');
    assert.deepEqual(mk(f), [4800, 7]);
    // not pybloomfiltermmap3 (`import pybloomfilter`) nor bloom_filter2
    assert.deepEqual(detectConfigs('import pybloomfilter\nf = pybloomfilter.BloomFilter(1000, 0.01)\n', { fileName: 'a.py' }).map((x) => x.recognizer), ['pybloomfiltermmap.bloomFilter']);
  });

  it('redisbloom-py bfInsert and cfCreate, redis-py-style keywords', () => {
    const insert = one('from redisbloom.client import Client\nrb = Client()\nrb.bfInsert("k", ["a"], capacity=1000, error=0.01, noScale=True)\n', 'a.py', 'redisbloom-py.bfInsert');
    assert.deepEqual(mk(insert), mk({ derived: derive.redisBloom(1000, 0.01, true) } as Finding));
    const defaults = one('from redisbloom.client import Client\nrb.bfInsert("k", ["a"], error=0.001)\n', 'a.py', 'redisbloom-py.bfInsert');
    assert.equal(defaults.params.n, 100);
    const cf = one('from redisbloom.client import Client\nrb.cfCreate("cf", 1000, bucket_size=4)\n', 'a.py', 'redisbloom-py.cfCreate');
    // getNextN2(1000 / 4) = 256 buckets of 4 one-byte fingerprints
    assert.deepEqual([cf.derived.structure!.slots, cf.derived.structure!.fingerprintBits], [1024, 8]);
  });
});

describe('inventory: JavaScript libraries', () => {
  it('bloom-filters: new CountingBloomFilter(size, nbHashes) and new PartitionedBloomFilter(size, nbHashes, loadFactor) take cells', () => {
    const counting = one("const { CountingBloomFilter } = require('bloom-filters')\nconst c = new CountingBloomFilter(15000, 5)\n", 'a.js', 'bloom-filters.counting');
    assert.deepEqual(mk(counting), [15000, 5]);
    // ceil(12000 / 7) = 1715 cells per slice, 7 slices
    const partitioned = one("import { PartitionedBloomFilter } from 'bloom-filters'\nconst p = new PartitionedBloomFilter(12000, 7, 0.5)\n", 'a.ts', 'bloom-filters.partitioned');
    assert.deepEqual(mk(partitioned), [12005, 7]);
    assert.equal(partitioned.params.hashing, 'partitioned');
    const from = one("import { CountingBloomFilter } from 'bloom-filters'\nconst c = CountingBloomFilter.from(words, 0.001)\n", 'a.ts', 'bloom-filters.counting');
    assert.equal(from.params.p, 0.001);
  });

  it('bfilter: new BloomFilter(size, n, tweak, update) is (bits, hash count), rounded down to whole bytes; RollingFilter.fromRate', () => {
    const f = one("const {BloomFilter} = require('bfilter');\nconst f = new BloomFilter(20003, 5, -1, 'all');\n", 'a.js', 'bcoin.bloom.new');
    assert.deepEqual(mk(f), [20000, 5]);
    const rolling = one("const {RollingFilter} = require('bfilter');\nconst r = RollingFilter.fromRate(100000, 0.000001);\n", 'a.js', 'bcoin.rollingFilter');
    assert.deepEqual(mk(rolling), [bitcoinRolling(100000, 0.000001).m, bitcoinRolling(100000, 0.000001).k]);
  });

  it('minibloom rounds m up to 32-bit words; jsbloom rounds m up to bytes and probes one position more than its HASH_ROUNDS', () => {
    // m = ceil(1000 · 4.60517 / 0.480453) = 9586 -> 300 words = 9600 bits; k = round(0.693147 · 9.586) = 7
    assert.deepEqual(mk(one("import { optimalFilter } from '@mcrowe/minibloom'\nconst f = optimalFilter(1000, 0.01)\n", 'a.ts', 'minibloom.optimalFilter')), [9600, 7]);
    assert.deepEqual(mk(one("import * as minibloom from '@mcrowe/minibloom'\nconst f = minibloom.filter(1000, 3)\n", 'a.ts', 'minibloom.filter')), [1024, 3]);
    // 9586 -> 9592 (whole bytes); HASH_ROUNDS = round(0.693147 · 9.592) = 7, rounds 0..7 = 8 probes
    assert.deepEqual(mk(one("const JSBloom = require('@duckduckgo/jsbloom');\nconst f = new JSBloom.filter(1000, 0.01);\n", 'a.js', 'jsbloom.filter')), [9592, 8]);
  });

  it('node-redis: bf.RESERVE in capitals and bf.insert options (CAPACITY, ERROR, NONSCALING)', () => {
    // NONSCALING: bpe = -ln 0.01 / ln²2 = 9.585; 9585 bits -> 9600 (64-bit words); k = ceil(6.64) = 7
    const reserve = one("import { createClient } from 'redis';\nawait client.bf.RESERVE('k', 0.01, 1000, { NONSCALING: true });\n", 'a.ts', 'node-redis.bf.reserve');
    assert.deepEqual(mk(reserve), [9600, 7]);
    // scaling: the first link at p / 2 = 0.0005: bpe = 15.8203, bits = 79101 -> 79104, k = ceil(10.966) = 11
    const insert = one("import { createClient } from 'redis';\nawait client.bf.insert('k2', ['a'], { CAPACITY: 5000, ERROR: 0.001 });\n", 'a.ts', 'node-redis.bf.insert');
    assert.deepEqual(mk(insert), [79104, 11]);
    // no CAPACITY or ERROR: the call states nothing that sizes the filter (as redis-py bf().insert without them)
    assert.deepEqual(detectConfigs("await client.bf.INSERT('k3', 'a', { EXPANSION: 4 });\n", { fileName: 'a.js' }), []);
  });
});

describe('inventory: C, C#, PHP, Ruby, Swift and BEAM libraries', () => {
  it('libbloom: bloom_init_size (deprecated) sizes as bloom_init; entries < 1000 is refused', () => {
    // bpe = 6.907755 / 0.480453 = 14.3776; bits = 7188794 -> 898600 bytes = 7188800 bits; k = ceil(9.966) = 10
    assert.deepEqual(mk(one('bloom_init_size(&b, 500000, 0.001, 1024);', 'a.c', 'c.libbloom.init')), [7188800, 10]);
    assert.match(one('bloom_init2(&b, 500, 0.01);', 'a.c', 'c.libbloom.init').invalid?.join(' ') ?? '', /at least 1000/);
    // a prototype is not a call
    assert.deepEqual(detectConfigs('int bloom_init(struct bloom * bloom, int entries, double error);\n', { fileName: 'bloom.h' }), []);
  });

  it('hiredis: printf conversions take the call arguments after the format string (%b takes two)', () => {
    const f = one('redisReply *r = redisCommand(c, "BF.RESERVE %s %f %d", "seen", 0.001, 1000000);\n', 'a.c', 'redis.bf.reserve');
    assert.deepEqual([f.params.p, f.params.n], [0.001, 1000000]);
    const binary = one('redisCommand(c, "BF.RESERVE %b %s %s", key, keylen, "0.01", "50000");\n', 'a.c', 'redis.bf.reserve');
    assert.deepEqual([binary.params.p, binary.params.n], [0.01, 50000]);
    // a variable named like a keyword is a value: CAPACITY capacity ERROR 0.01
    const insert = one('redisCommand(c, "BF.INSERT %s CAPACITY %d ERROR %f ITEMS %s", "k", capacity, 0.01, "a");\n', 'a.c', 'redis.bf.insert');
    assert.equal(insert.params.p, 0.01);
    assert.equal(insert.params.n, undefined);
    const cuckoo = one('redisCommand(c, "CF.RESERVE %s %d BUCKETSIZE %d", "cf", 100000, 4);\n', 'a.c', 'redis.cf.reserve');
    assert.deepEqual([cuckoo.params.n, cuckoo.derived.structure!.bucketSlots, cuckoo.derived.structure!.slots], [100000, 4, 32768 * 4]);
  });

  it("Redis Stack's REDISBLOOM_ARGS are the module's load-time arguments (the BF.ADD defaults)", () => {
    const f = one('services:\n  redis:\n    environment:\n      - REDISBLOOM_ARGS=ERROR_RATE 0.001 INITIAL_SIZE 10000\n', 'docker-compose.yml', 'redis.module.config');
    assert.deepEqual([f.params.p, f.params.n], [0.001, 10000]);
    assert.deepEqual(mk(f), mk({ derived: derive.redisBloom(10000, 0.001, false) } as Finding));
  });

  it("valkey-bloom's bf.bloom-fp-rate / bf.bloom-capacity size the auto-created filter with Valkey's own sizing (no tightening of the first filter)", () => {
    const f = one('loadmodule /usr/lib/valkey/libvalkey_bloom.so\nbf.bloom-fp-rate 0.005\nbf.bloom-capacity 5000\n', 'valkey.conf', 'redis.module.config');
    assert.deepEqual([f.params.p, f.params.n], [0.005, 5000]);
    assert.deepEqual(mk(f), [valkeyBloom(5000, 0.005).m, valkeyBloom(5000, 0.005).k]);
    assert.notDeepEqual(mk(f), mk({ derived: derive.redisBloom(5000, 0.005, false) } as Finding));
  });

  it('BloomFilter.NetCore: BestM = ceil(-n ln p / ln²2), BestK = ceil(ln 2 m / n); Redis builder, options object and the 0.01 default', () => {
    assert.deepEqual(mk(one('using BloomFilter;\nvar bf = FilterBuilder.Build(10000000, 0.01);\n', 'A.cs', 'bloomfilter-net.build')), [95850584, 7]);
    assert.equal(one('using BloomFilter;\nvar bf = FilterBuilder.Build(1000);\n', 'A.cs', 'bloomfilter-net.build').params.p, 0.01);
    const redis = one('using BloomFilter;\nusing BloomFilter.Redis;\nvar bf = FilterRedisBuilder.Build("localhost", "bf:key", 5000000, 0.001);\n', 'A.cs', 'bloomfilter-net.build');
    assert.deepEqual([redis.params.n, redis.params.p], [5000000, 0.001]);
    // ceil(2000 · 2.9957 / 0.480453) = 12471 bits
    const options = one('using BloomFilter;\nvar o = new FilterMemoryOptions\n{\n    ExpectedElements = 2000,\n    ErrorRate = 0.05,\n};\n', 'A.cs', 'bloomfilter-net.build');
    assert.equal(options.derived.m, 12471);
  });

  it('NRedisStack CF().Reserve and Predis bfreserve / cfreserve (-1 means "not sent": the server default)', () => {
    const cf = one('using NRedisStack;\ndb.CF().Reserve("cf", 200000, bucketSize: 4);\n', 'A.cs', 'nredisstack.cf.reserve');
    assert.equal(cf.derived.structure!.slots, 65536 * 4);
    const bf = one("<?php\n$client = new Predis\\Client();\n$client->bfreserve('bf:users', 0.001, 500000);\n", 'a.php', 'predis.bfreserve');
    assert.deepEqual(mk(bf), mk({ derived: derive.redisBloom(500000, 0.001, false) } as Finding));
    const unset = one("<?php\n// predis\n$client->cfreserve('cf', 100000, -1, -1, -1);\n", 'a.php', 'predis.cfreserve');
    // BUCKETSIZE not sent: RedisBloom's 2, getNextN2(50000) = 65536 buckets
    assert.deepEqual([unset.derived.structure!.bucketSlots, unset.derived.structure!.slots], [2, 131072]);
  });

  it('CF.INSERT with CAPACITY creates a cuckoo filter with the module defaults (b = 2): node-redis, redis-py, NRedisStack; node-redis cf.RESERVE', () => {
    // getNextN2(10000 / 2) = 8192 buckets of 2 one-byte fingerprints
    for (const [text, file, id] of [
      ["await client.cf.insert('cf', ['a'], { CAPACITY: 10000 });\n", 'a.js', 'node-redis.cf.insert'],
      ["r.cf().insertnx('cf', ['a'], capacity=10000)\n", 'a.py', 'redis-py.cf.insert'],
      ['db.CF().Insert("cf", items, capacity: 10000);\n', 'A.cs', 'nredisstack.cf.insert'],
    ] as const) {
      const f = one(text, file, id);
      assert.deepEqual([f.params.n, f.derived.structure!.bucketSlots, f.derived.structure!.slots], [10000, 2, 16384], text);
    }
    const reserve = one("await client.cf.RESERVE('cf', 10000, { BUCKETSIZE: 4, EXPANSION: 0 });\n", 'a.ts', 'node-redis.cf.reserve');
    // getNextN2(10000 / 4) = 4096 buckets; EXPANSION 0: a full filter answers "no space"
    assert.deepEqual([reserve.derived.structure!.slots, reserve.derived.structure!.whenFull], [4096 * 4, 'fails']);
  });

  it('rocket-labs/bloom-filter: the persister first; m = round(-n ln p / ln²2), k = round(m / n ln 2); p defaults to 0.001', () => {
    // round(10000 · 6.907755 / 0.480453) = 143776; round(14.3776 · 0.693147) = 10
    const f = one('<?php\nuse RocketLabs\\BloomFilter\\BloomFilter;\n$f = BloomFilter::createFromApproximateSize(Redis::create(), 10000, 0.001);\n', 'a.php', 'php.rocketlabs.createFromApproximateSize');
    assert.deepEqual(mk(f), [143776, 10]);
    const defaulted = one('<?php\nuse RocketLabs\\BloomFilter\\Factory;\n$f = Factory::createFromApproximateSize($persister, 10000);\n', 'a.php', 'php.rocketlabs.createFromApproximateSize');
    assert.equal(defaulted.params.p, 0.001);
    const bits = one('<?php\nuse RocketLabs\\BloomFilter\\BloomFilter;\n$g = BloomFilter::create(new BitString(), 100000, 3);\n', 'a.php', 'php.rocketlabs.create');
    assert.deepEqual(mk(bits), [100000, 3]);
  });

  it('bloomfilter-rb: size is cells (m) and hashes is k, defaults 100 and 4', () => {
    const f = one("require 'bloomfilter-rb'\nbf = BloomFilter::Native.new(size: 1000, hashes: 2, seed: 1, bucket: 3, raise: false)\n", 'a.rb', 'ruby.bloomfilter-rb.new');
    assert.deepEqual(mk(f), [1000, 2]);
    const defaults = one("require 'bloomfilter-rb'\nbf = BloomFilter::Redis.new(hashes: 3)\n", 'a.rb', 'ruby.bloomfilter-rb.new');
    assert.deepEqual(mk(defaults), [100, 3]);
  });

  it('bloomer and redis-bloomfilter divide m by n in integers (k = 6 at 1 %); hash rockets are named arguments', () => {
    // m = round(10000 · 4.60517 / 0.480453) = 95851; k = round(0.693 · (95851 / 10000 = 9)) = round(6.24) = 6
    assert.deepEqual(mk(one("require 'bloomer'\nb = Bloomer.new(10_000, 0.01)\n", 'a.rb', 'ruby.bloomer.new')), [95851, 6]);
    // the default p = 0.001: round(1000 · 6.907755 / 0.480453) = 14378; k = round(0.693 · 14) = round(9.70) = 10
    assert.deepEqual(mk(one("require 'bloomer'\nb = Bloomer.new(1000)\n", 'a.rb', 'ruby.bloomer.new')), [14378, 10]);
    // Scalable: the first filter is a Bloomer(1000, 0.01 · ln²2 = 0.0048045): m = round(1000 · 5.3382 / 0.480453) = 11111, k = round(0.693 · 11)
    const scalable = one("require 'bloomer'\nb = Bloomer::Scalable.new(1000, 0.01)\n", 'a.rb', 'ruby.bloomer.new');
    assert.equal(scalable.derived.p, 0.01 * Math.LN2 ** 2);
    assert.deepEqual(mk(scalable), [11111, 8]);
    const gem = one("require 'redis-bloomfilter'\nbf = Redis::Bloomfilter.new(:size => 10_000, :error_rate => 0.01, :key_name => 'seen')\n", 'a.rb', 'ruby.redis-bloomfilter.new');
    assert.deepEqual([gem.params.n, gem.params.p], [10000, 0.01]);
    assert.deepEqual(mk(gem), [95851, 6]);
  });

  it('pleonasm: m = round(-n ln p / ln²2), k = round(m / n · ln 2), PHP 8 named arguments too', () => {
    const f = one('<?php\nuse Pleo\\BloomFilter\\BloomFilter;\n$bf = BloomFilter::init(approxSize: 10000, falsePosProb: 0.01);\n', 'a.php', 'php.pleonasm.init');
    assert.deepEqual(mk(f), [95851, 7]);
  });

  it('Dart bloom_filter: withProbability takes (p, n), k = ceil(-log2 p), m = ceil(k / ln 2 · n); withSize takes (bits, n)', () => {
    // k = ceil(6.644) = 7; m = ceil(7 / 0.693147 · 1000) = ceil(10098.96) = 10099
    const f = one("import 'package:bloom_filter/bloom_filter.dart';\nfinal b = BloomFilter<String>.withProbability(0.01, 1000);\n", 'a.dart', 'dart.bloomFilter.withProbability');
    assert.deepEqual(mk(f), [10099, 7]);
    // k = round(20000 / 1000 · ln 2) = round(13.86) = 14
    assert.deepEqual(mk(one("import 'package:bloom_filter/bloom_filter.dart';\nfinal b = BloomFilter.withSize(20000, 1000);\n", 'a.dart', 'dart.bloomFilter.withProbability')), [20000, 14]);
    assert.deepEqual(mk(one("import 'package:bloom_filter/bloom_filter.dart';\nfinal b = BloomFilter(9.6, 1000, 7);\n", 'a.dart', 'dart.bloomFilter.withProbability')), [9600, 7]);
  });

  it('Buckets (Swift): m = Int(n ln(1/p) / ln²2) truncated, k = ceil((m / n) ln 2) from the unrounded m, FPP 0.03 by default', () => {
    const f = one('import Buckets\nlet f = BloomFilter<String>(expectedCount: 10_000, FPP: 0.01)\n', 'a.swift', 'swift.buckets.bloomFilter');
    assert.deepEqual(mk(f), [95850, 7]);
    // 500 · 3.50656 / 0.480453 = 3649.2 -> 3649; ceil(7.2984 · 0.693147) = ceil(5.059) = 6
    assert.deepEqual(mk(one('import Buckets\nlet g = BloomFilter<Int>(expectedCount: 500)\n', 'a.swift', 'swift.buckets.bloomFilter')), [3649, 6]);
    // another library's labels are not Buckets'
    assert.deepEqual(detectConfigs('let s = BloomFilter<String>(expectedCount: 10_000, falsePositiveRate: 0.01)\n', { fileName: 'a.swift' }).filter((x) => x.recognizer === 'swift.buckets.bloomFilter'), []);
  });

  it('Bloomex: k = 1 + trunc(log2(1/e)) slices of 2^mb bits; capacity below 4 / e is refused; scalable sizes its first filter for e (1 - r)', () => {
    // k = 10; e^(1/10) = 0.50119; mb = 1 + trunc(-log2(1 - 0.49881^(1/5000))) = 13 -> 10 x 8192 bits
    const plain = one('defmodule D do\n  def f, do: Bloomex.plain(5000, 0.001)\nend\n', 'a.ex', 'elixir.bloomex');
    assert.deepEqual(mk(plain), [81920, 10]);
    assert.equal(plain.params.hashing, 'partitioned');
    assert.match(one('Bloomex.plain(100, 0.01)\n', 'a.ex', 'elixir.bloomex').invalid?.join(' ') ?? '', /4 \/ error/);
    // e (1 - r) = 0.009: k = 7, mb = 18 -> 7 x 262144 bits
    assert.deepEqual(mk(one('Bloomex.scalable(100_000, 0.01, 0.1, 2)\n', 'a.ex', 'elixir.bloomex')), [1835008, 7]);
  });

  it('ebloom: the bundled Open Bloom Filter picks the k with the fewest bits and truncates m before rounding up to bytes', () => {
    // min over k of -k n / ln(1 - p^(1/k)) = 1437763.93 at k = 10 -> 1437763 -> 1437768 (whole bytes)
    assert.deepEqual(mk(one('init() ->\n    {ok, Ref} = ebloom:new(100000, 0.001, 42),\n    Ref.\n', 'a.erl', 'erlang.ebloom.new')), [1437768, 10]);
  });
});
