/**
 * Libraries met while building the real-world corpus: NRedisStack, bitcore and bcoin (BIP37 in
 * JavaScript), TiKV's `bloom-filter-bits-per-key`, Arash Partow's C++ bloom_parameters and Databricks'
 * BLOOMFILTER INDEX.
 */
import { checks, indexWithin, pickArgument } from '../engine';
import { derive } from '../../libraries';
import { bcoin } from '../../libraries/bip37Js';
import { partow as partowSizing } from '../../libraries/partow';
import { redisClientReserve } from '../../libraries/redisClients';
import { tikv as tikvSizing } from '../../libraries/tikv';
import { evaluateConstant } from '../evaluate';
import type { Recognizer } from '../recognizer';
import type { LibraryDerivation } from '../types';
import { builder, callRecognizer, JS, langIs, readValue } from './helpers';

// Go: holiman/bloomfilter, steakknife/bloomfilter, goleveldb and Pebble are declared as data (src/libraries/holiman.ts,
// steakknife.ts, goleveldb.ts, pebble.ts) and matched by declared.ts.

// ---------------------------------------------------------------- Redis clients

const REDIS_P = checks.probability('errorRate', 'RedisBloom replies "ERR (0 < error rate range < 1)"');
const REDIS_N = checks.positiveInteger('capacity', 'RedisBloom replies "ERR (capacity should be larger than 0)"');
const redisDerive = (nonScaling: boolean) => (p: { n?: number; p?: number }): LibraryDerivation =>
  p.n !== undefined && p.p !== undefined ? redisClientReserve(p.n, p.p, nonScaling) : {};

// Redis OM Spring `@Bloom(name, capacity, errorRate)`: declared in src/libraries/redisClients.ts

/** NRedisStack (.NET): `db.BF().Reserve(key, errorRate, capacity[, expansion, nonscaling])`, `db.BF().Insert(key, items, capacity:, error:)`. */
const nRedisStack = callRecognizer({
  ids: ['nredisstack.bf.reserve', 'nredisstack.bf.insert'],
  needles: ['bf()'],
  pattern: /\.\s*BF\s*\(\s*\)\s*\.\s*(Reserve|Insert)(?:Async)?\s*\(/g,
  build(ctx, args, start, end, match) {
    const reserve = match[1] === 'Reserve';
    const b = builder(ctx, reserve ? 'nredisstack.bf.reserve' : 'nredisstack.bf.insert', `NRedisStack BF().${match[1]}`, start, end);
    const nonScaling = args.some((a, i) => (a.name === 'nonscaling' || (reserve && i === 4 && a.name === undefined)) && /^true$/i.test(a.text));
    if (reserve) {
      const p = pickArgument(args, 1, 'errorRate');
      const n = pickArgument(args, 2, 'capacity');
      if (!p || !n) return undefined;
      b.argument('p', p, { check: REDIS_P });
      b.argument('n', n, { check: REDIS_N });
    } else {
      const n = args.find((a) => a.name === 'capacity');
      const p = args.find((a) => a.name === 'error');
      if (!n && !p) return undefined;
      if (n) b.argument('n', n, { check: REDIS_N });
      if (p) b.argument('p', p, { check: REDIS_P });
      b.setDefault('p', 0.01, 'RedisBloom default error rate 0.01');
      b.setDefault('n', 100, 'RedisBloom default capacity 100');
    }
    if (nonScaling) b.note('NONSCALING: the filter does not grow');
    return b.derive(redisDerive(nonScaling)).build();
  },
});

/**
 * Older RedisBloom clients: redisbloom-py `rb.bfCreate(key, errorRate, capacity)`, JReBloom
 * `client.createFilter(name, initCapacity, errorRate)`, and rueidis' builder `B().BfReserve().Key(k).ErrorRate(p).Capacity(n)`.
 */
const moreRedisClients = callRecognizer({
  ids: ['redisbloom-py.bfCreate', 'jrebloom.createFilter', 'rueidis.bfReserve'],
  needles: ['bfcreate', 'createfilter', 'bfreserve()'],
  pattern: /\.\s*(bfCreate|createFilter|BfReserve)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (match[1] === 'BfReserve') {
      const chain = ctx.text.slice(end, end + 300);
      const p = /\.\s*ErrorRate\s*\(\s*([^()]+?)\s*\)/.exec(chain);
      const n = /\.\s*Capacity\s*\(\s*([^()]+?)\s*\)/.exec(chain);
      if (!p && !n) return undefined;
      const b = builder(ctx, 'rueidis.bfReserve', 'rueidis BfReserve', start, end + Math.max(p ? p.index + p[0].length : 0, n ? n.index + n[0].length : 0));
      if (p) b.argument('p', p[1], { at: end + p.index + p[0].indexOf(p[1], p[0].indexOf('(')), check: REDIS_P });
      if (n) b.argument('n', n[1], { at: end + n.index + n[0].indexOf(n[1], n[0].indexOf('(')), check: REDIS_N });
      const nonScaling = /\.\s*Nonscaling\s*\(/.test(chain);
      return b.derive(redisDerive(nonScaling)).build();
    }
    if (args.length < 3) return undefined;
    if (match[1] === 'createFilter') {
      if (!ctx.hint('jrebloom', /io\.rebloom|JReBloom|rebloom\.client/)) return undefined;
      const b = builder(ctx, 'jrebloom.createFilter', 'JReBloom createFilter', start, end);
      b.argument('n', args[1], { check: REDIS_N });
      b.argument('p', args[2], { check: REDIS_P });
      return b.derive(redisDerive(false)).build();
    }
    const b = builder(ctx, 'redisbloom-py.bfCreate', 'redisbloom-py bfCreate', start, end);
    b.argument('p', pickArgument(args, 1, 'errorRate'), { check: REDIS_P });
    b.argument('n', pickArgument(args, 2, 'capacity'), { check: REDIS_N });
    const noScale = args.some((a) => a.name === 'noScale' && /^(?:True|true|1)$/.test(a.text));
    return b.derive(redisDerive(noScale)).build();
  },
});

// ---------------------------------------------------------------- JavaScript: BIP37 (bitcore, bcoin)

// bitcore-lib / bloom-filter npm `BloomFilter.create(elements, fpRate[, nTweak, nFlags])`: declared in src/libraries/bip37Js.ts

/** bcoin `BloomFilter.fromRate(items, rate, update)`: update = -1 lifts BIP37's size and hash caps, so the third argument's text decides. */
const bcoinFromRate = callRecognizer({
  ids: ['bcoin.bloom.fromRate'],
  needles: ['.fromrate'],
  pattern: /\b(?:BloomFilter|Bloom)\s*\.\s*fromRate\s*\(/g,
  build(ctx, args, start, end) {
    if (!langIs(ctx, JS)) return undefined;
    if (args.length < 2) return undefined;
    const b = builder(ctx, 'bcoin.bloom.fromRate', 'bcoin BloomFilter.fromRate (BIP37)', start, end);
    b.argument('n', args[0], { check: checks.positiveInteger('elements') });
    b.argument('p', args[1], { check: checks.probability('falsePositiveRate') });
    const unlimited = args[2] !== undefined && /^-1$/.test(args[2].text.trim());
    return b.derive((p) => (p.n === undefined || p.p === undefined ? {} : bcoin(p.n, p.p, !unlimited))).build();
  },
});

/** bitcore `new BloomFilter({ vData, nHashFuncs, nTweak, nFlags })`: the hash count and the data size as stated. */
const bitcoreNew = callRecognizer({
  ids: ['bitcore.bloomFilter.new'],
  needles: ['nhashfuncs'],
  pattern: /\bnew\s+BloomFilter\s*\(/g,
  build(ctx, args, start, end) {
    if (!langIs(ctx, JS) || args.length !== 1 || !args[0].text.startsWith('{')) return undefined;
    const fields = new Map<string, { text: string; at: number }>();
    for (const m of args[0].text.matchAll(/\b(nHashFuncs|vData)\s*:\s*([^,}\n]+)/g)) fields.set(m[1], { text: m[2].trim(), at: args[0].start + (m.index ?? 0) + m[0].indexOf(m[2]) });
    const k = fields.get('nHashFuncs');
    if (!k) return undefined;
    const b = builder(ctx, 'bitcore.bloomFilter.new', 'bitcore new BloomFilter({ nHashFuncs, vData })', start, end);
    b.argument('k', k.text, { at: k.at, check: checks.range('nHashFuncs', 1, 50, 'BIP37 peers reject it') });
    const data = fields.get('vData');
    const length = data ? /^(?:Buffer\.alloc|new\s+Array|new\s+Uint8Array)\s*\(\s*([^()]+)\)$/.exec(data.text) : undefined;
    if (length && data) b.argument('m', length[1], { at: data.at + data.text.indexOf(length[1]), scale: 8, check: checks.range('vData bytes', 1, 36000, 'BIP37 peers reject it') });
    return b.derive((p) => ({ ...(p.m !== undefined ? { m: p.m } : {}), ...(p.k !== undefined ? { k: p.k } : {}) })).build();
  },
});

// ---------------------------------------------------------------- TiKV / RocksDB configs

/** TiKV `bloom-filter-bits-per-key = 10` (TOML, per column family) and its Rust struct default `bloom_filter_bits_per_key: 10`. */
const tikv: Recognizer = {
  ids: ['tikv.bloomFilterBitsPerKey'],
  needles: ['bloom-filter-bits-per-key', 'bloom_filter_bits_per_key'],
  pattern: /\bbloom[-_]filter[-_]bits[-_]per[-_]key\b["']?/g,
  match(ctx, match, at) {
    // `rocksdb.bloom_filter_bits_per_key` is HugeGraph's key (declared by the RocksDB module)
    if (ctx.isComment(at) || /rocksdb\.$/.test(ctx.text.slice(Math.max(0, at - 8), at))) return undefined;
    const value = readValue(ctx, at + match[0].length - (/["']$/.test(match[0]) ? 1 : 0));
    // a struct field's type (`: i32`) or a read of the field (`cf.bloom_filter_bits_per_key.into()`), not a value
    if (!value || !/^(?:[-+(\d]|\.\d)|^[A-Z][A-Z0-9_]+$/.test(value.text)) return undefined;
    const bits = evaluateConstant(value.text, ctx.configEval);
    if (bits.ok && bits.value === 0) return undefined; // 0 bits per key: RocksDB builds no filter
    const b = builder(ctx, 'tikv.bloomFilterBitsPerKey', 'TiKV / RocksDB bloom-filter-bits-per-key', at, value.end);
    b.config('bitsPerElement', value.text, { at: value.start, check: checks.positive('bloom-filter-bits-per-key') });
    return b.derive((p) => (p.bitsPerElement !== undefined ? tikvSizing(p.bitsPerElement) : {})).build();
  },
};

// ---------------------------------------------------------------- C / C++

// libbloom (jvirkki) bloom_init2 / bloom_init / bloom_init_size: declared in src/libraries/libbloom.ts

/** Arash Partow's C++ bloom_filter: `bloom_parameters params; params.projected_element_count = N; params.false_positive_probability = P;`. */
const partow: Recognizer = {
  ids: ['cpp.partow.bloomParameters'],
  needles: ['bloom_parameters'],
  pattern: /\bbloom_parameters\s+([A-Za-z_]\w*)\s*;/g,
  match(ctx, match, at) {
    if (!ctx.isCode(at)) return undefined;
    const body = ctx.text.slice(at, at + 1500);
    const field = (name: string) => new RegExp(`\\b${match[1]}\\s*\\.\\s*${name}\\s*=\\s*([^;\\n]+);`).exec(body);
    const n = field('projected_element_count');
    const p = field('false_positive_probability');
    if (!n && !p) return undefined;
    const ends = [n, p].filter((x): x is RegExpExecArray => x !== null).map((x) => at + x.index + x[0].length);
    const b = builder(ctx, 'cpp.partow.bloomParameters', 'C++ bloom_parameters (Partow bloom_filter)', at, Math.max(...ends));
    if (n) b.argument('n', n[1], { at: at + n.index + n[0].lastIndexOf(n[1]), check: checks.positiveInteger('projected_element_count') });
    if (p) b.argument('p', p[1], { at: at + p.index + p[0].lastIndexOf(p[1]), check: checks.probability('false_positive_probability') });
    return b.derive((q) => (q.n !== undefined && q.p !== undefined ? partowSizing(q.n, q.p) : {})).build();
  },
};

// Bloomex (Elixir) and ebloom (Erlang): declared in src/libraries/beamBloom.ts

/** Databricks / Delta `CREATE BLOOMFILTER INDEX ON TABLE t FOR COLUMNS(c OPTIONS (fpp = 0.1, numItems = 50000000))`. */
const databricks: Recognizer = {
  ids: ['databricks.bloomFilterIndex'],
  needles: ['bloomfilter index'],
  pattern: /\bCREATE\s+BLOOMFILTER\s+INDEX\b/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const text = ctx.text;
    const statementEnd = indexWithin(text, ';', at, 2000);
    const stop = statementEnd < 0 ? Math.min(text.length, at + 2000) : statementEnd;
    const body = text.slice(at, stop);
    const option = (name: string) => new RegExp(`\\b${name}\\s*=\\s*([\\w.'"]+)`, 'i').exec(body);
    const fpp = option('fpp');
    const items = option('numItems');
    const b = builder(ctx, 'databricks.bloomFilterIndex', 'Databricks BLOOMFILTER INDEX', at, fpp || items ? at + Math.max(fpp ? fpp.index + fpp[0].length : 0, items ? items.index + items[0].length : 0) : at + match[0].length);
    if (fpp) b.config('p', fpp[1], { at: at + fpp.index + fpp[0].length - fpp[1].length, check: checks.probability('fpp') });
    else b.setDefault('p', 0.1, 'Databricks default fpp 0.1');
    if (items) b.config('n', items[1], { at: at + items.index + items[0].length - items[1].length, check: checks.positiveInteger('numItems') });
    else b.setDefault('n', 1_000_000, 'Databricks default numItems 1000000');
    b.note('n is per file; Databricks\' own rounding is not modelled (textbook sizing)');
    return b.derive((p) => (p.n !== undefined && p.p !== undefined ? derive.ceilCeil(p.n, p.p) : {})).build();
  },
};

export const EXTRA_RECOGNIZERS: readonly Recognizer[] = [
  databricks, moreRedisClients,
  nRedisStack, bcoinFromRate, bitcoreNew, tikv, partow,
];
