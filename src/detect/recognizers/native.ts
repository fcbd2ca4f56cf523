/** C / C++ and system configs: RocksDB, LevelDB, Bitcoin Core, eBPF bloom maps, Squid cache digests. */
import { checks, DraftBuilder, indexWithin, lastIndexWithin, splitArguments } from '../engine';
import { derive } from '../../libraries';
import { evaluateConstant } from '../evaluate';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, rocksDbBloomKind } from './helpers';

const ROCKSDB_HINT = /rocksdb/i;
const LEVELDB_HINT = /leveldb/i;
const INT_MAX = 2147483647;

/** RocksDB `NewBloomFilterPolicy(bits_per_key[, false])` / `NewRibbonFilterPolicy(bpk)`; LevelDB `NewBloomFilterPolicy(bits_per_key)`. */
const filterPolicy = callRecognizer({
  ids: ['rocksdb.bitsPerKey', 'rocksdb.ribbon', 'leveldb.bitsPerKey', 'rocksdb.legacyBloom'],
  needles: ['newbloomfilterpolicy', 'newribbonfilterpolicy', 'bloomfilterpolicy'],
  // (a LevelDB fork's variants, `leveldb::NewRowKeyBloomFilterPolicy(10, op)`, take LevelDB's bits per key first)
  pattern: /\b(?:(rocksdb|leveldb|ROCKSDB_NAMESPACE)\s*::\s*)?New(Bloom|Ribbon|\w+Bloom)FilterPolicy\s*\(/g,
  build(ctx, args, start, end, match) {
    if (args.length < 1 || args.length > 2) return undefined;
    const variant = match[2] !== 'Bloom' && match[2] !== 'Ribbon';
    if (variant && match[1] !== 'leveldb') return undefined;
    const before = ctx.text.slice(Math.max(0, start - 80), start);
    const lineBefore = before.slice(before.lastIndexOf('\n') + 1);
    // a definition (`const FilterPolicy* X::NewBloomFilterPolicy(`), not a call qualified by another namespace
    // (`sstable::NewBloomFilterPolicy(10)`: a LevelDB port under its own namespace)
    if (/::\s*$/.test(before) && !match[1] && /^\s*(?:const\s+)?[\w:<>]+\s*[*&]?\s*[\w:]*::\s*$/.test(lineBefore)) return undefined;
    const otherNamespace = !match[1] && /\b(\w+)\s*::\s*$/.test(before);
    if (/\b(?:int|double|float)\s+\w+\s*$/.test(args[0].text)) return undefined; // a declaration
    let system = match[1] === 'ROCKSDB_NAMESPACE' ? 'rocksdb' : match[1] as 'rocksdb' | 'leveldb' | undefined;
    if (!system && otherNamespace && args.length === 1 && match[2] === 'Bloom') system = 'leveldb';
    if (!system) {
      if (match[2] === 'Ribbon') system = 'rocksdb';
      else if (/\.\s*reset\s*\(\s*$|shared_ptr|make_shared|BlockBasedTableOptions|table_options/.test(before) || args.length === 2) system = 'rocksdb';
      else if (ctx.hint('rocksdb', ROCKSDB_HINT) && !ctx.hint('leveldb', LEVELDB_HINT)) system = 'rocksdb';
      else if (ctx.hint('leveldb', LEVELDB_HINT) && !ctx.hint('rocksdb', ROCKSDB_HINT)) system = 'leveldb';
      else if (/filter_policy\s*=\s*$/.test(before)) system = 'leveldb';
    }
    if (!system) return undefined;
    if (system === 'leveldb') {
      const b = builder(ctx, 'leveldb.bitsPerKey', `LevelDB New${match[2]}FilterPolicy`, start, end);
      b.argument('bitsPerElement', args[0], { check: checks.positiveInteger('bits_per_key') });
      return b.derive((p) => (p.bitsPerElement !== undefined ? derive.leveldb(p.bitsPerElement) : {})).build();
    }
    // NewRibbonFilterPolicy(bpk, bloom_before_level): Bloom where the level is < bloom_before_level (a flush counts as -1,
    // an unknown level or FIFO as INT_MAX): filter_policy.cc RibbonFilterPolicy::GetBuilderWithContext. INT_MAX: Bloom at every level.
    const bloomBeforeLevel = match[2] === 'Ribbon' && args[1] ? evaluateConstant(args[1].text, ctx.codeEval) : undefined;
    const bloomEverywhere = bloomBeforeLevel?.ok === true && bloomBeforeLevel.value >= INT_MAX;
    const ribbon = match[2] === 'Ribbon' && !bloomEverywhere;
    const title = match[2] === 'Ribbon' ? 'RocksDB NewRibbonFilterPolicy' : 'RocksDB NewBloomFilterPolicy';
    // 0 bits per key (a setting left at its "off" default, `std::stoi(props.GetProperty(BITS, "0"))`) builds no filter
    // (filter_policy.cc: millibits_per_key 0 -> no builder)
    const statedBits = evaluateConstant(args[0].text, ctx.codeEval);
    if (statedBits.ok && statedBits.value === 0) return undefined;
    const kind = ribbon ? { id: 'rocksdb.ribbon', title, legacyFormat: undefined } : rocksDbBloomKind(ctx, 'rocksdb.bitsPerKey', title);
    const b = builder(ctx, kind.id, kind.title, start, end);
    b.argument('bitsPerElement', args[0], { check: checks.positive('bits_per_key') });
    if (ribbon) b.note('a Ribbon filter with the FP rate of a Bloom filter of this many bits per key, using about 30 % less memory');
    // include/rocksdb/filter_policy.h: NewBloomFilterPolicy(double bits_per_key, bool IGNORED_use_block_based_builder = false)
    if (match[2] === 'Bloom' && args[1]?.text.trim() === 'true') b.note('use_block_based_builder = true is ignored since RocksDB 7.0 (earlier releases built the deprecated block-based filter, one per data block)');
    if (bloomEverywhere) b.note('bloom_before_level = INT_MAX: RocksDB builds its Bloom filter at every level (Ribbon only where the level is unknown or under FIFO compaction)');
    else if (ribbon && bloomBeforeLevel?.ok && bloomBeforeLevel.value > 0) b.note(`bloom_before_level = ${bloomBeforeLevel.value}: Bloom filters for flushes and levels below ${bloomBeforeLevel.value}, Ribbon from level ${bloomBeforeLevel.value} down (shown: Ribbon, where most keys live)`);
    return b.derive((p) => {
      if (p.bitsPerElement === undefined) return {};
      if (ribbon) return { bitsPerElement: p.bitsPerElement };
      return derive.rocksdb(p.bitsPerElement, kind.legacyFormat);
    }).build();
  },
});

/** RocksDB options strings: `filter_policy=bloomfilter:10:false`, `ribbonfilter:10` (OPTIONS files, MyRocks my.cnf, ldb), and the same policy string given to `FilterPolicy::CreateFromString` (include/rocksdb/filter_policy.h). */
const rocksdbOptionsString: Recognizer = {
  ids: ['rocksdb.optionsString', 'rocksdb.legacyBloom'],
  needles: ['filter_policy=', 'filter_policy =', 'createfromstring'],
  // `bloomfilter:10:false` (options strings) and `rocksdb.BuiltinBloomFilter:10:false` / `rocksdb.BloomFilter:10:false` (OPTIONS files)
  pattern: /(?:\bfilter_policy\s*=\s*|\bFilterPolicy\s*::\s*CreateFromString\s*\([^,()\n]*,\s*")(?:rocksdb\.(?:internal\.)?)?([A-Za-z]*(?:bloom|ribbon)[A-Za-z]*):([0-9][0-9.]*)(?::(true|false|-?[0-9][0-9.]*))?/gi,
  match(ctx, match, at) {
    if (ctx.isComment(at)) return undefined;
    const ribbon = /ribbon/i.test(match[1]);
    const title = /^filter/i.test(match[0]) ? `RocksDB options filter_policy=${match[1]}` : `RocksDB FilterPolicy::CreateFromString("${match[1]}:…")`;
    const kind = ribbon ? { id: 'rocksdb.optionsString', title } : rocksDbBloomKind(ctx, 'rocksdb.optionsString', title);
    const b = builder(ctx, kind.id, kind.title, at, at + match[0].length);
    b.config('bitsPerElement', match[2], { check: checks.positive('bits_per_key'), at: at + match[0].indexOf(`${match[1]}:`) + match[1].length + 1 });
    return b.derive((p) => {
      if (p.bitsPerElement === undefined) return {};
      if (ribbon) return { bitsPerElement: p.bitsPerElement };
      return derive.rocksdb(p.bitsPerElement, kind.legacyFormat);
    }).build();
  },
};

/** Bitcoin Core `CBloomFilter(nElements, nFPRate, nTweak, nFlags)` and `CRollingBloomFilter(nElements, fpRate)` (also python-bitcoinlib). */
const bitcoin: Recognizer = {
  ids: ['bitcoin.cbloomfilter', 'bitcoin.crollingbloomfilter'],
  needles: ['cbloomfilter', 'crollingbloomfilter'],
  pattern: /\b(CBloomFilter|CRollingBloomFilter)\b\s*>?\s*(?:[A-Za-z_]\w*\s*)?[({]/g,
  match(ctx, match, at) {
    if (!ctx.isCode(at)) return undefined;
    if (/::\s*$/.test(ctx.text.slice(Math.max(0, at - 4), at))) return undefined; // constructor definition
    const open = at + match[0].length - 1;
    const list = splitArguments(ctx.text, open);
    if (!list || list.args.length < 2) return undefined;
    if (list.args.some((a) => /\b(?:const|unsigned|int|double|float|uint32_t)\b\s+\w/.test(a.text))) return undefined; // a declaration
    const rolling = match[1] === 'CRollingBloomFilter';
    if (rolling && list.args.length !== 2) return undefined;
    if (!rolling && (list.args.length < 3 || list.args.length > 4)) return undefined;
    const b = builder(ctx, rolling ? 'bitcoin.crollingbloomfilter' : 'bitcoin.cbloomfilter', `Bitcoin Core ${match[1]}`, at, list.end);
    b.argument('n', list.args[0], { check: checks.positiveInteger('nElements') });
    b.argument('p', list.args[1], { check: checks.probability(rolling ? 'fpRate' : 'nFPRate') });
    if (rolling) {
      b.note('CRollingBloomFilter forgets the oldest generation as it fills: modelled as recycling after 3 x ceil(n/2) insertions');
      const n = b.draft.params.n;
      if (n !== undefined && b.draft.params.p !== undefined) {
        b.recycling({ kind: 'n-bounded', messagesPerCycle: derive.bitcoinRolling(n, b.draft.params.p).maxElements });
      } else b.recycling({ kind: 'n-bounded' });
      return b.derive((p) => {
        if (p.n === undefined || p.p === undefined) return {};
        const { maxElements: _max, entriesPerGeneration: _gen, ...rest } = derive.bitcoinRolling(p.n, p.p);
        void _max;
        void _gen;
        return rest;
      }).build();
    }
    return b.derive((p) => (p.n !== undefined && p.p !== undefined ? derive.bitcoinBloom(p.n, p.p) : {})).build();
  },
};

/** k from map_extra as the kernel reads it (bloom_map_alloc): 0 or absent means 5, above 15 is EINVAL. */
function mapExtra(b: DraftBuilder, extra: { text: string; at: number } | undefined): void {
  if (!extra) return b.setDefault('k', 5, 'eBPF default: 5 hash functions when map_extra is not set');
  const raw = builder(b.ctx, 'probe', '', 0, 0).argument('k', extra.text);
  if (raw === undefined) b.unevaluated('k', extra.text.trim());
  else if (!Number.isInteger(raw) || raw < 0 || raw > 15) b.invalid(`map_extra = ${raw}: the number of hash functions must be 1-15 (0 means 5); the kernel returns EINVAL`);
  else if (raw === 0) b.set('k', 5, { kind: 'default', text: 'map_extra = 0 means 5 hash functions' });
  else b.argument('k', extra.text, { at: extra.at });
}

/** The map_extra that libbpf's options `name` set before `at`: `LIBBPF_OPTS(bpf_map_create_opts, name, .map_extra = K)` or `name.map_extra = K`. */
function optionsMapExtra(text: string, name: string, at: number): { text: string; at: number } | undefined {
  const before = text.slice(Math.max(0, at - 2000), at);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(?:\\bLIBBPF_OPTS\\s*\\(\\s*bpf_map_create_opts\\s*,\\s*${escaped}\\s*,[^;]*?\\.map_extra|\\b${escaped}\\s*\\.\\s*map_extra)\\s*=\\s*([^,;)\\s]+)`).exec(before);
  return found ? { text: found[1], at: at - before.length + found.index + found[0].length - found[1].length } : undefined;
}

/**
 * eBPF `BPF_MAP_TYPE_BLOOM_FILTER` maps: definitions (`__uint(max_entries, N); __uint(map_extra, K);`) and libbpf's
 * `bpf_map_create(type, name, key_size, value_size, max_entries, &opts)` with map_extra in its options (tools/lib/bpf/bpf.h).
 */
const ebpfBloomMap: Recognizer = {
  ids: ['ebpf.bloomMap'],
  needles: ['bpf_map_type_bloom_filter'],
  pattern: /\bBPF_MAP_TYPE_BLOOM_FILTER\b/g,
  match(ctx, match, at) {
    if (!ctx.isCode(at)) return undefined;
    const text = ctx.text;
    const call = /\bbpf_map_create\s*\(\s*$/.exec(text.slice(Math.max(0, at - 60), at));
    if (call) {
      const list = splitArguments(text, text.lastIndexOf('(', at));
      if (!list || list.args.length !== 6) return undefined;
      const start = at - call[0].length + call[0].indexOf('bpf_map_create');
      const b = builder(ctx, 'ebpf.bloomMap', 'libbpf bpf_map_create(BPF_MAP_TYPE_BLOOM_FILTER, ...)', start, list.end);
      b.argument('n', list.args[4], { check: checks.positiveInteger('max_entries', 'the kernel returns EINVAL') });
      const options = /^&\s*(\w+)$/.exec(list.args[5].text);
      const extra = options ? optionsMapExtra(text, options[1], start) : undefined;
      mapExtra(b, extra);
      b.hashing('colliding', 'k independent jhash seeds');
      return b.derive((p) => (p.n !== undefined && p.k !== undefined ? derive.ebpf(p.n, p.k) : {})).build();
    }
    const open = lastIndexWithin(text, '{', at, 400);
    if (open < 0) return undefined;
    const close = indexWithin(text, '}', at, 1000);
    if (close < 0) return undefined;
    const body = text.slice(open, close);
    const field = (name: string) => new RegExp(`(?:__uint\\s*\\(\\s*${name}\\s*,|\\.${name}\\s*=)\\s*([^,;)\\n]+)`).exec(body);
    const entries = field('max_entries');
    const extra = field('map_extra');
    const b = builder(ctx, 'ebpf.bloomMap', 'eBPF BPF_MAP_TYPE_BLOOM_FILTER map', open, close + 1);
    void match;
    if (entries) b.argument('n', entries[1], { at: open + entries.index + entries[0].length - entries[1].length, check: checks.positiveInteger('max_entries', 'the kernel returns EINVAL') });
    mapExtra(b, extra ? { text: extra[1], at: open + extra.index + extra[0].length - extra[1].length } : undefined);
    b.hashing('colliding', 'k independent jhash seeds');
    return b.derive((p) => (p.n !== undefined && p.k !== undefined ? derive.ebpf(p.n, p.k) : {})).build();
  },
};

/** The generic arguments between `<` and its `>` at `open` (nested `<>` and `[]` kept whole), with their offsets. */
function genericArguments(text: string, open: number): { text: string; at: number }[] | undefined {
  const args: { text: string; at: number }[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < Math.min(text.length, open + 300); i++) {
    const c = text[i];
    if (c === '<' || c === '[' || c === '(') depth++;
    else if ((c === '>' || c === ']' || c === ')') && depth > 0) depth--;
    else if (c === ',' || c === '>') {
      if (depth > 0) continue;
      const raw = text.slice(start, i);
      args.push({ text: raw.trim(), at: start + raw.length - raw.trimStart().length });
      if (c === '>') return args;
      start = i + 1;
    }
  }
  return undefined;
}

/**
 * aya's BTF maps (Rust): `#[btf_map] static F: BloomFilter<T, MAX_ENTRIES, FLAGS = 0, HASH_FUNCS = 0> = BloomFilter::new();`
 * sizes the map by const generics: MAX_ENTRIES is n and HASH_FUNCS the map_extra hash count (0 means 5)
 * (aya-rs/aya ebpf/aya-ebpf/src/btf_maps/bloom_filter.rs). The legacy `BloomFilter::with_max_entries` is declared in src/libraries/ebpf.ts.
 */
const ayaBtfBloomMap: Recognizer = {
  ids: ['ebpf.bloomMap'],
  needles: ['bloomfilter<'],
  pattern: /\bBloomFilter\s*</g,
  match(ctx, match, at) {
    if (!ctx.isCode(at) || ctx.source.languageId !== 'rust' || !ctx.hint('aya-ebpf', /\baya_ebpf\b|\baya-ebpf\b/)) return undefined;
    const args = genericArguments(ctx.text, at + match[0].length - 1);
    if (!args || args.length < 2 || args.length > 4) return undefined;
    const end = ctx.text.indexOf('>', args[args.length - 1].at + args[args.length - 1].text.length) + 1;
    if (!/^\s*=\s*BloomFilter\s*::\s*new\s*\(/.test(ctx.text.slice(end, end + 60))) return undefined; // a map definition, not a type in a signature
    const b = builder(ctx, 'ebpf.bloomMap', 'aya BTF BloomFilter map', at, end);
    b.argument('n', args[1].text, { at: args[1].at, check: checks.positiveInteger('MAX_ENTRIES', 'the kernel returns EINVAL') });
    mapExtra(b, args[3]);
    b.hashing('colliding', 'k independent jhash seeds');
    return b.derive((p) => (p.n !== undefined && p.k !== undefined ? derive.ebpf(p.n, p.k) : {})).build();
  },
};

/** Squid `digest_bits_per_entry 5` (cache digests; k fixed at 4). */
const squid: Recognizer = {
  ids: ['squid.digestBitsPerEntry'],
  needles: ['digest_bits_per_entry'],
  // squid.conf `digest_bits_per_entry 5`; its option table (cf.data `NAME: digest_bits_per_entry` ... `DEFAULT: 5`,
  // documentation tables `| digest_bits_per_entry | 5 |`, "Default Value: digest_bits_per_entry 5")
  pattern: /^[ \t]*(?:NAME:[ \t]*)?digest_bits_per_entry\b[^\n]{0,10}|\|[ \t]*`?digest_bits_per_entry`?[ \t]*\|[ \t]*`?\d+|\bDefault Value:\**[ \t]*digest_bits_per_entry[ \t]+\d+|<t[dh][^<>\n]{0,40}>[ \t]*(?:<code>)?digest_bits_per_entry(?:<\/code>)?[ \t]*<\/t[dh]>[ \t]*<t[dh][^<>\n]{0,40}>[ \t]*\d+/gm,
  match(ctx, match, at) {
    const keyAt = at + match[0].indexOf('digest_bits_per_entry');
    if (ctx.isComment(keyAt)) return undefined;
    const text = ctx.text;
    let value: RegExpExecArray | null = /digest_bits_per_entry(?:`|<\/code>|<\/t[dh]>|<t[dh][^<>\n]{0,40}>|[ \t|*])*([0-9][0-9.]*)/.exec(text.slice(keyAt, keyAt + 120));
    let valueAt = value ? keyAt + value[0].length - value[1].length : -1;
    if (!value && /NAME:/.test(match[0])) {
      // cf.data: the DEFAULT: line of the same entry (before the next NAME:)
      const rest = text.slice(keyAt, keyAt + 1500);
      const stop = rest.indexOf('\nNAME:');
      value = /\nDEFAULT:[ \t]*([0-9][0-9.]*)/.exec(stop < 0 ? rest : rest.slice(0, stop));
      valueAt = value ? keyAt + value.index + value[0].length - value[1].length : -1;
    }
    if (!value) return undefined;
    const b = builder(ctx, 'squid.digestBitsPerEntry', 'Squid cache digest', keyAt, valueAt + value[1].length);
    b.config('bitsPerElement', value[1], { check: checks.positiveInteger('digest_bits_per_entry'), at: valueAt });
    b.set('k', 4, { kind: 'default', text: 'Squid cache digests always use 4 hash functions' });
    return b.derive((p) => ({ k: 4, ...(p.bitsPerElement !== undefined ? { bitsPerElement: p.bitsPerElement } : {}) })).build();
  },
};

export const NATIVE_RECOGNIZERS: readonly Recognizer[] = [filterPolicy, rocksdbOptionsString, bitcoin, ebpfBloomMap, ayaBtfBloomMap, squid];
