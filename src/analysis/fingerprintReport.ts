/**
 * One detected fingerprint filter (cuckoo, XOR, binary fuse; Finding.derived.structure) -> its report: no m, k or
 * Bloom-only rows, but the same FilterReport every view renders (hover, CodeLens, diagnostics, CLI scan), with the
 * structure's own numbers in `structure`. Models: src/core/fingerprintFilters.ts and cuckooLoad.ts.
 */
import { cuckooMaxLoad, CuckooChain, growingCuckooChain } from '../core/cuckooLoad';
import { cuckooFalsePositiveRate, MAX_FINGERPRINT_BITS, xorFamilyFalsePositiveRate, xorFamilyFingerprintBits } from '../core/fingerprintFilters';
import type { Finding, FingerprintKind, FingerprintStructure } from '../detect/types';
import type { AnalysisSettings, FilterReport, ReportDiagnostic } from './analyze';
import { DIAGNOSTIC_TOPICS, invalidDiagnostic, oneLine, sourceLabel, unevaluatedDiagnostics } from './analyze';
import { formatBits, formatBytes, formatCount, formatProbability, formatRateBeside, formatReal, formatVerdict } from './format';

/** What a fingerprint filter delivers (FilterReport.structure). */
export interface FingerprintReport {
  readonly kind: FingerprintKind;
  readonly structure: FingerprintStructure;
  /** Keys the rate is taken at: the keys an annotation states, else the capacity or key count the code states. */
  readonly keys?: number;
  /** Bits of every table (a cuckoo filter that grew: all its sub-filters). */
  readonly memoryBits?: number;
  readonly bitsPerKey?: number;
  /** Cuckoo: keys over the slots of the first table, and the load its bucket size reaches before inserts fail. */
  readonly load?: number;
  readonly maxLoad?: number;
  /** Cuckoo: the tables after `keys` inserts (one unless the filter grows), and keys no table took. */
  readonly chain?: CuckooChain;
  readonly falsePositiveRate?: number;
  /** Stable model id, e.g. "cuckoo", "xor", "binary-fuse" (the CLI's `derived.model`). */
  readonly modelId: string;
  /** The rate's formula in words. */
  readonly model: string;
}

const KIND_NAMES: Readonly<Record<FingerprintKind, string>> = { cuckoo: 'Cuckoo filter', xor: 'XOR filter', 'binary-fuse': 'Binary fuse filter' };
const WHAT_IT_DOES: Readonly<Record<FingerprintKind, string>> = {
  cuckoo: 'keys can be added and deleted (delete only keys that were added); an insert can fail near full',
  xor: 'static: built from all its keys at once; no inserts or deletes afterwards',
  'binary-fuse': 'static: built from all its keys at once; no inserts or deletes afterwards',
};

const validCount = (x: number | undefined): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;
const validProbability = (p: number | undefined): p is number => typeof p === 'number' && p > 0 && p < 1;

/** Bits per slot: the fingerprint, or less for semi-sorted buckets (structure.memoryBits). */
function bitsPerSlot(structure: FingerprintStructure): number {
  return structure.memoryBits !== undefined && structure.slots ? structure.memoryBits / structure.slots : structure.fingerprintBits;
}

/** "8-bit fingerprints", or that the width is not known (0: it comes from a value that is not a constant). */
function fingerprintText(structure: FingerprintStructure): string {
  return structure.fingerprintBits >= 1 ? `${structure.fingerprintBits}-bit fingerprints` : 'fingerprint width not known';
}

/** The numbers: FP (2^-f, or the cuckoo table at its load), memory, load and growth. */
export function fingerprintFilterRates(structure: FingerprintStructure, keys: number | undefined): FingerprintReport {
  const f = structure.fingerprintBits;
  if (!(f >= 1)) return { kind: structure.kind, structure, keys, modelId: structure.kind, model: 'the fingerprint width is not known' };
  const slotBits = bitsPerSlot(structure);
  if (structure.kind !== 'cuckoo') {
    // Graf & Lemire 2020 section 3: a non-member matches with 2^-f, whatever n
    const memoryBits = structure.slots !== undefined ? structure.slots * slotBits : undefined;
    const bitsPerKey = memoryBits !== undefined && keys !== undefined ? memoryBits / keys : structure.slotsPerKey !== undefined ? structure.slotsPerKey * slotBits : undefined;
    return { kind: structure.kind, structure, keys, memoryBits, bitsPerKey, falsePositiveRate: xorFamilyFalsePositiveRate(f), modelId: structure.kind, model: `2^-${f} (${f}-bit fingerprints)` };
  }
  const b = structure.bucketSlots ?? 4;
  const maxLoad = cuckooMaxLoad(b);
  const model = `1 - (1 - load / (2^${f} - 1))^(2 x ${b}) per table (${f}-bit tags, ${b}-slot buckets)`;
  if (structure.slots === undefined || keys === undefined) return { kind: 'cuckoo', structure, keys, maxLoad, modelId: 'cuckoo', model };
  const grows = structure.whenFull === 'grows';
  const chain = growingCuckooChain(keys, structure.slots, grows ? structure.expansion ?? 1 : 1, b, f, grows ? structure.maxSubFilters ?? 1 : 1);
  const memoryBits = chain.slots * slotBits;
  return {
    kind: 'cuckoo', structure, keys, memoryBits, bitsPerKey: memoryBits / keys, load: keys / structure.slots, maxLoad, chain,
    falsePositiveRate: chain.falsePositiveRate, modelId: 'cuckoo', model,
  };
}

/** The smallest whole fingerprint (from f up) whose rate at this load meets p, or undefined when none up to 64 bits does. */
function fingerprintBitsFor(p: number, rates: FingerprintReport): number | undefined {
  if (rates.kind !== 'cuckoo') return xorFamilyFingerprintBits(p);
  const b = rates.structure.bucketSlots ?? 4;
  const load = Math.min(1, rates.load ?? rates.maxLoad ?? 1);
  for (let f = 1; f <= MAX_FINGERPRINT_BITS; f++) if (cuckooFalsePositiveRate(f, load, b) <= p) return f;
  return undefined;
}

/** Keys the code or an annotation puts in the filter: an annotation's n beside the code's capacity, else the code's n. */
function keysOf(finding: Finding): number | undefined {
  const n = finding.annotated?.n ?? finding.params.n;
  return validCount(n) ? n : undefined;
}

function diagnose(finding: Finding, rates: FingerprintReport, settings: AnalysisSettings): ReportDiagnostic[] {
  const diagnostics: ReportDiagnostic[] = [];
  const { structure, chain, keys } = rates;
  const name = finding.title;
  // A table loaded past what it holds.
  if (chain && keys !== undefined && rates.maxLoad !== undefined && structure.slots !== undefined) {
    const holds = Math.floor(rates.maxLoad * structure.slots);
    const why = `${structure.bucketSlots}-slot buckets fill to about ${formatProbability(rates.maxLoad, 2)} before inserts fail (Fan et al. 2014)`;
    if (structure.whenFull !== 'grows' && keys > holds) {
      const lost = structure.whenFull === 'drops-a-key' ? '; each failed insert also drops a stored key, which then answers "absent"' : '';
      diagnostics.push(invalidDiagnostic([`${formatCount(keys)} keys in a table of ${formatCount(structure.slots)} slots that holds about ${formatCount(holds)} — ${why}; inserts past it fail${lost}`], 'Overloaded'));
    } else if (chain.refusedKeys > 0) {
      diagnostics.push(invalidDiagnostic([`${formatCount(keys)} keys need more than ${chain.subFilters.length} sub-filters — the library refuses the last ${formatCount(chain.refusedKeys)} (RedisBloom: "Maximum expansions reached")`], 'Overloaded'));
    } else if (chain.subFilters.length > 1) {
      const first = cuckooFalsePositiveRate(structure.fingerprintBits, chain.subFilters[0].keys / chain.subFilters[0].slots, structure.bucketSlots ?? 4);
      diagnostics.push({
        code: 'BL006', severity: 'information',
        message: `Grows past its table: ${formatCount(keys)} keys need ${chain.subFilters.length} sub-filters (${formatBits(rates.memoryBits ?? 0)}), FP ${formatProbability(rates.falsePositiveRate ?? 0)}.`,
        detail: `${name}: the first table (${formatCount(structure.slots)} slots) holds about ${formatCount(holds)} keys (${why}); ${formatCount(keys)} keys need ${chain.subFilters.length} sub-filters `
          + `of ${chain.subFilters.map((t) => formatCount(t.slots)).join(' + ')} slots, and a query checks each: FP ${formatProbability(rates.falsePositiveRate ?? 0)} instead of ${formatProbability(first)} in one table.`,
      });
    }
  }
  // The FP against the stated target and the limit.
  const fp = rates.falsePositiveRate;
  const p = validProbability(finding.params.p) ? finding.params.p : undefined;
  if (fp !== undefined) {
    const missesTarget = p !== undefined && !formatVerdict(fp, p).meets;
    if (missesTarget || fp > settings.maxFalsePositiveRate) {
      const limit = missesTarget && p !== undefined ? `the target p = ${formatProbability(p)}` : `the ${formatProbability(settings.maxFalsePositiveRate)} limit (bloomLens.maxFalsePositiveRate)`;
      const needed = fingerprintBitsFor(missesTarget && p !== undefined ? p : settings.maxFalsePositiveRate, rates);
      const fix = needed !== undefined ? `; it takes ${needed}-bit fingerprints${rates.kind === 'cuckoo' ? ' (at this load)' : ''} to reach it` : '';
      diagnostics.push({
        code: 'BL002', severity: 'warning',
        message: `${structure.fingerprintBits}-bit fingerprints give FP ${formatProbability(fp)}, above ${limit}${fix}.`,
        detail: `${name} keeps ${structure.fingerprintBits}-bit fingerprints: FP ${formatProbability(fp)} by ${rates.model}, above ${limit}${fix}.`,
      });
    }
  }
  if (structure.falseNegatives) {
    diagnostics.push({
      code: 'BL006', severity: 'warning',
      message: `False negatives: members answer "absent" once evictions start (${structure.falseNegatives.issue}).`,
      detail: `${name}: ${structure.falseNegatives.why}. Known upstream: ${structure.falseNegatives.issue}.`,
    });
  }
  diagnostics.push(...unevaluatedDiagnostics(finding));
  return diagnostics;
}

function hover(finding: Finding, rates: FingerprintReport, diagnostics: readonly ReportDiagnostic[], targetRate: number, invalid: boolean): FilterReport['hover'] {
  const { structure, keys, memoryBits, bitsPerKey, falsePositiveRate: fp } = rates;
  const rows: [string, string][] = [];
  rows.push(['structure', `${KIND_NAMES[structure.kind]}: ${structure.layout}, ${fingerprintText(structure)}`]);
  const perKey = bitsPerKey !== undefined ? `${formatReal(bitsPerKey)} bits/key` : undefined;
  if (memoryBits !== undefined) rows.push(['memory', `${formatBits(memoryBits)} (${formatBytes(memoryBits / 8)})${perKey ? `, ${perKey}` : ''}`]);
  else if (perKey) rows.push(['memory', `${perKey} (large n; the key count is not known)`]);
  const p = validProbability(finding.params.p) ? finding.params.p : undefined;
  const annotated = finding.annotated?.n !== undefined && validCount(keys);
  const keysText = keys !== undefined ? `${formatCount(keys)}${annotated ? ' (annotation)' : sourceLabel(finding, 'n')}` : undefined;
  const capacityText = annotated && validCount(finding.params.n) ? ` · capacity ${formatCount(finding.params.n)}${sourceLabel(finding, 'n')}` : '';
  if (keysText !== undefined) rows.push([p !== undefined ? 'keys, target p' : 'keys', `${keysText}${capacityText}${p !== undefined ? ` · ${formatProbability(p)}${sourceLabel(finding, 'p')}` : ''}`]);
  if (rates.load !== undefined && rates.maxLoad !== undefined && structure.slots !== undefined) {
    rows.push(['load', `${formatProbability(rates.load, 3)} of ${formatCount(structure.slots)} slots; ${structure.bucketSlots}-slot buckets fill to about ${formatProbability(rates.maxLoad, 2)} before inserts fail`]);
  }
  if (fp !== undefined) rows.push([keys !== undefined && structure.kind === 'cuckoo' ? `FP at ${formatCount(keys)} keys` : 'FP', `${formatProbability(fp)} (${rates.model})`]);
  rows.push(['inserts, deletes', WHAT_IT_DOES[structure.kind]]);
  for (const { code, detail } of diagnostics) if (detail !== undefined) rows.push([`${code}: ${DIAGNOSTIC_TOPICS[code]}`, detail]);
  const notes = [
    ...finding.unevaluated.map(({ param, expression }) => `${param} comes from \`${oneLine(expression)}\`, not a constant.`),
    // the keys row says both: the annotation's n is the keys put in, the code's the capacity reserved
    ...(finding.notes ?? []).filter((note) => !(annotated && /^the annotation says n=/.test(note))),
    ...(finding.derived.notes ?? []),
  ];
  return { title: finding.title, answer: answer(finding, rates, targetRate, invalid), rows, notes };
}

function answer(finding: Finding, rates: FingerprintReport, targetRate: number, invalid: boolean): string {
  if (invalid) return 'Invalid parameters: this filter cannot be modelled (see the problem below).';
  const { falsePositiveRate: fp, keys, memoryBits, bitsPerKey, structure } = rates;
  const parts: string[] = [];
  if (fp !== undefined) parts.push(`FP ${formatRateBeside(fp, targetRate)}${keys !== undefined && structure.kind === 'cuckoo' ? ` at ${formatCount(keys)} keys` : ''}`);
  if (memoryBits !== undefined) parts.push(`${formatBits(memoryBits)} (${formatBytes(memoryBits / 8)})`);
  else if (bitsPerKey !== undefined) parts.push(`${formatReal(bitsPerKey)} bits/key`);
  parts.push(`${KIND_NAMES[structure.kind].toLowerCase()}, ${fingerprintText(structure)}`);
  if (fp !== undefined) parts.push(formatVerdict(fp, targetRate).text);
  if (fp === undefined) {
    const missing = finding.unevaluated[0];
    parts.push(missing ? `no rate yet: ${missing.param} comes from \`${oneLine(missing.expression, 40)}\`` : 'no rate yet: the capacity is not known');
  }
  return parts.join(' · ');
}

/** The report of a fingerprint filter (analyzeFinding calls this for a finding with derived.structure). Never throws. */
export function analyzeFingerprintFilter(finding: Finding, settings: AnalysisSettings): FilterReport {
  const structure = finding.derived.structure as FingerprintStructure;
  const p = validProbability(finding.params.p) ? finding.params.p : undefined;
  const targetRate = p ?? settings.targetFalsePositiveRate;
  const invalid = [...(finding.invalid ?? [])];
  if (finding.params.p !== undefined && p === undefined) invalid.push(`the false-positive rate p = ${finding.params.p} must be strictly between 0 and 1`);
  const keys = keysOf(finding);
  if (finding.params.n !== undefined && !validCount(finding.params.n)) invalid.push(`the number of keys n = ${finding.params.n} must be a whole number from 1 to 2^53 - 1`);
  let rates: FingerprintReport;
  let failure: string | undefined;
  try {
    rates = fingerprintFilterRates(structure, keys);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error); // a core RangeError at an extreme: show the structure
    rates = { kind: structure.kind, structure, keys, modelId: structure.kind, model: '' };
  }
  const diagnostics = invalid.length > 0 ? [invalidDiagnostic(invalid)] : diagnose(finding, rates, settings);
  const shown = hover(finding, rates, diagnostics, targetRate, invalid.length > 0);
  const kindName = KIND_NAMES[structure.kind];
  const lensParts = [
    ...(rates.memoryBits !== undefined ? [formatBits(rates.memoryBits)] : rates.bitsPerKey !== undefined ? [`${formatReal(rates.bitsPerKey)} bits/key`] : []),
    fingerprintText(structure),
    ...(rates.falsePositiveRate !== undefined ? [`FP ${formatRateBeside(rates.falsePositiveRate, targetRate)}`] : []),
  ];
  return {
    finding,
    config: { n: keys, p, hashing: 'colliding', targetRate, recognizer: finding.recognizer },
    metrics: {},
    structure: rates,
    derived: { m: rates.memoryBits, n: keys, fp: rates.falsePositiveRate, model: rates.falsePositiveRate !== undefined ? rates.modelId : undefined },
    diagnostics,
    hover: failure !== undefined ? { ...shown, notes: [...shown.notes, `Some numbers could not be computed: ${failure}`] } : shown,
    lens: invalid.length > 0 ? `${kindName}: invalid parameters` : `${kindName}: ${lensParts.join(', ')}`,
  };
}
