/**
 * The ONE place where the conformance suite asks Bloom Lens for its numbers. Everything the suite
 * compares against a real library (m, k, FP) comes from here, so repointing the suite at new models
 * is a change to this file only.
 *
 * How a prediction is made:
 *  - m and k: the configuration is written as the source line a user would write (a Java call, a Go
 *    call, a CREATE INDEX ...) and run through Bloom Lens's own detection (`detectConfigs`), exactly as
 *    the editor would see it. Where detection only knows bits per key (RocksDB, LevelDB) m is
 *    ceil(n · bits per key), which is what the designer table shows.
 *  - FP: the FP model of the library module that owns the finding (`src/libraries/<system>.ts`),
 *    evaluated at the library's own m and k (so an m/k disagreement is reported once, not twice).
 *  - A prediction is "faithful" when that model describes the library's layout. While a module with a
 *    non-textbook layout (blocked, split-block, ribbon, 32-bit hashing) still points at the textbook
 *    model, the prediction is marked not faithful: the runner reports it as PENDING, never as a pass.
 *
 * Models (core-layouts): `layoutRate` calls src/core/layouts.ts (blocked, split-block), ribbon.ts (RocksDB
 * Ribbon) and hash32.ts (LevelDB, RocksDB legacy: seeded bit-exact simulations whose own 99.9 % interval is
 * passed on as fpSd). When the library modules point their own `model` at layout formulas, that model is used
 * here automatically (its id is no longer the textbook one).
 */
import { exactFalsePositiveRate, MAX_HASHES } from '../../src/core/classic';
import { bloomFiltersJsScalableChain } from '../../src/core/doubleHashedSlices';
import { levelDbFalsePositiveRateEstimate, levelDbFilterParameters, rocksDbLegacyFalsePositiveRateEstimate, rocksDbLegacyFilterParameters } from '../../src/core/hash32';
import type { Hash32Estimate } from '../../src/core/hash32';
import { blockedFalsePositiveRate, splitBlockFalsePositiveRate } from '../../src/core/layouts';
import { ribbonFalsePositiveRate, rocksDbFastLocalFilterBytes, rocksDbMillibitsPerKey, rocksDbRibbonConfiguration } from '../../src/core/ribbon';
import { analyzeFinding } from '../../src/analysis/analyze';
import { detectConfigs } from '../../src/detect';
import type { Finding } from '../../src/detect/types';
import { filterBitsForKeys, libraryForRecognizer } from '../../src/libraries';
import type { FalsePositiveModel, Layout } from '../../src/libraries';

export interface Prediction {
  /** Bits Bloom Lens says the library allocates (undefined: Bloom Lens does not derive it). */
  readonly m?: number;
  /** Probes Bloom Lens says the library uses (undefined: not derived, or the layout has none). */
  readonly k?: number;
  /** The FP Bloom Lens shows for this filter, at the library's measured m and k. */
  readonly fp?: number;
  /** Standard deviation of fp itself, when the model is a seeded simulation (hash32.ts); 0 otherwise. */
  readonly fpSd?: number;
  /** Which Bloom Lens model produced fp. */
  readonly model: string;
  /** True when the model describes the library's layout (not the textbook stand-in). */
  readonly faithful: boolean;
  /** The layout Bloom Lens records for the library. */
  readonly layout: string;
  /** The recogniser that read the snippet, if any. */
  readonly recognizer?: string;
  /**
   * The library's sizing as Bloom Lens's core computes it (src/core/ribbon.ts, hash32.ts), where the core has a
   * function for it: checked too, so a core sizing that drifts from the library fails even while detection
   * does not use it yet.
   */
  readonly core?: { readonly m: number; readonly k?: number; readonly source: string };
  readonly notes: readonly string[];
  /** Bloom Lens's BL001 message when it reports the configuration as one the library refuses (and then shows no rates). */
  readonly refused?: string;
}

/** What the library really did: the suite passes m and k as measured, and n. */
export interface LibraryFacts {
  readonly n: number;
  readonly mBits: number;
  readonly k?: number;
  /** The bits per key the library was configured with (RocksDB, LevelDB): the input of their models. */
  readonly bitsPerKey?: number;
}

/** Precision asked of the seeded hash32 estimates: 1 % half-width at 99.9 %, or 1e8 probe steps. */
const HASH32_OPTIONS = { seed: 1, relativeHalfWidth: 0.01, maxWork: 1e8 } as const;
const Z_999 = 3.2905267314919255;

export interface SnippetInput {
  readonly text: string;
  readonly languageId: string;
  readonly fileName?: string;
  /** Recogniser id the snippet must produce (guards against a snippet silently matching something else). */
  readonly recognizer: string;
}

const TEXTBOOK_MODEL_ID = 'classic-exact';

function describeLayout(layout: Layout): string {
  switch (layout.kind) {
    case 'classic':
      return `classic (${layout.hashing})`;
    case 'blocked':
      return `blocked, ${layout.blockBits}-bit blocks`;
    case 'split-block':
      return 'split-block (SBBF)';
    case 'ribbon':
      return 'ribbon';
    case 'hash32':
      return `one 32-bit hash (${layout.variant})`;
  }
}

/**
 * The FP of a layout, by Bloom Lens's model of that layout: the exact classic rate for textbook layouts,
 * src/core/layouts.ts for blocked and split-block filters, ribbon.ts for RocksDB's Ribbon filter and
 * hash32.ts for LevelDB and RocksDB's legacy format (which need the configured bits per key).
 */
interface Rate {
  readonly fp?: number;
  readonly fpSd?: number;
  readonly model: string;
  readonly faithful: boolean;
}

function fromEstimate(estimate: Hash32Estimate, model: string): Rate {
  return { fp: estimate.estimate, fpSd: (estimate.upper - estimate.lower) / (2 * Z_999), model: `${model}${estimate.converged ? '' : ', not converged'}`, faithful: true };
}

function layoutRate(layout: Layout, facts: LibraryFacts, k: number | undefined): Rate {
  const usableK = k !== undefined && Number.isInteger(k) && k >= 1 && k <= MAX_HASHES;
  if (layout.kind === 'classic') {
    if (!usableK || (layout.hashing !== 'colliding' && (k as number) > facts.mBits)) return { model: 'classic-exact', faithful: true };
    return { fp: exactFalsePositiveRate(facts.mBits, facts.n, k as number, layout.hashing), model: `classic-exact (${layout.hashing})`, faithful: true };
  }
  if (layout.kind === 'blocked') {
    if (!usableK || facts.mBits % layout.blockBits !== 0) return { model: `blocked-${layout.blockBits}`, faithful: true };
    return { fp: blockedFalsePositiveRate(facts.mBits, facts.n, k as number, layout.blockBits), model: `blocked-${layout.blockBits} (layouts.ts)`, faithful: true };
  }
  if (layout.kind === 'split-block') {
    if (facts.mBits % 256 !== 0) return { model: 'split-block', faithful: true };
    return { fp: splitBlockFalsePositiveRate(facts.mBits, facts.n), model: 'split-block (layouts.ts)', faithful: true };
  }
  if (layout.kind === 'ribbon') {
    if (facts.bitsPerKey === undefined) return { model: 'ribbon', faithful: true };
    return { fp: ribbonFalsePositiveRate(facts.bitsPerKey, facts.n), model: 'ribbon (ribbon.ts)', faithful: true };
  }
  // hash32: seeded bit-exact simulations of the libraries' probe arithmetic; their own interval is reported.
  if (facts.bitsPerKey === undefined) return { model: `hash32-${layout.variant}`, faithful: true };
  return layout.variant === 'leveldb'
    ? fromEstimate(levelDbFalsePositiveRateEstimate(facts.n, facts.bitsPerKey, HASH32_OPTIONS), 'leveldb-hash32 (hash32.ts, seeded)')
    : fromEstimate(rocksDbLegacyFalsePositiveRateEstimate(facts.n, facts.bitsPerKey, HASH32_OPTIONS), 'rocksdb-legacy-hash32 (hash32.ts, seeded)');
}

/** The core's own sizing of the RocksDB and LevelDB layouts (filter bits without metadata, and k). */
function coreSizing(layout: Layout, facts: LibraryFacts): Prediction['core'] {
  const bpk = facts.bitsPerKey;
  if (bpk === undefined) return undefined;
  if (layout.kind === 'blocked' && layout.blockBits === 512) {
    return { m: rocksDbFastLocalFilterBytes(facts.n, rocksDbMillibitsPerKey(bpk)) * 8, source: 'ribbon.ts rocksDbFastLocalFilterBytes' };
  }
  if (layout.kind === 'ribbon') {
    const configuration = rocksDbRibbonConfiguration(bpk, facts.n);
    return { m: (configuration.filterBytes - 5) * 8, source: `ribbon.ts rocksDbRibbonConfiguration (${configuration.kind})` };
  }
  if (layout.kind === 'hash32' && layout.variant === 'rocksdb-legacy') {
    const legacy = rocksDbLegacyFilterParameters(facts.n, bpk);
    return { m: legacy.bits, k: legacy.k, source: 'hash32.ts rocksDbLegacyFilterParameters' };
  }
  if (layout.kind === 'hash32' && layout.variant === 'leveldb') {
    const level = levelDbFilterParameters(facts.n, bpk);
    return { m: level.bits, k: level.k, source: 'hash32.ts levelDbFilterParameters' };
  }
  return undefined;
}

function findingFor(input: SnippetInput): Finding {
  const findings = detectConfigs(input.text, { languageId: input.languageId, ...(input.fileName ? { fileName: input.fileName } : {}) });
  const finding = findings.find((f) => f.recognizer === input.recognizer);
  if (!finding) {
    throw new Error(`Bloom Lens did not detect ${input.recognizer} in: ${input.text} (found: ${findings.map((f) => f.recognizer).join(', ') || 'nothing'})`);
  }
  return finding;
}

/**
 * Bloom Lens's prediction for another filter (cuckoo, XOR, binary fuse) written as a snippet: what the editor shows
 * (detection, then the fingerprint report) for `keys` keys, stated by a `bloom-lens: n=` annotation above its call.
 */
export function predictFromFingerprintSnippet(input: SnippetInput, keys: number): Prediction {
  const lines = input.text.trimEnd().split('\n');
  lines.splice(lines.length - 1, 0, `// bloom-lens: n=${keys}`); // on the line above the call (the snippet's last line)
  const finding = findingFor({ ...input, text: `${lines.join('\n')}\n` });
  const report = analyzeFinding(finding);
  const structure = report.structure;
  if (!structure) throw new Error(`${input.recognizer} gave no fingerprint structure for: ${input.text}`);
  const refusal = report.diagnostics.find((d) => d.code === 'BL001');
  return {
    ...(report.derived.m !== undefined ? { m: report.derived.m } : {}), ...(report.derived.fp !== undefined ? { fp: report.derived.fp } : {}),
    model: structure.model, faithful: true, layout: structure.structure.layout, recognizer: finding.recognizer,
    notes: [...(finding.derived.notes ?? [])], ...(refusal && report.derived.fp === undefined ? { refused: refusal.message } : {}),
  };
}

/**
 * Bloom Lens's prediction for a configuration written as a snippet. `layoutOverride` describes the
 * library's real layout when Bloom Lens's module for this recogniser does not distinguish it (RocksDB's
 * legacy format is written with the same call as the current one; only format_version differs).
 */
export function predictFromSnippet(input: SnippetInput, facts: LibraryFacts, layoutOverride?: Layout): Prediction {
  const finding = findingFor(input);
  // What the editor shows: BL001 and no rate at all means Bloom Lens says the filter will never exist.
  const report = analyzeFinding(finding);
  const bl001 = report.diagnostics.find((d) => d.code === 'BL001');
  if (bl001 && report.derived.fp === undefined) {
    return { model: 'none (BL001)', faithful: true, layout: 'refused', recognizer: finding.recognizer, notes: [], refused: bl001.message };
  }
  const module = libraryForRecognizer(finding.recognizer);
  const notes: string[] = [...(finding.derived.notes ?? [])];
  let m = finding.derived.m;
  if (m === undefined && finding.derived.bitsPerElement !== undefined) {
    m = filterBitsForKeys(finding.recognizer, facts.n, finding.derived.bitsPerElement);
    notes.push(`m for n = ${facts.n} at ${finding.derived.bitsPerElement} bits per key, as the library module sizes it`);
  }
  let k = finding.derived.k;
  const growth = finding.derived.growth;
  if (growth) {
    // A scalable filter: compare the whole chain after n keys (its bits, and its number of links as k).
    const chain = bloomFiltersJsScalableChain(growth.initialSize, growth.errorRate, growth.ratio, facts.n);
    m = chain.bits;
    k = chain.links.length;
    notes.push(`scalable chain after ${facts.n} keys: m = the bits of all ${chain.links.length} links, k = the number of links`);
  }
  if (!module) {
    return { ...(m !== undefined ? { m } : {}), ...(k !== undefined ? { k } : {}), model: 'none', faithful: false, layout: 'unknown', recognizer: finding.recognizer, notes: [...notes, 'no library module owns this recogniser'] };
  }
  const variant = module.variants?.[finding.recognizer];
  const layout = layoutOverride ?? variant?.layout ?? module.layout;
  const model: FalsePositiveModel = variant?.model ?? module.model;
  const probes = growth ? undefined : facts.k ?? k;
  const withBitsPerKey: LibraryFacts = finding.derived.bitsPerElement !== undefined && facts.bitsPerKey === undefined ? { ...facts, bitsPerKey: finding.derived.bitsPerElement } : facts;
  let rate: Rate;
  if (model.id !== TEXTBOOK_MODEL_ID && !layoutOverride) {
    // The module has a layout-specific model: use it as the editor does.
    const fp = model.atCapacity?.(facts.mBits, facts.n, probes ?? 0, withBitsPerKey.bitsPerKey, finding.derived);
    rate = { ...(fp !== undefined ? { fp } : {}), model: model.id, faithful: true };
  } else {
    rate = layoutRate(layout, withBitsPerKey, probes);
  }
  const core = module.id === 'rocksdb' || module.id === 'leveldb' ? coreSizing(layout, withBitsPerKey) : undefined;
  return {
    ...(core ? { core } : {}),
    ...(m !== undefined ? { m } : {}), ...(k !== undefined ? { k } : {}), ...(rate.fp !== undefined ? { fp: rate.fp } : {}),
    ...(rate.fpSd !== undefined ? { fpSd: rate.fpSd } : {}), model: rate.model, faithful: rate.faithful, layout: describeLayout(layout), recognizer: finding.recognizer, notes,
  };
}

/**
 * Bloom Lens's prediction for a library it does not detect (no recogniser, so no m or k of its own):
 * the FP its models give for the library's own m and k on the stated layout.
 */
export function predictFromLayout(layout: Layout, facts: LibraryFacts, probes?: number): Prediction {
  const rate = layoutRate(layout, facts, probes ?? facts.k);
  return { ...(rate.fp !== undefined ? { fp: rate.fp } : {}), model: rate.model, faithful: rate.faithful, layout: describeLayout(layout), notes: ['Bloom Lens has no recogniser for this library: m and k are not derived, only the FP is checked'] };
}
