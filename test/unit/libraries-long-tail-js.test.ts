/**
 * The library long tail in JS/TS, Ruby, Lua, Go and Swift (issue 17, item 2): each module's entry points detected in
 * snippets written here, with the m and k (or cuckoo table) the library's own source gives; the arithmetic is in the comments.
 */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import { find } from './findOne';


function none(text: string, fileName: string, prefix: string): void {
  const findings = detectConfigs(text, { fileName });
  assert.ok(!findings.some((f) => f.recognizer.startsWith(prefix)), JSON.stringify(findings.map((f) => f.recognizer)));
}

describe('library long tail (JS/TS, Ruby, Lua, Go, Swift)', () => {
  it('bloem SafeBloem: calculateSize with 0.480453, and a fractional slices count rounded up by the hashing loop', () => {
    const finding = find("const { SafeBloem } = require('bloem');\nconst recent = new SafeBloem(10000, 0.01);\n", 'a.js', 'js.bloem.safeBloem');
    assert.deepEqual([finding.params.n, finding.params.p], [10000, 0.01]);
    // m = ceil(10000 · ln 0.01 / -0.480453) = 95851; slices = 95851 / 10000 · ln 2 = 6.64, the loop i < 6.64 runs 7 times
    assert.deepEqual([finding.derived.m, finding.derived.k], [95851, 7]);
  });

  it('bloem Bloem(size, slices) and ScalingBloem(error_rate, options)', () => {
    const text = "import { Bloem, ScalingBloem } from 'bloem';\nconst raw = new Bloem(8192, 3);\nconst grow = new ScalingBloem(0.01, { initial_capacity: 1000 });\n";
    const raw = find(text, 'a.ts', 'js.bloem.bloem');
    assert.deepEqual([raw.derived.m, raw.derived.k], [8192, 3]);
    const grow = find(text, 'a.ts', 'js.bloem.scalingBloem');
    // first SafeBloem(1000, 0.01 · (1 - 0.9) = 0.001): m = ceil(1000 · ln 0.001 / -0.480453) = 14378; slices 9.97 -> 10 probes
    assert.deepEqual([grow.params.p, grow.params.n, grow.derived.m, grow.derived.k], [0.01, 1000, 14378, 10]);
  });

  it('bloem: a SafeBloem class of the file\'s own (no bloem import) is not the library\'s', () => {
    none('class SafeBloem { constructor(n, p) {} }\nconst f = new SafeBloem(10000, 0.01);\n', 'a.js', 'js.bloem.');
  });

  it('cuckoo-filter (npm): cfSize counts buckets, bSize slots, fpSize bytes', () => {
    const finding = find("const { CuckooFilter } = require('cuckoo-filter');\nconst cf = new CuckooFilter(50000, 4, 2);\n", 'a.js', 'js.cuckoo-filter.new');
    // 50000 buckets x 4 slots = 200000 slots of 2-byte (16-bit) fingerprints
    assert.deepEqual([finding.derived.structure?.slots, finding.derived.structure?.bucketSlots, finding.derived.structure?.fingerprintBits], [200000, 4, 16]);
    const defaults = find("const { CuckooFilter } = require('cuckoo-filter');\nconst cf = new CuckooFilter(1 << 16);\n", 'a.js', 'js.cuckoo-filter.new');
    // 65536 buckets of the default 4 slots, default fpSize 2 bytes
    assert.deepEqual([defaults.derived.structure?.slots, defaults.derived.structure?.fingerprintBits], [262144, 16]);
  });

  it('cuckoo-filter (npm): a capacity and a rate throw TypeError (the second argument is the bucket size)', () => {
    const finding = find("const { CuckooFilter } = require('cuckoo-filter');\nconst cf = new CuckooFilter(1000000, 0.01);\n", 'a.js', 'js.cuckoo-filter.new');
    assert.deepEqual([finding.params.n, finding.params.p], [1000000, 0.01]);
    assert.ok(finding.invalid?.some((reason) => reason.includes('Invalid Bucket Size')), JSON.stringify(finding.invalid));
    const tooWide = find("const { CuckooFilter } = require('cuckoo-filter');\nconst cf = new CuckooFilter(1000, 4, 8);\n", 'a.js', 'js.cuckoo-filter.new');
    assert.ok(tooWide.invalid?.some((reason) => reason.includes('larger than 4 bytes')), JSON.stringify(tooWide.invalid));
  });

  it('cuckoo-filter (npm): ScalableCuckooFilter; no finding without the package import', () => {
    const finding = find("import { ScalableCuckooFilter } from 'cuckoo-filter';\nconst s = new ScalableCuckooFilter(1024, 4, 1, 2);\n", 'a.ts', 'js.cuckoo-filter.scalable');
    assert.deepEqual([finding.derived.structure?.slots, finding.derived.structure?.fingerprintBits], [4096, 8]);
    none('class CuckooFilter {}\nconst cf = new CuckooFilter(1000, 4, 2);\n', 'a.js', 'js.cuckoo-filter.');
  });

  it('lua_bloom_filter: bits = ceil(items · log p / log(1 / 2^ln2)), hashes = round(ln 2 · bits / items)', () => {
    const finding = find('require "bloom_filter"\nlocal recent = bloom_filter.new(1000, 0.01)\n', 'a.lua', 'lua.lua_bloom_filter.new');
    // ceil(1000 · 4.60517 / 0.480453) = 9586; round(0.693 · 9.586) = 7
    assert.deepEqual([finding.derived.m, finding.derived.k], [9586, 7]);
    const tiny = find('require "bloom_filter"\nlocal f = bloom_filter.new(1, 0.01)\n', 'a.lua', 'lua.lua_bloom_filter.new');
    assert.ok(tiny.invalid?.some((reason) => reason.includes('items must be > 1')), JSON.stringify(tiny.invalid));
    // an assignment inside a Lua long comment (`--[[ items = 5 ]]`) is not a second definition of the name
    const commented = find('--[[\n  items = 5\n--]]\nrequire "bloom_filter"\nlocal items = read_config("items") or 1000000\nseen = bloom_filter.new(items, 0.01)\n', 'a.lua', 'lua.lua_bloom_filter.new');
    assert.equal(commented.params.n, 1000000);
    none('local bloom_filter = dofile("mine.lua")\nlocal f = bloom_filter.new(1000, 0.01)\n', 'a.lua', 'lua.lua_bloom_filter.');
  });

  it('lua-bloom-count: bloomcount.new(n, p, bitsPerCounter) and bloombool.new(n, p)', () => {
    const finding = find('local bloomcount = require("bloomcount")\nlocal counts = bloomcount.new(10000, 0.0001, 8)\n', 'a.lua', 'lua.bloomcount.new');
    // m = ceil(-10000 ln 1e-4 / ln²2) = 191702 counters; k = floor(19.17 · ln 2 + 0.5) = 13; 8-bit counters, 4 per number
    assert.deepEqual([finding.params.n, finding.params.p, finding.derived.m, finding.derived.k], [10000, 0.0001, 191702, 13]);
    const bool = find('local bloombool = require("bloombool")\nlocal seen = bloombool.new(10000, 0.0001)\n', 'a.lua', 'lua.bloombool.new');
    assert.deepEqual([bool.derived.m, bool.derived.k], [191702, 13]);
    const loose = find('local bloombool = require("bloombool")\nlocal seen = bloombool.new(10000, 0.5)\n', 'a.lua', 'lua.bloombool.new');
    assert.ok(loose.invalid?.some((reason) => reason.includes('failureRate must be <= 0.1')), JSON.stringify(loose.invalid));
    none('local bloomcount = {}\nfunction bloomcount.new(a, b, c) return {} end\nlocal x = bloomcount.new(10000, 0.0001, 8)\n', 'a.lua', 'lua.bloomcount.');
  });

  it('bloombroom: find_m_k, and ContinuousBloomFilter.new / BloomFilter.new taking m and k', () => {
    const text = "require 'bloombroom'\nm, k = Bloombroom::BloomHelper.find_m_k(150_000, 0.001)\nrolling = Bloombroom::ContinuousBloomFilter.new(2_000_000, 10, 300)\nplain = Bloombroom::BloomFilter.new(1_000_000, 7)\n";
    const helper = find(text, 'a.rb', 'ruby.bloombroom.findMK');
    // m = ceil(150000 · ln 0.001 / ln(1 / 2^ln2)) = 2156639; k = round(ln 2 · 14.38) = 10
    assert.deepEqual([helper.derived.m, helper.derived.k], [2_156_639, 10]);
    const rolling = find(text, 'a.rb', 'ruby.bloombroom.continuousBloomFilter');
    assert.deepEqual([rolling.derived.m, rolling.derived.k], [2_000_000, 10]);
    const plain = find(text, 'a.rb', 'ruby.bloombroom.bloomFilter');
    assert.deepEqual([plain.derived.m, plain.derived.k], [1_000_000, 7]);
    none('ContinuousBloomFilter.new(2_000_000, 10, 300)\n', 'a.rb', 'ruby.bloombroom.');
  });

  it('bloombroom: a splatted find_m_k sizes the filter it is passed to; unreadable sizes say nothing', () => {
    const text = "require 'bloombroom'\nN = 150_000\nwindow = Bloombroom::ContinuousBloomFilter.new(*Bloombroom::BloomHelper.find_m_k(N, 0.001), 60)\n";
    const findings = detectConfigs(text, { fileName: 'a.rb' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['ruby.bloombroom.continuousBloomFilter']);
    assert.deepEqual([findings[0].params.n, findings[0].params.p, findings[0].derived.m, findings[0].derived.k], [150000, 0.001, 2_156_639, 10]);
    // m and k from block parameters, the rate from a block parameter: nothing to report
    const loose = "require 'bloombroom'\nsizes = [0.01, 0.001].map { |rate| Bloombroom::BloomHelper.find_m_k(1000, rate) }\nsizes.each { |m, k| Bloombroom::ContinuousBloomFilter.new(m, k, 0) }\n";
    assert.deepEqual(detectConfigs(loose, { fileName: 'a.rb' }).map((f) => f.recognizer), []);
  });

  it('bloomfilter gem: BloomFilter.new(capacity, error); one argument raises ArgumentError', () => {
    const finding = find("require 'bloomfilter'\nseen = BloomFilter.new(1000, 0.01)\n", 'a.rb', 'ruby.bloomfilter.new');
    // bits = (1000 · ln 0.01 / ln(1 / 2^ln2)).ceil = 9586; hashes = (ln 2 · 9586 / 1000).round = 7
    assert.deepEqual([finding.derived.m, finding.derived.k], [9586, 7]);
    const one = find("require 'bloomfilter'\nseen = BloomFilter.new(100)\n", 'a.rb', 'ruby.bloomfilter.new');
    assert.equal(one.params.n, 100);
    assert.ok(one.invalid?.some((reason) => reason.includes('ArgumentError')), JSON.stringify(one.invalid));
    // the bloom-filter gem's BloomFilter.new stays its own
    none("require 'bloom-filter'\nf = BloomFilter.new(size: 1000, error_rate: 0.01)\n", 'a.rb', 'ruby.bloomfilter.');
  });

  it('probabilistic_data_structures (Go): both truncations, m = uint64(-n ln p / ln²2), k = uint64(float64(m / n) · ln 2)', () => {
    const text = 'import "github.com/TomStuart92/probabilistic_data_structures/pkg/bloomfilter"\n\nvar a = bloomfilter.NewBloomFilter(1000, 0.001)\nvar b = bloomfilter.New(1000, 0.001)\n';
    const findings = detectConfigs(text, { fileName: 'a.go' }).filter((f) => f.recognizer === 'go.probabilistic_data_structures.newBloomFilter');
    assert.equal(findings.length, 2);
    // m = floor(1000 · 6.9078 / 0.480453) = 14377; m / n = 14 (integer division), k = floor(14 · 0.693) = 9 (not round(14.377 · ln 2) = 10)
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [14377, 9]);
    // a typed Go declaration (`var expected uint64 = 1000`: the type after the name) is read as the constant
    const typed = find('import "github.com/TomStuart92/probabilistic_data_structures/pkg/bloomfilter"\n\nfunc main() {\n\tvar expected uint64 = 1000\n\ttolerance := 0.001\n\tf := bloomfilter.NewBloomFilter(expected, tolerance)\n\t_ = f\n}\n', 'a.go', 'go.probabilistic_data_structures.newBloomFilter');
    assert.deepEqual([typed.params.n, typed.params.p], [1000, 0.001]);
    none('import "github.com/other/bloomfilter"\n\nvar a = bloomfilter.NewBloomFilter(1000, 0.001)\n', 'a.go', 'go.probabilistic_data_structures.');
  });

  it('DesignAlgorithmsKit (Swift): ceil for both m and k, k capped at 50', () => {
    const text = 'import DesignAlgorithmsKit\n\nlet seen = BloomFilter(capacity: 1000, falsePositiveRate: 0.01)\nlet counts = CountingBloomFilter(capacity: 1000)\n';
    const bloom = find(text, 'a.swift', 'swift.designalgorithmskit.bloomFilter');
    // m = ceil(-1000 ln 0.01 / ln²2) = 9586; k = ceil(9.586 · ln 2) = ceil(6.64) = 7
    assert.deepEqual([bloom.params.n, bloom.params.p, bloom.derived.m, bloom.derived.k], [1000, 0.01, 9586, 7]);
    const counting = find(text, 'a.swift', 'swift.designalgorithmskit.countingBloomFilter');
    assert.deepEqual([counting.derived.m, counting.derived.k], [9586, 7]);
    none('let seen = BloomFilter(capacity: 1000, falsePositiveRate: 0.01)\n', 'a.swift', 'swift.designalgorithmskit.');
  });

  it('bloem ScalingBloem as written in the wild: options object with initial_capacity and scaling', () => {
    const text = "import { ScalingBloem } from 'bloem';\n\nconst createScalingBloomFilter = () =>\n  new ScalingBloem(0.05, {\n    initial_capacity: 100000,\n    scaling: 4,\n  });\n";
    const finding = find(text, 'a.ts', 'js.bloem.scalingBloem');
    // first SafeBloem(100000, 0.05 · 0.1 = 0.005): m = ceil(100000 · ln 0.005 / -0.480453) = 1102776; slices 7.64 -> 8 probes
    assert.deepEqual([finding.params.p, finding.params.n, finding.derived.m, finding.derived.k], [0.05, 100000, 1_102_776, 8]);
  });

  it('solana-bloom Bloom::random: the bit count capped at max_bits, k from the capped bits', () => {
    const text = 'use solana_bloom::bloom::{Bloom, ConcurrentBloom};\n\nfn make() {\n    let a: Bloom<Hash> = Bloom::random(10, 0.1, 100);\n    let b: Bloom<Hash> = Bloom::random(100, 0.1, 100);\n}\n';
    const findings = detectConfigs(text, { fileName: 'a.rs' }).filter((f) => f.recognizer === 'rust.solana-bloom.random');
    assert.equal(findings.length, 2);
    // num_bits(10, 0.1) = ceil(10 · ln 0.1 / ln(1 / 2^ln2)) = ceil(47.93) = 48 (under the cap); keys = round(4.8 · ln 2) = 3
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [48, 3]);
    // num_bits(100, 0.1) = 480, capped at max_bits 100; keys = max(1, round(1 · ln 2)) = 1
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [100, 1]);
    const interval = find('use solana_bloom::bloom::ConcurrentBloomInterval;\nlet dedup = ConcurrentBloomInterval::new(1_000_000, 0.0001, 8 << 22);\n', 'a.rs', 'rust.solana-bloom.random');
    // num_bits(1e6, 1e-4) = 19170117 < 8 << 22 = 33554432; keys = round(19.17 · ln 2) = 13
    assert.deepEqual([interval.derived.m, interval.derived.k], [19_170_117, 13]);
    // alloy's Bloom::random() (an Ethereum logs bloom, no arguments) and a file without solana_bloom say nothing
    none('use alloy_primitives::Bloom;\nlet b = Bloom::random(10, 0.1, 100);\n', 'a.rs', 'rust.solana-bloom.');
  });

  it('@pacote/bloom-filter: BloomFilter(optimal(n, p)), { size, hashes }, CountingBloomFilter, optimal', () => {
    const text = "import { BloomFilter, CountingBloomFilter, optimal } from '@pacote/bloom-filter'\n\nconst words = new BloomFilter(optimal(1000, 0.01))\nconst raw = new BloomFilter({ size: 22056, hashes: 8 })\nconst counts = new CountingBloomFilter(optimal(500, 0.001))\nconst opts = optimal(2000, 0.02)\n";
    const findings = detectConfigs(text, { fileName: 'a.ts' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['pacote.bloomFilter.new', 'pacote.bloomFilter.new', 'pacote.countingBloomFilter.new', 'pacote.optimal']);
    // size = ceil(-(1000 ln 0.01) / ln²2) = 9586; hashes = round(9.586 · ln 2) = 7
    assert.deepEqual([findings[0].params.n, findings[0].params.p, findings[0].derived.m, findings[0].derived.k], [1000, 0.01, 9586, 7]);
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [22056, 8]);
    // size = ceil(-(500 ln 0.001) / ln²2) = 7189; hashes = round(14.378 · ln 2) = 10
    assert.deepEqual([findings[2].derived.m, findings[2].derived.k], [7189, 10]);
    // size = ceil(-(2000 ln 0.02) / ln²2) = 16285; hashes = round(8.143 · ln 2) = 6
    assert.deepEqual([findings[3].derived.m, findings[3].derived.k], [16285, 6]);
    none("import { BloomFilter } from './mine'\nconst raw = new BloomFilter({ size: 22056, hashes: 8 })\n", 'a.ts', 'pacote.');
  });

  it('xxbloom / bloomxx: createOptimal rounds bits and hashes to the nearest; new BloomFilter({ bits, hashes })', () => {
    const text = "const { BloomFilter } = require('bloomxx');\nconst seen = BloomFilter.createOptimal(661686, 0.25);\nconst small = new BloomFilter({ bits: 4096, hashes: 5 });\nconst dflt = BloomFilter.createOptimal(10000);\n";
    const findings = detectConfigs(text, { fileName: 'a.js' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['js.xxbloom.createOptimal', 'js.xxbloom.new', 'js.xxbloom.createOptimal']);
    // bits = round(661686 · ln 4 / ln²2) = 1909222; hashes = round(2.885 · ln 2) = round(2.0) = 2
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [1_909_222, 2]);
    assert.deepEqual([findings[1].derived.m, findings[1].derived.k], [4096, 5]);
    // default errorRate 0.005: bits = round(10000 · 5.2983 / 0.480453) = 110278; hashes = round(11.03 · ln 2) = 8
    assert.deepEqual([findings[2].params.p, findings[2].derived.m, findings[2].derived.k], [0.005, 110_278, 8]);
    none("const { BloomFilter } = require('./bloom');\nconst seen = BloomFilter.createOptimal(1000, 0.01);\n", 'a.js', 'js.xxbloom.');
  });

  it('MakinaCorpus php-bloom: ceil for both m and k, defaults 64 items at 0.001', () => {
    const finding = find("<?php\nuse MakinaCorpus\\Bloom\\BloomFilter;\n\n$filter = new BloomFilter( 100000, 0.001 );\n", 'a.php', 'php.makinacorpus.bloomFilter');
    // space = ceil(100000 · 6.9078 / ln²2) = 1437759; hashes = ceil(14.378 · ln 2) = ceil(9.97) = 10
    assert.deepEqual([finding.derived.m, finding.derived.k], [1_437_759, 10]);
    none("<?php\nuse Pleonasm\\BloomFilter\\BloomFilter;\n$f = new BloomFilter(100000, 0.001);\n", 'a.php', 'php.makinacorpus.');
  });

  it('@libp2p/utils filters: createBloomFilter as xxbloom; cuckoo optimize passes a bit count as fingerprint bytes', () => {
    const text = "import { createBloomFilter, createCuckooFilter, createScalableCuckooFilter, CuckooFilter } from '@libp2p/utils/filters'\n\nconst peers = createBloomFilter(10000)\nconst blocks = createCuckooFilter(1000, 0.001)\nconst seen = createScalableCuckooFilter(1024)\nconst raw = new CuckooFilter({ filterSize: 1000, bucketSize: 4, fingerprintSize: 1 })\n";
    const findings = detectConfigs(text, { fileName: 'a.ts' });
    assert.deepEqual(findings.map((f) => f.recognizer), ['js.libp2p.bloomFilter', 'js.libp2p.cuckooFilter', 'js.libp2p.scalableCuckooFilter', 'js.libp2p.cuckooFilter']);
    // errorRate 0.005 by default: bits = round(10000 · 5.2983 / ln²2) = 110278, hashes = round(11.03 · ln 2) = 8
    assert.deepEqual([findings[0].derived.m, findings[0].derived.k], [110_278, 8]);
    // p = 0.001 > 0.00001: bucketSize 4; filterSize = round(1000 / 0.95) = 1053 buckets; fingerprintSize = ceil(log2 1000 + log2 8) = 13 bytes,
    // of which the 32-bit FNV hash fills 4: 32-bit fingerprints
    const blocks = findings[1].derived.structure;
    assert.deepEqual([blocks?.slots, blocks?.bucketSlots, blocks?.fingerprintBits], [4212, 4, 32]);
    // default 0.001: round(1024 / 0.95) = 1078 buckets of 4
    assert.deepEqual([findings[2].derived.structure?.slots, findings[2].derived.structure?.whenFull], [4312, 'grows']);
    assert.deepEqual([findings[3].derived.structure?.slots, findings[3].derived.structure?.fingerprintBits], [4000, 8]);
    none("import { createBloomFilter } from './filters'\nconst peers = createBloomFilter(10000)\n", 'a.ts', 'js.libp2p.');
  });

  it('npm bloom-filter: new BloomFilter(elements, rate), as tutorials write it, throws; BloomFilter.create sizes it', () => {
    const finding = find("const BloomFilter = require('bloom-filter');\nconst userIdFilter = new BloomFilter(1000000, 0.01);\n", 'a.js', 'bitcore.bloomFilter.positional');
    assert.deepEqual([finding.params.n, finding.params.p], [1000000, 0.01]);
    assert.ok(finding.invalid?.some((reason) => reason.includes('Unrecognized argument')), JSON.stringify(finding.invalid));
    // bloom-filters' two-argument constructor (size, hashes) stays its own
    const other = detectConfigs("const { BloomFilter } = require('bloom-filters');\nconst filter = new BloomFilter(40000, 6);\n", { fileName: 'a.js' });
    assert.ok(!other.some((f) => f.recognizer.startsWith('bitcore.')), JSON.stringify(other.map((f) => f.recognizer)));
  });
});
