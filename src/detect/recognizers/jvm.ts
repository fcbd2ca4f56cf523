/** Java / Kotlin / Scala: Guava, Spark, Apache Commons Collections, Redisson, RocksDB Java, bitcoinj, HBase, Elasticsearch. */
import { checks } from '../engine';
import { derive } from '../../libraries';
import { evaluateConstant } from '../evaluate';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, definesOwn, JVM, langIs, rocksDbBloomKind } from './helpers';

const GUAVA_HINT = /com\.google\.common\.hash|\bFunnels?\b/;
const SPARK_HINT = /org\.apache\.spark\.util\.sketch/;

/** Guava `BloomFilter.create(funnel, n[, fpp])` / `toBloomFilter(...)` and Spark sketch `BloomFilter.create(n[, fpp|numBits])`. */
const bloomFilterCreate = callRecognizer({
  ids: ['guava.create', 'spark.sketch.create'],
  needles: ['bloomfilter'],
  pattern: /\bBloomFilter\s*\.\s*(create|toBloomFilter)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, JVM)) return undefined;
    if (definesOwn(ctx, 'BloomFilter')) return undefined;
    const firstIsFunnel = args.length > 0 && /funnel/i.test(args[0].text);
    const guavaHint = ctx.hint('guava', GUAVA_HINT);
    const sparkHint = ctx.hint('spark-sketch', SPARK_HINT);
    if (firstIsFunnel || (guavaHint && !sparkHint && args.length >= 2)) {
      if (args.length < 2 || args.length > 4) return undefined;
      const b = builder(ctx, 'guava.create', `Guava BloomFilter.${match[1]}`, start, end);
      const n = b.argument('n', args[1], { check: derive.guavaInsertionsRefusal });
      if (args[2]) b.argument('p', args[2], { check: derive.guavaFppRefusal });
      else b.setDefault('p', 0.03, 'Guava default fpp 0.03');
      if (n === 0) b.note('Guava treats expectedInsertions = 0 as 1');
      return b.derive((p) => (p.n !== undefined && p.p !== undefined ? derive.guava(p.n, p.p) : {})).build();
    }
    if (match[1] !== 'create' || args.length < 1 || args.length > 3) return undefined;
    if (!sparkHint) return undefined;
    const b = builder(ctx, 'spark.sketch.create', 'Spark sketch BloomFilter.create', start, end);
    b.argument('n', args[0], { check: checks.positiveInteger('expectedNumItems', 'Spark throws IllegalArgumentException') });
    sparkSecondArgument(b, args[1]?.text, args[1]?.start);
    return b.derive(sparkDerive).build();
  },
});

function sparkSecondArgument(b: ReturnType<typeof builder>, text: string | undefined, at: number | undefined): void {
  if (text === undefined) {
    b.setDefault('p', 0.03, 'Spark default fpp 0.03');
    return;
  }
  const value = evaluateConstant(text, b.ctx.codeEval);
  if (!value.ok) {
    b.unevaluated('p', text);
    b.note(`the second argument \`${text}\` is an fpp if below 1, else numBits`);
    return;
  }
  if (value.value < 1) b.argument('p', text, { at, check: checks.probability('fpp', 'Spark throws IllegalArgumentException') });
  else b.argument('m', text, { at, check: checks.positiveInteger('numBits', 'Spark throws IllegalArgumentException') });
}

function sparkDerive(p: { n?: number; p?: number; m?: number }): ReturnType<typeof derive.sparkSketch> {
  if (p.n === undefined) return {};
  if (p.m !== undefined) return derive.sparkSketch(p.n, undefined, p.m);
  if (p.p !== undefined) return derive.sparkSketch(p.n, p.p);
  return {};
}

/** Spark `df.stat.bloomFilter(col, expectedNumItems, fpp | numBits)`. */
const sparkStat = callRecognizer({
  ids: ['spark.stat.bloomFilter'],
  needles: ['bloomfilter'],
  pattern: /\.\s*stat(?:\s*\(\s*\))?\s*\.\s*bloomFilter\s*\(/g,
  build(ctx, args, start, end) {
    if (args.length !== 3) return undefined;
    const b = builder(ctx, 'spark.stat.bloomFilter', 'Spark DataFrame stat.bloomFilter', start, end);
    b.argument('n', args[1], { check: checks.positiveInteger('expectedNumItems', 'Spark throws IllegalArgumentException') });
    sparkSecondArgument(b, args[2].text, args[2].start);
    return b.derive(sparkDerive).build();
  },
});

/** Apache Commons Collections 4.5 `Shape.fromNP/NM/KM/NMK/PMK`. */
const commonsShape = callRecognizer({
  ids: ['commons.shape.fromNP', 'commons.shape.fromNM', 'commons.shape.fromKM', 'commons.shape.fromNMK', 'commons.shape.fromPMK'],
  needles: ['shape'],
  pattern: /\bShape\s*\.\s*from(NP|NM|KM|NMK|PMK)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!ctx.hint('commons', /commons\.collections4\.bloomfilter|BloomFilter/)) return undefined;
    const kind = match[1] as 'NP' | 'NM' | 'KM' | 'NMK' | 'PMK';
    if (args.length !== kind.length) return undefined;
    const b = builder(ctx, `commons.shape.from${kind}`, `Commons Collections Shape.from${kind}`, start, end);
    const why = 'Shape throws IllegalArgumentException';
    kind.split('').forEach((letter, i) => {
      const param = letter.toLowerCase() as 'n' | 'p' | 'm' | 'k';
      const check = param === 'p' ? checks.probability('probability', why) : checks.positiveInteger(param === 'n' ? 'numberOfItems' : param === 'm' ? 'numberOfBits' : 'numberOfHashFunctions', why);
      b.argument(param, args[i], { check });
    });
    return b.derive((p) => derive.commonsShape(kind, p)).build();
  },
});

/** Redisson `bloomFilter.tryInit(expectedInsertions, falseProbability)`. */
const redissonTryInit = callRecognizer({
  ids: ['redisson.tryInit'],
  needles: ['tryinit'],
  pattern: /\.\s*tryInit\s*\(/g,
  build(ctx, args, start, end) {
    if (!ctx.hint('redisson', /getBloomFilter|RBloomFilter/)) return undefined;
    if (args.length !== 2) return undefined;
    const b = builder(ctx, 'redisson.tryInit', 'Redisson RBloomFilter.tryInit', start, end);
    const n = b.argument('n', args[0], { check: checks.positiveInteger('expectedInsertions', 'Redisson rejects it') });
    const p = b.argument('p', args[1], { check: checks.probability('falseProbability', 'Redisson throws IllegalArgumentException') });
    if (n !== undefined && p !== undefined) {
      const m = Math.trunc((-n * Math.log(p)) / (Math.LN2 * Math.LN2));
      if (m > 4294967294) {
        b.invalid(`the filter would need ${m} bits; Redisson throws "Bloom filter size can't be greater than 4294967294"`);
      }
    }
    return b.derive((q) => (q.n !== undefined && q.p !== undefined ? derive.redisson(q.n, q.p) : {})).build();
  },
});

/** RocksDB Java `new BloomFilter(bitsPerKey[, useBlockBasedMode])` and bitcoinj `new BloomFilter(elements, fpr, tweak[, update])`. */
const newBloomFilterJvm = callRecognizer({
  ids: ['rocksdb.java.bloomFilter', 'bitcoinj.bloomFilter', 'rocksdb.legacyBloom'],
  needles: ['bloomfilter'],
  // Kotlin and Scala construct without `new` (`setFilterPolicy(BloomFilter(10.0, false))`)
  pattern: /(?:\bnew\s+|(?<![\w.])(?<!\b(?:class|fun|def|object|val|var)\s+))(?:org\.rocksdb\.)?BloomFilter\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, JVM)) return undefined;
    if (!match[0].startsWith('new') && !/^(?:kotlin|scala)$/.test(ctx.source.languageId ?? '')) return undefined;
    if (ctx.hint('rocksdb-java', /org\.rocksdb|RocksDB|BlockBasedTableConfig/) && args.length <= 2) {
      const kind = rocksDbBloomKind(ctx, 'rocksdb.java.bloomFilter', 'RocksDB Java BloomFilter');
      const b = builder(ctx, kind.id, kind.title, start, end);
      if (args[0]) b.argument('bitsPerElement', args[0], { check: checks.positive('bitsPerKey') });
      else b.setDefault('bitsPerElement', 10, 'RocksDB Java default 10 bits per key');
      return b.derive((p) => (p.bitsPerElement !== undefined ? derive.rocksdb(p.bitsPerElement, kind.legacyFormat) : {})).build();
    }
    if (ctx.hint('bitcoinj', /org\.bitcoinj/) && (args.length === 3 || args.length === 4)) {
      const b = builder(ctx, 'bitcoinj.bloomFilter', 'bitcoinj BloomFilter (BIP37)', start, end);
      b.argument('n', args[0], { check: checks.positiveInteger('elements') });
      b.argument('p', args[1], { check: checks.probability('falsePositiveRate') });
      return b.derive((p) => {
        if (p.n === undefined || p.p === undefined) return {};
        // bitcoinj: size = max(1, min((int)(-1/ln²2 n ln p), 36000*8) / 8); k = max(1, min((int)(bytes*8/(double)n ln 2), 50))
        const bytes = Math.max(1, Math.trunc(Math.min(Math.trunc((-1 / (Math.LN2 * Math.LN2)) * p.n * Math.log(p.p)), 36000 * 8) / 8));
        const k = Math.max(1, Math.min(Math.trunc(((bytes * 8) / p.n) * Math.LN2), 50));
        return { m: bytes * 8, k };
      }).build();
    }
    return undefined;
  },
});

/** HBase column family Bloom type (hbase shell `BLOOMFILTER => 'ROWCOL'`, Java `setBloomFilterType(BloomType.ROW)`). */
const hbaseBloomType: Recognizer = {
  ids: ['hbase.columnFamily'],
  needles: ['bloomfilter', 'bloomtype'],
  pattern: /\bBLOOMFILTER\s*=>\s*['"](ROW|ROWCOL|ROWPREFIX_FIXED_LENGTH|ROWPREFIX_DELIMITED)['"]|\bsetBloomFilterType\s*\(\s*(?:BloomType\s*\.\s*)?(ROW|ROWCOL|ROWPREFIX_FIXED_LENGTH|ROWPREFIX_DELIMITED)\s*\)/g,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const type = match[1] ?? match[2];
    const b = builder(ctx, 'hbase.columnFamily', `HBase column family BLOOMFILTER ${type}`, at, at + match[0].length);
    b.setDefault('p', 0.01, 'HBase io.storefile.bloom.error.rate default 0.01');
    const rowCol = type === 'ROWCOL';
    return b.derive((p) => (p.p !== undefined ? derive.hbaseChunk(p.p, 131072, rowCol) : {})).build();
  },
};

/** Elasticsearch ES87BloomFilterPostingsFormat (fixed 10 bits per entry, 7 hashes). */
const elasticsearch: Recognizer = {
  ids: ['elasticsearch.es87BloomFilter'],
  needles: ['bloomfilterpostingsformat'],
  pattern: /\bnew\s+ES87BloomFilterPostingsFormat\s*\(/g,
  match(ctx, match, at) {
    if (!ctx.isCode(at)) return undefined;
    const b = builder(ctx, 'elasticsearch.es87BloomFilter', 'Elasticsearch ES87 Bloom filter postings format', at, at + match[0].length);
    b.setDefault('bitsPerElement', 10, 'ES87BloomFilterPostingsFormat: fixed 10 bits per entry');
    b.setDefault('k', 7, 'ES87BloomFilterPostingsFormat: fixed 7 hash functions');
    return b.derive(() => ({ k: 7, bitsPerElement: 10 })).build();
  },
};

export const JVM_RECOGNIZERS: readonly Recognizer[] = [bloomFilterCreate, sparkStat, commonsShape, redissonTryInit, newBloomFilterJvm, hbaseBloomType, elasticsearch];
