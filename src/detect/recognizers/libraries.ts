/** Go, Python, JavaScript/TypeScript and Rust Bloom filter libraries. */
import { checks, pickArgument, ScanContext } from '../engine';
import { evaluateConstant } from '../evaluate';
import { derive } from '../../libraries';
import type { Recognizer } from '../recognizer';
import { builder, callRecognizer, chainedCall, definesOwn, JS, langIs } from './helpers';

// ---------------------------------------------------------------- Go

const BITS_AND_BLOOMS_HINT = /bits-and-blooms\/bloom|willf\/bloom/;

/**
 * bits-and-blooms/bloom (and willf/bloom): `bloom.New(m, k)` and filters over existing words: `bloom.From(data, k)`
 * (m = 64 · len(data)), `bloom.FromWithM(data, m, k)` (bloom.go). Its (n, p) entry points are declared as data
 * (src/libraries/bitsAndBlooms.ts); these need logic: New raises 0 to 1, From reads the length of `make([]uint64, words)`.
 */
const bitsAndBlooms = callRecognizer({
  ids: ['go.bits-and-blooms.new', 'go.bits-and-blooms.from'],
  needles: ['bloom.'],
  pattern: /\bbloom\s*\.\s*(New|FromWithM|From)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, ['go']) || !(ctx.hint('bits-and-blooms', BITS_AND_BLOOMS_HINT) || goSnippetInDocs(ctx, start))) return undefined;
    if (match[1] === 'From' || match[1] === 'FromWithM') {
      if (args.length !== (match[1] === 'From' ? 2 : 3)) return undefined;
      const b = builder(ctx, 'go.bits-and-blooms.from', `bits-and-blooms bloom.${match[1]}`, start, end);
      const words = /^make\s*\(\s*\[\]uint64\s*,\s*/.exec(args[0].text);
      if (match[1] === 'FromWithM') b.argument('m', args[1], { check: checks.positiveInteger('m') });
      else if (words) b.argument('m', { text: args[0].text.slice(words[0].length).replace(/\s*\)$/, ''), start: args[0].start + words[0].length, end: args[0].end - 1 }, { scale: 64, check: checks.positiveInteger('len(data)') });
      else b.note(`m is 64 bits per word of \`${args[0].text}\`, known only at run time`);
      b.argument('k', args[args.length - 1], { check: checks.positiveInteger('k') });
      return b.derive((p) => (p.m !== undefined && p.k !== undefined ? { m: p.m, k: p.k } : {})).build();
    }
    if (args.length !== 2) return undefined;
    const b = builder(ctx, 'go.bits-and-blooms.new', 'bits-and-blooms bloom.New', start, end);
    const m = b.argument('m', args[0], { check: checks.nonNegativeInteger('m') });
    const k = b.argument('k', args[1], { check: checks.nonNegativeInteger('k') });
    const raised = m === 0 || k === 0 ? ['bloom.New raises m and k to at least 1'] : [];
    return b.derive((p) => (p.m !== undefined && p.k !== undefined ? { m: Math.max(1, p.m), k: Math.max(1, p.k), notes: raised } : {})).build();
  },
});

/**
 * A Go snippet in documentation that shows no import (`filter := bloom.New(20*n, 5)` in a README): bits-and-blooms, the
 * package most Go code means by `bloom`, unless the text names another one (yourbasic/bloom reads `New(n, 1/p)`).
 */
function goSnippetInDocs(ctx: ScanContext, start: number): boolean {
  if (ctx.source.family !== 'plain' || !/:=/.test(ctx.source.lineText(ctx.source.lineOf(start)))) return false;
  return !ctx.hint('other-go-bloom', /yourbasic\/bloom|gostl/);
}

/** AndreasBriese/bbloom, ipfs/bbloom and ristretto's copy of it: `bbloom.New(float64(n), float64(p))` or `(float64(m), float64(k))` by value. */
const bbloom = callRecognizer({
  ids: ['go.bbloom.new', 'go.ristretto.newBloomFilter'],
  needles: ['bbloom', 'z.newbloomfilter'],
  pattern: /\b(?:bbloom\s*\.\s*New(?:WithBoolset)?|z\s*\.\s*NewBloomFilter)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, ['go']) || args.length !== 2) return undefined;
    const ristretto = match[0].startsWith('z');
    if (ristretto && !ctx.hint('ristretto', /dgraph-io\/ristretto/)) return undefined;
    if (/WithBoolset/.test(match[0])) {
      // NewWithBoolset(bs *[]byte, locs) = New(float64(len(*bs) << 3), float64(locs)) (bbloom.go): a filter restored from its bytes
      const b = builder(ctx, 'go.bbloom.new', 'bbloom.NewWithBoolset', start, end);
      b.argument('k', args[1], { check: checks.positiveInteger('hash locations') });
      b.note(`m is 8 bits per byte of \`${args[0].text.replace(/^&/, '')}\` (rounded up to a power of two), known only at run time`);
      return b.derive((p) => (p.k !== undefined ? { k: p.k } : {})).build();
    }
    const b = ristretto ? builder(ctx, 'go.ristretto.newBloomFilter', 'ristretto z.NewBloomFilter', start, end) : builder(ctx, 'go.bbloom.new', 'bbloom.New', start, end);
    const probe = builder(ctx, 'probe', '', 0, 0);
    const second = probe.argument('p', args[1]);
    if (second === undefined) {
      b.unevaluated('p', args[1].text);
      b.note('bbloom reads the second argument as a FP rate if below 1, else as the number of hash locations');
      b.argument('n', args[0], { check: checks.positive('first argument') });
    } else if (second < 1) {
      b.argument('n', args[0], { check: checks.positive('number of entries') });
      b.argument('p', args[1], { check: checks.probability('wrong positive rate') });
    } else {
      b.argument('m', args[0], { check: checks.positive('size (bits)') });
      b.argument('k', args[1], { check: checks.positiveInteger('hash locations') });
    }
    return b.derive((p) => {
      if (p.n !== undefined && p.p !== undefined) return derive.bbloom(p.n, p.p);
      if (p.m !== undefined && p.k !== undefined) return derive.bbloom(p.m, p.k);
      return {};
    }).build();
  },
});

// ---------------------------------------------------------------- Python

const PYBLOOM_HINT = /\bpybloom(?:_live)?\b|pybloom-live/;
// pybloom2 (jaybaird/python-bloomfilter's pybloom2/pybloom.py) is pybloom's code under another import name; its
// BloomFilter is claimed by its `capacity=` keyword only, since a vendored bloompy copy is also imported as pybloom2
// (src/libraries/bloompy.ts)
const PYBLOOM_SCALABLE_HINT = /\bpybloom(?:_live|2)?\b|pybloom-live/;
const BLOOM_FILTER2_HINT = /\bbloom_filter2\b|from\s+bloom_filter\s+import|import\s+bloom_filter\b/;

/** pybloom / pybloom-live `BloomFilter(capacity, error_rate=0.001)` and bloom-filter2 `BloomFilter(max_elements=10000, error_rate=0.1)`. */
const pythonBloomFilter = callRecognizer({
  ids: ['pybloom.bloomFilter', 'bloom-filter2.bloomFilter'],
  needles: ['bloomfilter'],
  pattern: /(?<![\w.]|new\s)(?:(?:pybloom_live|pybloom2|pybloom|bloom_filter2|bloom_filter)\s*\.\s*)?BloomFilter\s*\(/g,
  build(ctx, args, start, end) {
    if (!langIs(ctx, ['python']) || definesOwn(ctx, 'BloomFilter')) return undefined;
    const text = ctx.text.slice(start, end);
    const hasKeyword = (name: string): boolean => args.some((a) => a.name === name);
    // bloom-filter2's own keywords, or positional values; other keywords (`size=`, `hash_count=`) are a class of the
    // project's own module that happens to be called bloom_filter
    const ownKeywords = args.every((a) => a.name === undefined || /^(?:max_elements|error_rate|filename|start_fresh)$/.test(a.name))
      // positional: its second argument is the rate (not `opts.hash_num`, not a whole number of hashes)
      && (args[1] === undefined || args[1].name !== undefined || /rate|fpp|error|prob/i.test(args[1].text) || (evaluateConstant(args[1].text, ctx.codeEval).ok && (evaluateConstant(args[1].text, ctx.codeEval) as { value: number }).value < 1));
    const isBf2 = hasKeyword('max_elements') || (ownKeywords && (/^bloom_filter2?\s*\./.test(text) || (ctx.hint('bloom-filter2', BLOOM_FILTER2_HINT) && args.length > 0)));
    // `from memory.bloom import BloomFilter`: the project's own class, read by the generic recogniser
    const ownModule = ctx.hint('python-own-bloomfilter', /^\s*from\s+(?!pybloom)[\w.]+\s+import\s+[^\n]*\bBloomFilter\b/m);
    const isPybloom = !isBf2 && !ownModule && (hasKeyword('capacity') || ctx.hint('pybloom', PYBLOOM_HINT));
    if (isBf2) {
      const b = builder(ctx, 'bloom-filter2.bloomFilter', 'bloom-filter2 BloomFilter', start, end);
      const n = pickArgument(args, 0, 'max_elements');
      const p = pickArgument(args, 1, 'error_rate');
      if (n) b.argument('n', n, { check: checks.positiveInteger('max_elements', 'bloom-filter2 raises ValueError') });
      else b.setDefault('n', 10000, 'bloom-filter2 default max_elements 10000');
      if (p) b.argument('p', p, { check: checks.probability('error_rate', 'bloom-filter2 raises ValueError') });
      else b.setDefault('p', 0.1, 'bloom-filter2 default error_rate 0.1');
      return b.derive((q) => (q.n !== undefined && q.p !== undefined ? derive.ceilCeil(q.n, q.p) : {})).build();
    }
    if (!isPybloom) return undefined;
    const n = pickArgument(args, 0, 'capacity');
    if (!n) return undefined;
    const b = builder(ctx, 'pybloom.bloomFilter', 'pybloom BloomFilter', start, end);
    b.argument('n', n, { check: checks.positiveInteger('capacity', 'pybloom raises ValueError') });
    const p = pickArgument(args, 1, 'error_rate');
    if (p) b.argument('p', p, { check: checks.probability('error_rate', 'pybloom raises ValueError') });
    else b.setDefault('p', 0.001, 'pybloom default error_rate 0.001');
    b.hashing('partitioned', 'pybloom is partitioned');
    return b.derive((q) => (q.n !== undefined && q.p !== undefined ? derive.pybloom(q.n, q.p) : {})).build();
  },
});

/** pybloom `ScalableBloomFilter(initial_capacity=100, error_rate=0.001, mode=...)`. */
const pythonScalable = callRecognizer({
  ids: ['pybloom.scalableBloomFilter'],
  needles: ['scalablebloomfilter'],
  pattern: /(?<![\w.]|new\s)(?:(?:pybloom_live|pybloom2|pybloom)\s*\.\s*)?ScalableBloomFilter\s*\(/g,
  build(ctx, args, start, end) {
    // pybloom's keywords (`initial_capacity=`, `error_rate=`, `mode=`) name it, as `capacity=` does BloomFilter, unless the
    // class is imported from another module (a project's own, bloompy's, hazy's)
    const byKeyword = args.some((a) => a.name === 'initial_capacity') && args.every((a) => a.name === undefined || /^(?:initial_capacity|error_rate|mode)$/.test(a.name))
      && !ctx.hint('python-own-scalable', /^\s*from\s+(?!pybloom)[\w.]+\s+import\s+[^\n]*\bScalableBloomFilter\b/m) && !ctx.hint('bloompy-or-hazy', /\b(?:import|from)\s+(?:bloompy|hazy)\b/);
    if (!langIs(ctx, ['python']) || !(byKeyword || ctx.hint('pybloom-scalable', PYBLOOM_SCALABLE_HINT)) || definesOwn(ctx, 'ScalableBloomFilter')) return undefined;
    // built with no size (`ScalableBloomFilter(mode=LARGE_SET_GROWTH)`): a growing filter at its defaults sizes nothing here
    if (!pickArgument(args, 0, 'initial_capacity') && !pickArgument(args, 1, 'error_rate')) return undefined;
    const b = builder(ctx, 'pybloom.scalableBloomFilter', 'pybloom ScalableBloomFilter', start, end);
    const n = pickArgument(args, 0, 'initial_capacity');
    if (n) b.argument('n', n, { check: checks.positiveInteger('initial_capacity') });
    else b.setDefault('n', 100, 'pybloom default initial_capacity 100');
    const p = pickArgument(args, 1, 'error_rate');
    if (p) b.argument('p', p, { check: checks.probability('error_rate') });
    else b.setDefault('p', 0.001, 'pybloom default error_rate 0.001');
    const mode = pickArgument(args, 2, 'mode');
    // pybloom-live defaults to LARGE_SET_GROWTH (4), pybloom2 to SMALL_SET_GROWTH (2)
    const growth = mode ? (/SMALL_SET_GROWTH/.test(mode.text) ? 2 : 4) : ctx.hint('pybloom2', /\bpybloom2\b/) ? 2 : 4;
    b.note(`scalable: the first sub-filter gets p x 0.1, each next one capacity x ${growth} and p x 0.9; the total FP stays below p`);
    b.hashing('partitioned', 'pybloom is partitioned');
    return b.derive((q) => {
      if (q.n === undefined || q.p === undefined) return {};
      const first = derive.pybloom(q.n, q.p * 0.1); // error_rate * (1 - ratio), ratio 0.9
      return { ...first, p: q.p * 0.1 };
    }).build();
  },
});

// rbloom `Bloom(expected_items, false_positive_rate[, hash_func])`: declared in src/libraries/rbloom.ts

// ---------------------------------------------------------------- JavaScript / TypeScript

const BLOOM_FILTERS_HINT = /['"]bloom-filters['"]/;
/** voltaire (@tevm/voltaire), bloomit (@ably/bloomit) and fission-bloom-filters: their BloomFilter calls are declared in src/libraries/jsLongTail2.ts. */
const OTHER_JS_BLOOM_IMPORTS = /['"](?:@tevm\/)?voltaire(?:-ts)?(?:\/[^'"]*)?['"]|['"](?:@ably\/)?bloomit['"]|['"]fission-bloom-filters['"]/;
const BLOOMFILTER_JS_HINT = /['"]bloomfilter['"]/;

/**
 * npm bloom-filters: `BloomFilter.create(n, p)`, `BloomFilter.from(items, p)`, `new BloomFilter(size, nbHashes)`; bloomfilter.js `new BloomFilter(m, k)`
 * (its `BloomFilter.withTargetError(n, p)` is declared in src/libraries/bloomFiltersJs.ts).
 */
const jsBloomFilter = callRecognizer({
  ids: ['bloom-filters.create', 'bloom-filters.from', 'bloom-filters.new', 'bloomfilter.js.new'],
  needles: ['bloomfilter'],
  pattern: /(?:\bnew\s+|\b)BloomFilter\s*(?:\.\s*(create|from)\s*)?\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, JS) || definesOwn(ctx, 'BloomFilter')) return undefined;
    if (ctx.hint('bitcore', /bitcore|dashcore|['"]bloom-filter['"]/)) return undefined; // BIP37 filters (src/libraries/bip37Js.ts)
    const isNew = /^new\s/.test(match[0]);
    const method = match[1];
    const npm = ctx.hint('bloom-filters', BLOOM_FILTERS_HINT);
    // voltaire's BloomFilter.create(m, k), bloomit's and fission-bloom-filters' (src/libraries/jsLongTail2.ts) when the file imports one of them and not bloom-filters
    if (!npm && ctx.hint('other-js-bloom', OTHER_JS_BLOOM_IMPORTS)) return undefined;
    const bfjs = ctx.hint('bloomfilter.js', BLOOMFILTER_JS_HINT);
    if (!isNew && !method) return undefined;
    if (isNew && bfjs && !npm) {
      if (args.length !== 2) return undefined;
      const b = builder(ctx, 'bloomfilter.js.new', 'bloomfilter.js new BloomFilter', start, end);
      b.argument('m', args[0], { check: checks.positiveInteger('m (bits)') });
      b.argument('k', args[1], { check: checks.positiveInteger('k (hash functions)') });
      return b.derive((q) => (q.m !== undefined && q.k !== undefined ? { m: Math.ceil(q.m / 32) * 32, k: q.k } : {})).build();
    }
    if (!npm && !(method === 'create' && langIs(ctx, JS, false))) return undefined;
    if (args.length !== 2) return undefined;
    if (method === 'create') {
      const b = builder(ctx, 'bloom-filters.create', 'bloom-filters BloomFilter.create', start, end);
      b.argument('n', args[0], { check: checks.positiveInteger('nbItems') });
      b.argument('p', args[1], { check: checks.probability('errorRate') });
      return b.derive((q) => (q.n !== undefined && q.p !== undefined ? derive.ceilCeil(q.n, q.p) : {})).build();
    }
    if (method === 'from') {
      const b = builder(ctx, 'bloom-filters.from', 'bloom-filters BloomFilter.from', start, end);
      b.argument('p', args[1], { check: checks.probability('errorRate') });
      b.note(`n is the number of items in \`${args[0].text}\`, known only at run time`);
      return b.build();
    }
    if (!isNew) return undefined;
    const b = builder(ctx, 'bloom-filters.new', 'bloom-filters new BloomFilter(size, nbHashes)', start, end);
    b.argument('m', args[0], { check: checks.positiveInteger('size (bits)') });
    const k = b.argument('k', args[1], { check: (v) => (Number.isInteger(v) && v >= 1 ? undefined : `nbHashes = ${v} must be an integer >= 1 (new BloomFilter takes (size in bits, number of hashes); for (n, p) use BloomFilter.create)`) });
    void k;
    return b.derive((q) => (q.m !== undefined && q.k !== undefined ? { m: q.m, k: q.k } : {})).build();
  },
});

/** npm bloom-filters PartitionedBloomFilter.create(size, errorRate, loadFactor = 0.5) and ScalableBloomFilter. */
const jsOtherFilters = callRecognizer({
  ids: ['bloom-filters.partitioned', 'bloom-filters.scalable'],
  needles: ['partitionedbloomfilter', 'scalablebloomfilter'],
  pattern: /\b(?:(PartitionedBloomFilter)\s*\.\s*create|(?:new\s+)(ScalableBloomFilter)|(ScalableBloomFilter)\s*\.\s*create)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, JS) || !ctx.hint('bloom-filters', BLOOM_FILTERS_HINT)) return undefined;
    if (match[1]) {
      if (args.length < 2 || args.length > 3) return undefined;
      const b = builder(ctx, 'bloom-filters.partitioned', 'bloom-filters PartitionedBloomFilter.create', start, end);
      const n = b.argument('n', args[0], { check: checks.positiveInteger('size') });
      const p = b.argument('p', args[1], { check: checks.probability('errorRate') });
      const load = args[2] ? b.argument('sigma', args[2], { check: checks.probability('loadFactor') }) : 0.5;
      if (args[2]) {
        delete b.draft.params.sigma;
        delete b.draft.sources.sigma;
      }
      b.hashing('partitioned', 'PartitionedBloomFilter');
      void n;
      void p;
      return b.derive((q) => {
        if (q.n === undefined || q.p === undefined || load === undefined) return {};
        return derive.bloomFiltersPartitioned(q.n, q.p, load);
      }).build();
    }
    const b = builder(ctx, 'bloom-filters.scalable', 'bloom-filters ScalableBloomFilter', start, end);
    const n = pickArgument(args, 0);
    const p = pickArgument(args, 1);
    if (n) b.argument('n', n, { check: checks.positiveInteger('initial_size') });
    else b.setDefault('n', 8, 'bloom-filters ScalableBloomFilter default initial size 8');
    if (p) b.argument('p', p, { check: checks.probability('error_rate') });
    else b.setDefault('p', 0.01, 'bloom-filters ScalableBloomFilter default error rate 0.01');
    const ratioArgument = pickArgument(args, 2);
    const ratioValue = ratioArgument ? evaluateConstant(ratioArgument.text, ctx.codeEval) : undefined;
    const ratio = ratioValue === undefined ? 0.5 : ratioValue.ok && ratioValue.value > 0 && ratioValue.value < 1 ? ratioValue.value : undefined;
    if (ratio === undefined && ratioArgument) b.invalid(`ratio = ${ratioArgument.text} must be a number in (0, 1) (it is both the load factor and the tightening ratio)`);
    void match;
    b.hashing('partitioned', 'ScalableBloomFilter links are PartitionedBloomFilters');
    return b.derive((q) => {
      return q.n === undefined || q.p === undefined || ratio === undefined ? {} : derive.bloomFiltersScalable(q.n, q.p, ratio);
    }).build();
  },
});

// ---------------------------------------------------------------- Rust

// the bloomfilter crate (Bloom::new, new_for_fp_rate and their _with_seed forms) is declared as data: src/libraries/rustBloomfilter.ts

/**
 * fastbloom: `BloomFilter::with_false_pos(p).expected_items(n)`, `BloomFilter::with_num_bits(m).expected_items(n)` / `.hashes(k)`,
 * `BloomFilter::from_vec(vec![0; words]).hashes(k)` (m = 64 bits per u64 word), and the same on AtomicBloomFilter (src/lib.rs).
 * Procedural: n and k come from the builder's chained call.
 */
const fastbloom = callRecognizer({
  ids: ['rust.fastbloom.withFalsePos', 'rust.fastbloom.withNumBits'],
  needles: ['bloomfilter::'],
  pattern: /\b(?:Atomic)?BloomFilter\s*::\s*(with_false_pos|with_num_bits|from_vec)\s*\(/g,
  build(ctx, args, start, end, match) {
    if (!langIs(ctx, ['rust']) || args.length !== 1) return undefined;
    const falsePos = match[1] === 'with_false_pos';
    const b = builder(ctx, falsePos ? 'rust.fastbloom.withFalsePos' : 'rust.fastbloom.withNumBits', `fastbloom BloomFilter::${match[1]}`, start, end);
    const words = match[1] === 'from_vec' ? /^vec!\s*\[\s*0(?:u64)?\s*;\s*/.exec(args[0].text) : null;
    if (match[1] === 'from_vec' && !words) {
      if (!chainedCall(ctx, end, 'hashes') && !chainedCall(ctx, end, 'expected_items')) return undefined;
      b.note(`m is 64 bits per word of \`${args[0].text}\`, known only at run time`);
    } else if (words) {
      b.argument('m', { text: args[0].text.slice(words[0].length).replace(/\s*\]$/, ''), start: args[0].start + words[0].length, end: args[0].end - 1 }, { scale: 64, check: checks.positiveInteger('words') });
    } else if (falsePos) b.argument('p', args[0], { check: checks.probability('false positive rate') });
    else b.argument('m', args[0], { check: checks.positiveInteger('num_bits') });
    let last = end;
    const items = chainedCall(ctx, end, 'expected_items');
    if (items && items.args[0]) {
      b.argument('n', items.args[0], { check: checks.positiveInteger('expected_items') });
      last = Math.max(last, items.end);
    } else if (chainedCall(ctx, end, 'items')) {
      b.note('n is the number of items passed to .items(...), known only at run time');
    }
    const hashes = chainedCall(ctx, end, 'hashes');
    if (hashes && hashes.args[0]) {
      b.argument('k', hashes.args[0], { check: checks.positiveInteger('hashes') });
      last = Math.max(last, hashes.end);
    }
    b.draft.end = last;
    return b.derive((q) => {
      if (falsePos && q.n !== undefined && q.p !== undefined) return derive.fastbloomFalsePos(q.n, q.p);
      if (!falsePos && q.m !== undefined) return derive.fastbloomNumBits(q.m, q.n, q.k);
      return {};
    }).build();
  },
});

/**
 * growable-bloom-filter's builder: `GrowableBloomBuilder::new().estimated_insertions(n).desired_error_ratio(p).build()`, its
 * values from the chained calls, the builder's defaults (1000, 0.01: GrowableBloomBuilder::new) for the one it leaves out.
 * `GrowableBloom::new(p, n)` is declared as data (src/libraries/growable.ts).
 */
const growable = callRecognizer({
  ids: ['rust.growable.builder'],
  needles: ['growablebloombuilder'],
  pattern: /\bGrowableBloomBuilder\s*::\s*new\s*\(/g,
  build(ctx, _args, start, end) {
    if (!langIs(ctx, ['rust'])) return undefined;
    const b = builder(ctx, 'rust.growable.builder', 'growable-bloom-filter GrowableBloomBuilder::new', start, end);
    const n = chainedCall(ctx, end, 'estimated_insertions');
    const p = chainedCall(ctx, end, 'desired_error_ratio');
    if (!n && !p) return undefined;
    if (n?.args[0]) b.argument('n', n.args[0], { check: checks.positiveInteger('estimated_insertions') });
    else b.setDefault('n', 1000, 'GrowableBloomBuilder default estimated_insertions 1000');
    if (p?.args[0]) b.argument('p', p.args[0], { check: checks.probability('desired_error_ratio') });
    else b.setDefault('p', 0.01, 'GrowableBloomBuilder default desired_error_ratio 0.01');
    b.draft.end = Math.max(end, n?.end ?? 0, p?.end ?? 0);
    b.hashing('partitioned', 'growable-bloom-filter is partitioned');
    return b.derive((q) => (q.n !== undefined && q.p !== undefined ? derive.growable(q.p, q.n) : {})).build();
  },
});

export const LIBRARY_RECOGNIZERS: readonly Recognizer[] = [
  bitsAndBlooms, bbloom, pythonBloomFilter, pythonScalable, jsBloomFilter, jsOtherFilters, fastbloom, growable,
];
