/** Java / Kotlin / Scala: Guava, Spark, Apache Commons Collections, Redisson, RocksDB Java, bitcoinj, HBase, Elasticsearch. */
import { checks, ScanContext } from '../engine';
import { derive } from '../../libraries';
import { evaluateConstant } from '../evaluate';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, JVM, langIs, rocksDbBloomKind } from './helpers';

/** DataFrameStatFunctions (sql/api/.../DataFrameStatFunctions.scala) held in a variable: a file of Spark SQL. */
const SPARK_STAT_HINT = /DataFrameStatFunctions|org\.apache\.spark\.sql/;
const GUAVA_STATIC = /import\s+static\s+com\.google\.common\.hash\.BloomFilter\.(?:\*|create|toBloomFilter)\b/;

/**
 * Guava's `create(funnel, n[, fpp])` / `toBloomFilter(...)` called bare after `import static
 * com.google.common.hash.BloomFilter.create` (the qualified calls, and Spark sketch's, are declared in src/libraries).
 */
const guavaStaticImport = callRecognizer({
  ids: ['guava.create'],
  needles: ['bloomfilter'],
  pattern: /(?<![\w$.])(create|toBloomFilter)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, JVM) || !ctx.hint('guava-static', GUAVA_STATIC)) return undefined;
    if (args.length < 2 || args.length > 3) return undefined;
    const b = builder(ctx, 'guava.create', `Guava BloomFilter.${match[1]}`, start, end);
    b.argument('n', args[1], { check: derive.guavaInsertionsRefusal });
    if (args[2]) b.argument('p', args[2], { check: derive.guavaFppRefusal });
    else b.setDefault('p', 0.03, 'Guava default fpp 0.03');
    return b.derive((p) => (p.n !== undefined && p.p !== undefined ? derive.guava(p.n, p.p) : {})).build();
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
  // `df.stat.bloomFilter(`, `df.stat().bloomFilter(`, or `.bloomFilter(` on a DataFrameStatFunctions held in a variable
  pattern: /\.\s*stat(?:\s*\(\s*\))?\s*\.\s*bloomFilter\s*\(|(?<=[\w)\]]\s*)\.\s*bloomFilter\s*\(/g,
  build(ctx, args, start, end, match) {
    if (args.length !== 3) return undefined;
    if (!/^\.\s*stat/.test(match[0]) && !(langIs(ctx, JVM) && ctx.hint('spark-stat', SPARK_STAT_HINT))) return undefined;
    const b = builder(ctx, 'spark.stat.bloomFilter', 'Spark DataFrame stat.bloomFilter', start, end);
    b.argument('n', args[1], { check: checks.positiveInteger('expectedNumItems', 'Spark throws IllegalArgumentException') });
    sparkSecondArgument(b, args[2].text, args[2].start);
    return b.derive(sparkDerive).build();
  },
});

/** RocksDB Java `new BloomFilter(bitsPerKey[, useBlockBasedMode])` (bitcoinj's BloomFilter is declared in src/libraries/bitcoin.ts). */
const newBloomFilterJvm = callRecognizer({
  ids: ['rocksdb.java.bloomFilter', 'rocksdb.legacyBloom'],
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
    return undefined;
  },
});

const HBASE_TYPES = 'ROW|ROWCOL|ROWPREFIX_FIXED_LENGTH|ROWPREFIX_DELIMITED';

/**
 * The Bloom type an HBase setter receives: `BloomType.ROW`, `ROW` (static import), or a constant of the file that holds
 * one (`val BLOOM_TYPE = BloomType.ROW`); undefined for NONE or a value read elsewhere.
 */
function hbaseTypeOf(ctx: ScanContext, argument: string): string | undefined {
  const literal = new RegExp(`^(?:(?:[\\w.]+\\.)?BloomType\\s*\\.\\s*)?(${HBASE_TYPES})$`).exec(argument.trim());
  if (literal) return literal[1];
  const name = /^[A-Za-z_]\w*$/.exec(argument.trim())?.[0];
  if (!name) return undefined;
  const definition = new RegExp(`\\b${name}\\s*(?::\\s*BloomType\\s*)?=\\s*(?:[\\w.]+\\.)?BloomType\\s*\\.\\s*(${HBASE_TYPES})\\b`).exec(ctx.text);
  return definition?.[1];
}

/**
 * HBase column family Bloom type: the shell's `BLOOMFILTER => 'ROWCOL'`; Java/Kotlin/Scala `setBloomFilterType(X)` of a
 * column family (0.94: `StoreFile.BloomType.ROW`) and `withBloomType(X)` of a StoreFileWriter (its `withMaxKeyCount(n)`
 * sizes the filter); happybase (Thrift ColumnDescriptor) `bloom_filter_type='ROW'`; and `BloomType.ROW` handed to a
 * project's own helper that builds the family (`createIfMissing(conn, TABLE, BloomType.ROW)`).
 */
const hbaseBloomType: Recognizer = {
  ids: ['hbase.columnFamily'],
  needles: ['bloomfilter', 'bloomtype', 'bloom_filter_type'],
  pattern: new RegExp(`\\bBLOOMFILTER\\s*=>\\s*['"](${HBASE_TYPES})['"]|\\b(setBloomFilterType|withBloomType)\\s*\\(\\s*([\\w.]{1,80})\\s*\\)|\\bbloom_filter_type['"]?\\s*[:=]\\s*['"](ROW|ROWCOL)['"]|\\bBloomType\\s*\\.\\s*(${HBASE_TYPES})\\b`, 'g'),
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    let type: string | undefined = match[1] ?? match[4];
    if (match[2]) type = hbaseTypeOf(ctx, match[3]);
    else if (match[5]) {
      // a bare `BloomType.ROW`: only as an argument of a project's call, not the setters above (matched there), a
      // comparison, a `case`, or a constant's definition (read where it is used)
      const before = ctx.text.slice(Math.max(0, at - 120), at);
      if (!/[(,]\s*$/.test(before) || /\b(?:setBloomFilterType|withBloomType|equals|valueOf)\s*\(\s*$/.test(before) || /[=!]=\s*$/.test(before)) return undefined;
      if (!ctx.hint('hbase-bloomtype-import', /\borg\.apache\.hadoop\.hbase\b/)) return undefined;
      type = match[5];
    }
    if (type === undefined) return undefined;
    const b = builder(ctx, 'hbase.columnFamily', `HBase ${match[2] === 'withBloomType' ? 'StoreFileWriter' : 'column family'} BLOOMFILTER ${type}`, at, at + match[0].length);
    if (match[2] === 'withBloomType') {
      // StoreFileWriter.Builder sizes the general Bloom filter for maxKeys (BloomFilterFactory.createGeneralBloomAtWrite)
      const keys = /^[^;]{0,300}?\.\s*withMaxKeyCount\s*\(\s*([^()]{1,80})\s*\)/.exec(ctx.text.slice(at, at + 400));
      if (keys) b.argument('n', keys[1], { at: at + keys.index + keys[0].lastIndexOf(keys[1]), check: checks.positiveInteger('maxKeyCount') });
    }
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

export const JVM_RECOGNIZERS: readonly Recognizer[] = [guavaStaticImport, sparkStat, newBloomFilterJvm, hbaseBloomType, elasticsearch];
