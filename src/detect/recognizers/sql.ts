/** SQL / CQL table and index options: Cassandra/Scylla, ClickHouse skip indexes, PostgreSQL bloom and BRIN bloom, Doris/StarRocks table properties. */
import { checks, Draft, enclosingOpenParen, ScanContext, splitArguments } from '../engine';
import { derive } from '../../libraries';
import { databricksBloom } from '../../libraries/databricks';
import { BRIN_DEFAULT_N_DISTINCT_PER_RANGE, BRIN_DEFAULT_PAGES_PER_RANGE } from '../../libraries/postgres';
import type { Recognizer } from '../recognizer';
import { builder, readValue } from './helpers';

/** Cassandra / ScyllaDB `bloom_filter_fp_chance = 0.01` (CQL, schema dumps in YAML/JSON). */
const cassandra: Recognizer = {
  ids: ['cassandra.fpChance'],
  needles: ['bloom_filter_fp_chance'],
  pattern: /\bbloom_filter_fp_chance\b/g,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    // the option set (`= 0.01`, `: 0.01`, `'bloom_filter_fp_chance': 0.01`, `set("bloom_filter_fp_chance", 0.01)`), not a
    // column read back (`SELECT bloom_filter_fp_chance, caching`) nor a schema's type (`"...": schema.Float64Attribute{`)
    const quoted = /["'`]/.test(ctx.text[at - 1] ?? '');
    if (!quoted && /^\s*,/.test(ctx.text.slice(at + match[0].length, at + match[0].length + 4))) return undefined;
    const value = readValue(ctx, at + match[0].length);
    if (!value || /[{(]$/.test(value.text)) return undefined;
    // a row of the schema tables in program code (`"keyspace_name": ..., "bloom_filter_fp_chance": 0.01`): data, not an option set
    // (or an object initialiser's, C# `new { keyspace_name = "ks1", ..., bloom_filter_fp_chance = 0.1 }`)
    const code = ctx.source.family === 'c' || ctx.source.family === 'js' || ctx.source.family === 'python';
    const around = ctx.text.slice(Math.max(0, at - 400), at + 200);
    if ((quoted && ctx.source.family !== 'json' && ctx.source.family !== 'hash' && /["'`](?:keyspace_name|table_name|columnfamily_name)["'`]/.test(around))
      || (code && /\b(?:keyspace_name|columnfamily_name)\s*=\s*["'`]/.test(around))) return undefined;
    const b = builder(ctx, 'cassandra.fpChance', 'Cassandra/ScyllaDB bloom_filter_fp_chance', at, value.end);
    const probe = builder(ctx, 'probe', '', 0, 0).config('p', value.text);
    if (probe === 1) {
      b.note('bloom_filter_fp_chance = 1.0 disables the filter (AlwaysPresentFilter)');
      return b.build();
    }
    b.config('p', value.text, {
      at: value.start,
      check: (v) => (v > 6.71e-5 && v <= 1 ? undefined : `bloom_filter_fp_chance = ${v}: Cassandra requires it to be larger than 6.71e-05 and less than or equal to 1.0`),
    });
    return b.derive((p) => (p.p !== undefined ? derive.cassandra(p.p) : {})).build();
  },
};

/** ClickHouse `TYPE bloom_filter([p])`, `TYPE tokenbf_v1(bytes, k, seed)`, `TYPE ngrambf_v1(n, bytes, k, seed)`. */
const clickhouse: Recognizer = {
  ids: ['clickhouse.bloomFilter', 'clickhouse.tokenbf', 'clickhouse.ngrambf'],
  needles: ['bloom_filter', 'tokenbf_v1', 'ngrambf_v1'],
  pattern: /\bTYPE\s+(bloom_filter|tokenbf_v1|ngrambf_v1)\b/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const type = match[1].toLowerCase();
    const afterType = at + match[0].length;
    const parenOffset = /^\s*\(/.exec(ctx.text.slice(afterType, afterType + 10));
    const list = parenOffset ? splitArguments(ctx.text, afterType + parenOffset[0].length - 1) : undefined;
    if (parenOffset && !list) return undefined;
    const args = list?.args ?? [];
    const end = list?.end ?? afterType;
    const granularity = /^\s*GRANULARITY\s+(\d+)/i.exec(ctx.text.slice(end, end + 40));
    if (type === 'bloom_filter') {
      const b = builder(ctx, 'clickhouse.bloomFilter', 'ClickHouse bloom_filter skip index', at, end);
      if (args.length > 1) {
        b.invalid(`bloom_filter takes at most one argument (the false-positive rate); ClickHouse rejects bloom_filter(${args.map((a) => a.text).join(', ')}) outside ATTACH`);
        return b.build();
      }
      if (args[0]) b.config('p', args[0], { check: checks.range('false_positive', 0, 1, 'ClickHouse rejects it') });
      else b.setDefault('p', 0.025, 'ClickHouse bloom_filter default false_positive 0.025');
      if (granularity) b.note(`n is the number of distinct values per ${granularity[1]} index granules, known only at run time`);
      return b.derive((p) => (p.p !== undefined ? derive.clickhouseBloomFilter(p.p) : {})).build();
    }
    const ngram = type === 'ngrambf_v1';
    const expected = ngram ? 4 : 3;
    const b = builder(ctx, ngram ? 'clickhouse.ngrambf' : 'clickhouse.tokenbf', `ClickHouse ${type} skip index`, at, end);
    if (args.length !== expected) {
      b.invalid(`${type} takes ${expected} arguments (${ngram ? 'n, ' : ''}size_of_bloom_filter_in_bytes, number_of_hash_functions, random_seed), got ${args.length}`);
      return b.build();
    }
    const offset = ngram ? 1 : 0;
    if (ngram) b.note(`ngrams of ${args[0].text} characters`);
    b.config('m', args[offset], { scale: 8, check: checks.positiveInteger('size_of_bloom_filter_in_bytes') });
    b.config('k', args[offset + 1], { check: checks.positiveInteger('number_of_hash_functions') });
    b.note('n is the number of distinct tokens per index granule, known only at run time');
    return b.derive((p) => ({ ...(p.m !== undefined ? { m: p.m } : {}), ...(p.k !== undefined ? { k: p.k } : {}) })).build();
  },
};

/** PostgreSQL contrib bloom: `CREATE INDEX ... USING bloom (c1, c2) WITH (length=80, col1=2, col2=2)`. */
const postgresBloom: Recognizer = {
  ids: ['postgres.bloom'],
  needles: ['using bloom'],
  pattern: /\bUSING\s+bloom\s*\(/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const columns = splitArguments(ctx.text, at + match[0].length - 1);
    if (!columns || columns.args.length === 0) return undefined;
    const withClause = /^\s*WITH\s*\(/i.exec(ctx.text.slice(columns.end, columns.end + 20));
    const options = withClause ? splitArguments(ctx.text, columns.end + withClause[0].length - 1) : undefined;
    const end = options?.end ?? columns.end;
    const b = builder(ctx, 'postgres.bloom', 'PostgreSQL bloom index', at, end);
    const columnCount = columns.args.length;
    b.set('n', columnCount, { kind: 'argument', text: `${columnCount} indexed column${columnCount > 1 ? 's' : ''} per row` });
    const length = options?.args.find((a) => a.name === 'length');
    if (length) b.config('m', length, { check: checks.range('length', 1, 4096, 'PostgreSQL rejects it') });
    else b.setDefault('m', 80, 'PostgreSQL bloom default length 80 bits');
    const perColumn: number[] = [];
    for (let i = 1; i <= columnCount; i++) {
      const option = options?.args.find((a) => a.name === `col${i}`);
      if (!option) {
        perColumn.push(2);
        continue;
      }
      const probe = builder(ctx, 'probe', '', 0, 0);
      const value = probe.config('k', option, { check: checks.range(`col${i}`, 1, 4095, 'PostgreSQL rejects it') });
      b.draft.invalid.push(...probe.draft.invalid);
      if (value === undefined) return b.build();
      perColumn.push(value);
    }
    if (perColumn.every((k) => k === perColumn[0])) b.set('k', perColumn[0], { kind: options?.args.some((a) => /^col\d+$/.test(a.name ?? '')) ? 'config' : 'default', text: `col1..col${columnCount} = ${perColumn[0]}` });
    else b.note(`bits per column differ (${perColumn.join(', ')}); k is their sum per row, a query on one column probes that column's bits`);
    b.note('one signature of `length` bits per row, n = the number of indexed columns');
    return b.derive((p) => {
      if (p.m === undefined) return {};
      const m = Math.ceil(p.m / 16) * 16; // rounded up to a multiple of 16 bits
      const sameK = perColumn.every((k) => k === perColumn[0]);
      return { m, ...(sameK ? { k: perColumn[0] } : {}), ...(m !== p.m ? { notes: [`length rounded up to ${m} bits`] } : {}) };
    }).build();
  },
};

/** PostgreSQL 14+ BRIN bloom opclass: `int8_bloom_ops(n_distinct_per_range = 100, false_positive_rate = 0.01)`. */
const brinBloom: Recognizer = {
  ids: ['postgres.brinBloom'],
  needles: ['_bloom_ops'],
  pattern: /\b[a-z0-9]{1,24}_bloom_ops\b/g,
  match(ctx, match, at) {
    // `CREATE OPERATOR CLASS float8_bloom_ops ... USING bloom`: the class's definition, not an index using it
    if (ctx.isComment(at) || /operator\s+class\s+$/i.test(ctx.text.slice(Math.max(0, at - 40), at))) return undefined;
    const after = at + match[0].length;
    const paren = /^\s*\(/.exec(ctx.text.slice(after, after + 10));
    const list = paren ? splitArguments(ctx.text, after + paren[0].length - 1) : undefined;
    const b = builder(ctx, 'postgres.brinBloom', `PostgreSQL BRIN ${match[0]}`, at, list?.end ?? after);
    const n = list?.args.find((a) => a.name === 'n_distinct_per_range');
    const p = list?.args.find((a) => a.name === 'false_positive_rate');
    // n_distinct_per_range may be negative (a fraction of the tuples a range can hold): kept apart from n, which is a count.
    let nDistinctPerRange: number | undefined = BRIN_DEFAULT_N_DISTINCT_PER_RANGE;
    if (n) {
      const value = builder(ctx, 'probe', '', 0, 0).config('n', n);
      nDistinctPerRange = value !== undefined && value >= -1 && value < 0 ? value
        : b.config('n', n, { check: checks.range('n_distinct_per_range', -1, 2 ** 31 - 1, 'PostgreSQL rejects it') });
    } else b.note('n_distinct_per_range defaults to -0.1: 10 % of the tuples a page range can hold (291 per 8 kB page)');
    if (p) b.config('p', p, { check: checks.range('false_positive_rate', 0.0001, 0.25, 'PostgreSQL rejects it') });
    else b.setDefault('p', 0.01, 'PostgreSQL BRIN bloom default false_positive_rate 0.01');
    const pagesText = /^[^;]{0,400}?\bpages_per_range\s*=\s*(\d+)/i.exec(ctx.text.slice(list?.end ?? after))?.[1];
    const pagesPerRange = pagesText !== undefined ? Number(pagesText) : BRIN_DEFAULT_PAGES_PER_RANGE;
    return b.derive((q) => (nDistinctPerRange !== undefined && q.p !== undefined ? derive.brinBloom(nDistinctPerRange, q.p, pagesPerRange) : {})).build();
  },
};

/**
 * Doris / StarRocks table property `"bloom_filter_fpp" = "0.05"` (with `bloom_filter_columns`); `bloom_filter_columns`
 * alone builds its columns' filters at the default fpp 0.05 (Doris PropertyAnalyzer / StarRocks BloomFilterIndexUtil:
 * DEFAULT_BLOOM_FILTER_FPP 0.05, MIN_FPP 0.0001, MAX_FPP 0.05).
 */
const doris: Recognizer = {
  ids: ['doris.bloomFilterFpp'],
  needles: ['bloom_filter_fpp', 'bloom_filter_columns'],
  pattern: /["'`](bloom_filter_fpp|bloom_filter_columns)["'`]\s*=/g,
  match(ctx, match, at) {
    if (ctx.isComment(at) || !/sql|markdown/.test(ctx.source.languageId ?? 'sql')) return undefined; // SQL files and SQL in docs
    const value = readValue(ctx, at + match[0].length - 2);
    if (!value) return undefined;
    if (match[1] === 'bloom_filter_columns') {
      // the same PROPERTIES clause states the fpp: that key makes the finding
      const open = enclosingOpenParen(ctx, at);
      const close = open >= 0 ? splitArguments(ctx.text, open)?.end ?? at : at;
      const clause = open >= 0 ? ctx.text.slice(open, close) : ctx.text.slice(at, value.end);
      if (/["'`]bloom_filter_fpp["'`]\s*=/.test(clause) || /^["'`]?\s*["'`]?$/.test(value.text)) return undefined;
      const b = builder(ctx, 'doris.bloomFilterFpp', `Doris/StarRocks bloom_filter_columns ${value.text}`, at, value.end);
      b.setDefault('p', 0.05, 'Doris/StarRocks default bloom_filter_fpp 0.05');
      return b.build();
    }
    if (ngramIndexOption(ctx, at)) return undefined; // StarRocks' n-gram index (src/libraries/starrocksNgram.ts)
    const b = builder(ctx, 'doris.bloomFilterFpp', 'Doris/StarRocks bloom_filter_fpp', at, value.end);
    b.config('p', value.text, { at: value.start, check: checks.range('bloom_filter_fpp', 0.0001, 0.05, 'Doris rejects it') });
    return b.build();
  },
};

/** `bloom_filter_fpp` of a StarRocks `USING NGRAMBF (...)` index, or of an index resource outside SQL whose type is NGRAMBF. */
function ngramIndexOption(ctx: ScanContext, at: number): boolean {
  const open = enclosingOpenParen(ctx, at);
  // (`NGRAM_BF (... "bloom_filter_fpp" ...)` is StarRocks' index too: Doris' NGRAM_BF takes `bf_size`, no fpp)
  if (open >= 0) return /\bNGRAM_?BF\s*$/i.test(ctx.text.slice(Math.max(0, open - 40), open));
  return ctx.hint('ngrambf', /\bNGRAMBF\b/i);
}

/** `OPTIONS (fpp = 0.1, numItems = 5000000)` after `from` (the `=` is optional): its options by lower-case name, with their offsets. */
function databricksOptions(ctx: ScanContext, from: number): { options: Map<string, { text: string; start: number }>; end: number } | undefined {
  const head = /^\s*OPTIONS\s*\(/i.exec(ctx.text.slice(from, from + 40));
  if (!head) return undefined;
  const list = splitArguments(ctx.text, from + head[0].length - 1);
  if (!list) return undefined;
  const options = new Map<string, { text: string; start: number }>();
  for (const arg of list.args) {
    const raw = arg.name !== undefined ? `${arg.name} = ${arg.text}` : arg.text;
    const option = /^(\w+)\s*=?\s*(\S.*)$/s.exec(raw);
    if (option) options.set(option[1].toLowerCase(), { text: option[2].trim(), start: arg.end - option[2].trim().length });
  }
  return { options, end: list.end };
}

/**
 * Databricks `CREATE BLOOMFILTER INDEX ON [TABLE] t FOR COLUMNS(c [OPTIONS (...)], ...) [OPTIONS (...)]`: one filter per
 * column and data file; a column's own options before the statement's, then the defaults (src/libraries/databricks.ts).
 */
const databricks: Recognizer = {
  ids: ['databricks.bloomFilterIndex'],
  needles: ['bloomfilter index'],
  pattern: /\bCREATE\s+BLOOMFILTER\s+INDEX\b/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const forColumns = /^[^;]{0,300}?\bFOR\s+COLUMNS\s*\(/i.exec(ctx.text.slice(at + match[0].length, at + match[0].length + 400));
    if (!forColumns) return undefined;
    const columns = splitArguments(ctx.text, at + match[0].length + forColumns[0].length - 1);
    if (!columns || columns.args.length === 0) return undefined;
    const statement = databricksOptions(ctx, columns.end);
    const end = statement?.end ?? columns.end;
    const perColumn = columns.args.map((column) => {
      const own = /\bOPTIONS\s*\(/i.exec(column.text);
      return own ? databricksOptions(ctx, column.start + own.index)?.options : undefined;
    });
    const b = builder(ctx, 'databricks.bloomFilterIndex', `Databricks bloom filter index on ${columns.args.map((c) => c.text.split(/\s/)[0]).join(', ')}`, at, end);
    // the first column's options stand for the index; others that differ are named in a note
    const option = (name: string) => perColumn[0]?.get(name) ?? statement?.options.get(name);
    const fpp = option('fpp');
    const numItems = option('numitems');
    if (fpp) b.config('p', fpp.text, { at: fpp.start, check: checks.range('fpp', Number.MIN_VALUE, 1, 'Databricks requires 0 < fpp <= 1') });
    else b.setDefault('p', 0.1, 'Databricks default fpp 0.1');
    if (numItems) b.config('n', numItems.text, { at: numItems.start, check: checks.positiveInteger('numItems') });
    else b.setDefault('n', 1_000_000, 'Databricks default numItems 1,000,000');
    if (perColumn.slice(1).some((own) => own !== undefined)) b.note('columns state their own options: shown are the first column\'s');
    b.note('one filter per column per data file; numItems is the distinct values a file holds');
    return b.derive((q) => (q.n !== undefined && q.p !== undefined ? databricksBloom(q.n, q.p) : {})).build();
  },
};

/** Recognisers whose options configure a whole SQL index (not one of its columns): their finding starts where the index is defined. */
const WHOLE_INDEX_RECOGNIZERS = new Set(['postgres.bloom', 'doris.ngramBf', 'starrocks.ngrambf', 'clickhouse.bloomFilter', 'clickhouse.tokenbf', 'clickhouse.ngrambf']);

/**
 * A whole-index finding in SQL starts at its index's definition: `CREATE INDEX name` (or an `INDEX name` clause of a
 * table, ClickHouse's `ADD INDEX name`) in the same statement, a few lines above the `USING bloom`, `TYPE bloom_filter`
 * or options that make the finding.
 */
export function startAtIndexDefinition(ctx: ScanContext, drafts: Draft[]): void {
  // SQL files, SQL in Markdown, and ClickHouse DDL wherever it is written (a string of Go or Python code)
  const sql = ctx.source.languageId === 'sql' || ctx.source.languageId === 'markdown';
  for (const draft of drafts) {
    if (!WHOLE_INDEX_RECOGNIZERS.has(draft.recognizer) || (!sql && !draft.recognizer.startsWith('clickhouse.'))) continue;
    const from = Math.max(0, draft.start - 400);
    const before = ctx.text.slice(from, draft.start);
    let start: number | undefined;
    for (const m of before.matchAll(/\b(?:CREATE\s+(?:UNIQUE\s+)?INDEX|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"\w.]+/gi)) {
      if (!ctx.isComment(from + m.index!) && !/;/.test(before.slice(m.index!))) start = from + m.index!;
    }
    if (start !== undefined) draft.start = start;
  }
}

export const SQL_RECOGNIZERS: readonly Recognizer[] = [cassandra, clickhouse, postgresBloom, brinBloom, doris, databricks];
