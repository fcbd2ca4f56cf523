/**
 * The JS/TS and Dart long tail (issue 17, item 2, src/libraries/jsLongTail2.ts): each entry point detected in a
 * snippet written here, with the m and k the library's own source gives (the arithmetic is in the comments).
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { find } from './findOne';


const recognizers = (text: string, fileName: string): string[] => detectConfigs(text, { fileName }).map((f) => f.recognizer);

describe('library long tail: JS/TS and Dart (2)', () => {
  it('voltaire BloomFilter.create(m, k): m bits and k probes as stated; the import decides against npm bloom-filters', () => {
    const text = 'import { BloomFilter } from "@tevm/voltaire";\n\nconst topics = BloomFilter.create(4096, 4);\n';
    const finding = find(text, 'topics.ts', 'ts.voltaire.bloomFilterCreate');
    // create(m, k): a Uint8Array of ceil(4096 / 8) = 512 bytes, positions taken mod 4096
    assert.deepEqual([finding.params.m, finding.params.k, finding.derived.m, finding.derived.k], [4096, 4, 4096, 4]);
    assert.ok(!recognizers(text, 'topics.ts').includes('bloom-filters.create'));
    // k <= 0 is refused by create
    const bad = find('import { BloomFilter } from "voltaire";\nconst f = BloomFilter.create(2048, 0);\n', 'a.ts', 'ts.voltaire.bloomFilterCreate');
    assert.ok(bad.invalid?.some((reason) => reason.includes('must be positive')), JSON.stringify(bad.invalid));
    // guard: with npm bloom-filters imported, BloomFilter.create(n, p) stays bloom-filters'
    const npm = recognizers('import { BloomFilter } from "bloom-filters";\nconst f = BloomFilter.create(1000, 0.01);\n', 'a.ts');
    assert.ok(npm.includes('bloom-filters.create') && !npm.includes('ts.voltaire.bloomFilterCreate'), JSON.stringify(npm));
  });

  it('bloomf new BloomFilter(size, k): the size is the bit count', () => {
    const finding = find("const BloomFilter = require('bloomf');\nconst visited = new BloomFilter(8192, 5);\n", 'a.js', 'js.bloomf.new');
    // BitSet(8192): ceil(8192 / 8) = 1024 bytes; probes (linear + i · fnv) % 8192 for i < 5
    assert.deepEqual([finding.derived.m, finding.derived.k], [8192, 5]);
    // guard: without the bloomf require the same call is not bloomf's
    assert.ok(!recognizers('const visited = new BloomFilter(8192, 5);\n', 'a.js').includes('js.bloomf.new'));
  });

  it('@imcotton/bloom bloom_by(n, fp) and new Bloom(n, fp): calc, then ceil((m + 8) / 8) bytes', () => {
    const by = find('import { bloom_by } from "jsr:@imcotton/bloom";\nconst seen = bloom_by(10000, 0.01);\n', 'a.ts', 'ts.imcotton-bloom.bloomBy');
    // m = ceil(10000 · 4.60517 / 0.480453) = 95851; k = round(9.5851 · ln 2) = round(6.64) = 7;
    // size = ceil((95851 + 8) / 8) = 11983 bytes, probes mod 11983 · 8 = 95864 bits
    assert.deepEqual([by.params.n, by.params.p, by.derived.m, by.derived.k], [10000, 0.01, 95864, 7]);
    const cls = find('import { Bloom } from "@imcotton/bloom";\nconst seen = new Bloom(4000, 1e-7);\n', 'a.ts', 'ts.imcotton-bloom.new');
    // m = ceil(4000 · 16.1181 / 0.480453) = 134191; k = round(33.55 · ln 2) = round(23.25) = 23; ceil(134199 / 8) = 16775 bytes = 134200 bits
    assert.deepEqual([cls.derived.m, cls.derived.k], [134200, 23]);
    // guard: new Bloom(n, fp) without the import is no one's
    const bare = recognizers('const seen = new Bloom(4000, 1e-7);\n', 'a.ts');
    assert.ok(!bare.includes('ts.imcotton-bloom.new') && !bare.includes('ts.kgwinnup-bloom.new'), JSON.stringify(bare));
  });

  it('@kgwinnup/bloom new Bloom(n, fp): the ceiling of n ln fp before the division', () => {
    const finding = find('import { Bloom } from "jsr:@kgwinnup/bloom";\nconst seen = new Bloom(1000, 0.001);\n', 'a.ts', 'ts.kgwinnup-bloom.new');
    // m = ceil(1000 · ln 0.001 = -6907.76) / ln(1 / 2^ln2) = -6907 / -0.480453 = 14376.02; k = round(14.376 · ln 2) = round(9.96) = 10;
    // size = floor(ceil((14376.02 + 8) / 8)) = 1799 bytes = 14392 bits
    assert.deepEqual([finding.derived.m, finding.derived.k], [14392, 10]);
  });

  it('bloomfilter-redis new BloomFilter({ redisSize, hashesNum }): MB of one Redis string, defaults 256 MB and 16 hashes', () => {
    const text = "const BloomFilter = require('bloomfilter-redis');\nconst f = new BloomFilter({ redisSize: 64, hashesNum: 8, redisKey: 'seen' });\n";
    const finding = find(text, 'a.js', 'js.bloomfilter-redis.new');
    // filterSize = 64 · (1 << 20) · 8 = 536870912 bits
    assert.deepEqual([finding.derived.m, finding.derived.k], [536_870_912, 8]);
    const defaults = find("const BloomFilter = require('bloomfilter-redis');\nconst f = new BloomFilter({ hashesNum: 12 });\n", 'a.js', 'js.bloomfilter-redis.new');
    // redisSize || 256: 256 · 2^20 · 8 = 2147483648 bits
    assert.deepEqual([defaults.derived.m, defaults.derived.k], [2_147_483_648, 12]);
    const tooBig = find("const BloomFilter = require('bloomfilter-redis');\nconst f = new BloomFilter({ redisSize: 1024, hashesNum: 4 });\n", 'a.js', 'js.bloomfilter-redis.new');
    // 1024 > 512: reset to 256 MB
    assert.equal(tooBig.derived.m, 2_147_483_648);
    // guard: without the require, an options object is not this library's
    assert.ok(!recognizers('const f = new BloomFilter({ redisSize: 64, hashesNum: 8 });\n', 'a.js').includes('js.bloomfilter-redis.new'));
  });

  it('keyscope_client bfReserve(key, errorRate, capacity) and bfInsert(capacity:, error:): RedisBloom sizing, not Jedis\'', () => {
    const text = "import 'package:keyscope_client/keyscope_client.dart';\n\nFuture<void> setup(KeyscopeClient client) async {\n  await client.bfReserve('users', 0.001, 1000);\n  await client.bfInsert('ids', ['a'], capacity: 5000, error: 0.01, nonScaling: true);\n}\n";
    const found = recognizers(text, 'a.dart');
    assert.ok(!found.includes('jedis.bfReserve'), JSON.stringify(found));
    const reserve = find(text, 'a.dart', 'dart.keyscope.bfReserve');
    // scaling: first sub-filter at 0.0005; bpe = ln 2000 / ln²2 = 15.8203; bits = 15820 -> 248 words of 64 = 15872; k = ceil(ln 2 · 15.82) = 11
    assert.deepEqual([reserve.params.p, reserve.params.n, reserve.derived.m, reserve.derived.k], [0.001, 1000, 15872, 11]);
    const insert = find(text, 'a.dart', 'dart.keyscope.bfInsert');
    // nonScaling: bpe = ln 100 / ln²2 = 9.5851; bits = 47925 -> 749 words = 47936; k = ceil(6.64) = 7
    assert.deepEqual([insert.params.n, insert.params.p, insert.derived.m, insert.derived.k], [5000, 0.01, 47936, 7]);
    // guard: a Dart file without keyscope_client keeps the generic reading
    const other = recognizers("Future<void> f(c) async {\n  await c.bfReserve('users', 0.001, 1000);\n}\n", 'a.dart');
    assert.ok(!other.includes('dart.keyscope.bfReserve'), JSON.stringify(other));
  });
});

describe('library long tail: JS/TS and Dart (2), survey', () => {
  it('bloomit (@ably/bloomit): BloomFilter.create(n, p) with ceil, ceil; not npm bloom-filters\'', () => {
    const text = "import { BloomFilter } from '@ably/bloomit';\nconst seen = BloomFilter.create(1_000_000, 0.01);\nconst raw = new BloomFilter(2048, 4);\n";
    const found = recognizers(text, 'a.ts');
    assert.ok(!found.includes('bloom-filters.create'), JSON.stringify(found));
    const create = find(text, 'a.ts', 'js.bloomit.create');
    // optimalFilterSize = ceil(1e6 · 4.60517 / 0.480453) = 9585059; optimalHashes = ceil(9.585059 · ln 2) = ceil(6.64) = 7
    assert.deepEqual([create.derived.m, create.derived.k], [9_585_059, 7]);
    const raw = find(text, 'a.ts', 'js.bloomit.new');
    assert.deepEqual([raw.derived.m, raw.derived.k], [2048, 4]);
    // guard: the same create without an import stays npm bloom-filters' reading
    const bare = recognizers('const seen = BloomFilter.create(1000, 0.01);\n', 'a.ts');
    assert.ok(!bare.includes('js.bloomit.create'), JSON.stringify(bare));
  });

  it('fission-bloom-filters: new BloomFilter(size, nbHashes), create, CountingBloomFilter.create', () => {
    const text = "import { BloomFilter, CountingBloomFilter } from 'fission-bloom-filters'\nconst names = new BloomFilter(1024, 16)\nconst heads = BloomFilter.create(500, 0.001)\nconst counts = CountingBloomFilter.create(200, 0.05)\n";
    const found = recognizers(text, 'a.ts');
    assert.ok(!found.some((id) => id.startsWith('bloom-filters.')), JSON.stringify(found));
    const raw = find(text, 'a.ts', 'js.fission-bloom-filters.new');
    assert.deepEqual([raw.derived.m, raw.derived.k], [1024, 16]);
    const create = find(text, 'a.ts', 'js.fission-bloom-filters.create');
    // ceil(500 · 6.907755 / 0.480453) = 7189; ceil(14.378 · ln 2) = ceil(9.966) = 10
    assert.deepEqual([create.derived.m, create.derived.k], [7189, 10]);
    const counting = find(text, 'a.ts', 'js.fission-bloom-filters.counting');
    // ceil(200 · 2.995732 / 0.480453) = 1248; ceil(6.24 · ln 2) = ceil(4.33) = 5
    assert.deepEqual([counting.derived.m, counting.derived.k], [1248, 5]);
    const zero = find("import { BloomFilter } from 'fission-bloom-filters'\nconst f = new BloomFilter(1024, 0)\n", 'a.ts', 'js.fission-bloom-filters.new');
    assert.ok(zero.invalid?.some((reason) => reason.includes('less than one hash function')), JSON.stringify(zero.invalid));
  });

  it('@getkoala/js-bloom new JsBloom({ size, hashes }): size bits, hashes probes, defaults 100 and 4', () => {
    const finding = find("import { JsBloom } from '@getkoala/js-bloom';\nconst filter = new JsBloom({ size: 50000, hashes: 6 });\n", 'a.ts', 'js.koala-js-bloom.new');
    assert.deepEqual([finding.derived.m, finding.derived.k], [50000, 6]);
    const sizeOnly = find("import { JsBloom } from '@getkoala/js-bloom';\nconst filter = new JsBloom({ size: 4096 });\n", 'a.ts', 'js.koala-js-bloom.new');
    // { size: 100, hashes: 4, ...options }: hashes stays 4
    assert.deepEqual([sizeOnly.derived.m, sizeOnly.derived.k], [4096, 4]);
    // guard: JsBloom without the import is not this library's
    assert.ok(!recognizers('const filter = new JsBloom({ size: 50000, hashes: 6 });\n', 'a.ts').includes('js.koala-js-bloom.new'));
  });

  it('serializable_bloom_filter (Dart): BloomFilter(falsePositiveProbability:, numItems:), not package:bloom_filter\'s', () => {
    const text = "import 'package:serializable_bloom_filter/serializable_bloom_filter.dart';\n\nfinal seen = BloomFilter(falsePositiveProbability: 0.001, numItems: 20000);\n";
    const found = recognizers(text, 'a.dart');
    assert.ok(!found.includes('dart.bloomFilter.withProbability'), JSON.stringify(found));
    const finding = find(text, 'a.dart', 'dart.serializable-bloom-filter.new');
    // m = ceil(20000 · 6.907755 / 0.480453) = 287552; k = ceil(14.3776 · ln 2) = ceil(9.966) = 10
    assert.deepEqual([finding.params.p, finding.params.n, finding.derived.m, finding.derived.k], [0.001, 20000, 287_552, 10]);
    // guard: package:bloom_filter keeps its own reading
    const kseo = recognizers("import 'package:bloom_filter/bloom_filter.dart';\n\nfinal seen = BloomFilter.withProbability(0.01, 1000);\n", 'a.dart');
    assert.ok(kseo.includes('dart.bloomFilter.withProbability') && !kseo.includes('dart.serializable-bloom-filter.new'), JSON.stringify(kseo));
  });
  it('bloom-redis BloomFilter({ size, numHashes }): bits of one Redis key, defaults 2^24 bits and 4 hashes', () => {
    const text = "const bloom = require('bloom-redis');\nconst filter = new bloom.BloomFilter({ client, key: 'emails', size: 1000000, numHashes: 7 });\n";
    const finding = find(text, 'a.js', 'js.bloom-redis.new');
    assert.deepEqual([finding.derived.m, finding.derived.k], [1_000_000, 7]);
    // options.size || Math.pow(2, 24): 16777216 bits when only numHashes is given
    const defaults = find("const Bloom = require('bloom-redis');\nconst filter = Bloom.BloomFilter({ key: 'words', numHashes: 5 });\n", 'a.js', 'js.bloom-redis.new');
    assert.deepEqual([defaults.derived.m, defaults.derived.k], [16_777_216, 5]);
    // numHashes: 0 is falsy: 4
    const zero = find("const Bloom = require('bloom-redis');\nconst filter = Bloom.BloomFilter({ size: 4096, numHashes: 0 });\n", 'a.js', 'js.bloom-redis.new');
    assert.deepEqual([zero.derived.m, zero.derived.k], [4096, 4]);
    // guard: bloomfilter-redis's options (redisSize) are another library's
    const other = recognizers("const BloomFilter = require('bloomfilter-redis');\nconst f = new BloomFilter({ redisSize: 64, hashesNum: 8 });\n", 'a.js');
    assert.ok(!other.includes('js.bloom-redis.new'), JSON.stringify(other));
  });
});
