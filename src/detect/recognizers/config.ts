/**
 * Configuration keys in any format (YAML, JSON, TOML, .properties, XML, spark-defaults.conf, SQL
 * `SET`/`OPTIONS`/`TBLPROPERTIES`, `conf.set("key", value)` in code): Spark runtime filters, HBase, Hudi
 * (Parquet, Iceberg and ORC are declared by their library modules and matched in declared.ts). Keys of one system close to each other (and of one column) form one finding.
 */
import { checks, Draft, DraftBuilder, enclosingOpenParen, ScanContext } from '../engine';
import { derive } from '../../libraries';
import type { Recognizer } from '../recognizer';
import { groupHits } from './declared';
import { builder, readValue } from './helpers';

interface KeyHit {
  readonly key: string;
  readonly column: string | undefined;
  readonly at: number;
  readonly keyEnd: number;
  readonly value: { text: string; start: number; end: number } | undefined;
  readonly line: number;
}

interface GroupSystem {
  readonly id: string;
  readonly title: string;
  readonly needles: readonly string[];
  /** Global pattern; group 1 = the key's short name, group 2 = the column (if the system has per-column keys). */
  readonly keys: RegExp;
  /** Keys that apply to every column's group. */
  readonly globalKeys?: readonly string[];
  build(b: DraftBuilder, values: ReadonlyMap<string, KeyHit>, column: string | undefined): Draft | undefined;
}

const cache = new WeakMap<ScanContext, Map<string, readonly Draft[]>>();

function groupRecognizer(system: GroupSystem): Recognizer {
  return {
    ids: [system.id],
    needles: system.needles,
    pattern: new RegExp(system.keys.source, 'g'),
    match(ctx, _match, at) {
      if (ctx.isComment(at)) return undefined;
      let perContext = cache.get(ctx);
      if (!perContext) {
        perContext = new Map();
        cache.set(ctx, perContext);
      }
      let drafts = perContext.get(system.id);
      if (!drafts) {
        drafts = buildGroups(ctx, system);
        perContext.set(system.id, drafts);
      }
      return drafts;
    },
  };
}

function buildGroups(ctx: ScanContext, system: GroupSystem): Draft[] {
  const hits: KeyHit[] = [];
  const pattern = new RegExp(system.keys.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(ctx.text)) !== null && hits.length < 10_000) {
    if (ctx.isComment(match.index)) continue;
    const keyEnd = match.index + match[0].length;
    hits.push({ key: match[1], column: match[2], at: match.index, keyEnd, value: readValue(ctx, keyEnd), line: ctx.source.lineOf(match.index) });
  }
  const drafts: Draft[] = [];
  for (const { column, members: group, globals } of groupHits(hits, (h) => system.globalKeys?.includes(h.key) ?? false)) {
    const members = group.length > 0 ? group : globals;
    if (members.length === 0) continue;
    const values = new Map<string, KeyHit>();
    for (const hit of [...globals, ...group]) if (!values.has(hit.key) || group.includes(hit)) values.set(hit.key, hit);
    const start = members[0].at;
    const last = members[members.length - 1];
    const b = builder(ctx, system.id, column ? `${system.title} (column ${column})` : system.title, start, last.value?.end ?? last.keyEnd);
    const draft = system.build(b, values, column);
    if (draft) drafts.push(draft);
  }
  return drafts;
}

function isFalse(hit: KeyHit | undefined): boolean {
  return hit?.value !== undefined && /^false$/i.test(hit.value.text.trim());
}

function configValue(b: DraftBuilder, param: Parameters<DraftBuilder['config']>[0], hit: KeyHit | undefined, check?: (v: number) => string | undefined): number | undefined {
  if (!hit) return undefined;
  if (!hit.value) {
    b.unevaluated(param, hit.key);
    return undefined;
  }
  const evalOptions = b.ctx.source.family === 'c' || b.ctx.source.family === 'js' || b.ctx.source.family === 'python'
    ? { ...b.ctx.codeEval, allowQuotedNumbers: true }
    : b.ctx.configEval;
  return b.argument(param, hit.value.text, { kind: 'config', eval: evalOptions, at: hit.value.start, check });
}

const sparkRuntime = groupRecognizer({
  id: 'spark.runtimeBloomFilter',
  title: 'Spark runtime Bloom filter join',
  needles: ['runtime.bloomfilter'],
  keys: /spark\.sql\.optimizer\.runtime\.bloomFilter\.(enabled|expectedNumItems|maxNumItems|numBits|maxNumBits)\b()/,
  build(b, values) {
    if (isFalse(values.get('enabled'))) b.note('spark.sql.optimizer.runtime.bloomFilter.enabled = false: no runtime filters are built');
    const n = configValue(b, 'n', values.get('expectedNumItems'), checks.positiveInteger('expectedNumItems'));
    const m = configValue(b, 'm', values.get('numBits'), checks.positiveInteger('numBits'));
    if (n === undefined) b.setDefault('n', 1_000_000, 'Spark default expectedNumItems 1000000');
    if (m === undefined) b.setDefault('m', 8_388_608, 'Spark default numBits 8388608');
    if (values.has('maxNumItems') || values.has('maxNumBits')) b.note('with table statistics Spark sizes each filter from the row count, capped by maxNumItems / maxNumBits');
    return b.derive((p) => (p.n !== undefined && p.m !== undefined ? derive.sparkSketch(p.n, undefined, p.m) : {})).build();
  },
});

const hbase = groupRecognizer({
  id: 'hbase.storefileBloom',
  title: 'HBase store file Bloom filter',
  needles: ['io.storefile.bloom'],
  keys: /\bio\.storefile\.bloom\.(error\.rate|max\.fold|max\.keys|block\.size|enabled)\b()/,
  build(b, values) {
    if (isFalse(values.get('enabled'))) b.note('io.storefile.bloom.enabled = false: no Bloom filters are written');
    configValue(b, 'p', values.get('error.rate'), checks.probability('io.storefile.bloom.error.rate'));
    b.setDefault('p', 0.01, 'HBase default io.storefile.bloom.error.rate 0.01');
    const blockProbe = builder(b.ctx, 'probe', '', 0, 0);
    const blockSize = configValue(blockProbe, 'm', values.get('block.size'), checks.positiveInteger('io.storefile.bloom.block.size')) ?? 131072;
    return b.derive((p) => (p.p !== undefined ? derive.hbaseChunk(p.p, blockSize, false) : {})).build();
  },
});

const hudi = groupRecognizer({
  id: 'hudi.bloomIndex',
  title: 'Apache Hudi Bloom index',
  needles: ['hoodie.index.bloom'],
  keys: /\bhoodie\.index\.bloom\.(num_entries|fpp)\b()/,
  build(b, values) {
    configValue(b, 'n', values.get('num_entries'), checks.positiveInteger('hoodie.index.bloom.num_entries'));
    configValue(b, 'p', values.get('fpp'), checks.probability('hoodie.index.bloom.fpp'));
    b.setDefault('n', 60000, 'Hudi default num_entries 60000');
    b.setDefault('p', 0.000000001, 'Hudi default fpp 1e-9');
    b.note('with the default DYNAMIC_V0 filter type the filter grows beyond num_entries up to hoodie.bloom.index.filter.dynamic.max.entries');
    return b.derive((p) => (p.n !== undefined && p.p !== undefined ? derive.ceilCeil(p.n, p.p) : {})).build();
  },
});

/** Doris / StarRocks table property `"bloom_filter_fpp" = "0.05"` (with `bloom_filter_columns`). */
const doris: Recognizer = {
  ids: ['doris.bloomFilterFpp'],
  needles: ['bloom_filter_fpp'],
  pattern: /["'`]bloom_filter_fpp["'`]\s*=/g,
  match(ctx, match, at) {
    if (ctx.isComment(at) || !/sql/.test(ctx.source.languageId ?? 'sql')) return undefined;
    if (ngramIndexOption(ctx, at)) return undefined; // StarRocks' n-gram index (src/libraries/starrocksNgram.ts)
    const value = readValue(ctx, at + match[0].length - 2);
    if (!value) return undefined;
    const b = builder(ctx, 'doris.bloomFilterFpp', 'Doris/StarRocks bloom_filter_fpp', at, value.end);
    b.config('p', value.text, { at: value.start, check: checks.range('bloom_filter_fpp', 0.0001, 0.05, 'Doris rejects it') });
    return b.build();
  },
};

/** `bloom_filter_fpp` of a StarRocks `USING NGRAMBF (...)` index, or of an index resource outside SQL whose type is NGRAMBF. */
function ngramIndexOption(ctx: ScanContext, at: number): boolean {
  const open = enclosingOpenParen(ctx, at);
  if (open >= 0) return /\bNGRAMBF\s*$/i.test(ctx.text.slice(Math.max(0, open - 40), open));
  return ctx.hint('ngrambf', /\bNGRAMBF\b/i);
}

export const CONFIG_RECOGNIZERS: readonly Recognizer[] = [sparkRuntime, hbase, hudi, doris];
