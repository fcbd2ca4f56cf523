/**
 * The hover's and the lens's "smaller: ..." row (issue 19 item 4): another filter that fits what is known about a
 * detected configuration and needs at least 20% less memory at the same or a lower false-positive rate. Plain data,
 * built from compareStructures' rows (src/core/compareStructures.ts) at the filter's n and delivered rate; the
 * extension computes those rows in its worker (alternativeRequest says which), views render the result.
 */
import { compareStructures, StructureId, StructureRow } from '../core/compareStructures';
import { FilterNeeds, STATIC_NEEDS, STATIC_PER_FILE, structureFits } from '../libraries/alternatives';
import { libraryForRecognizer, modelForRecognizer } from '../libraries';
import type { FilterReport } from './analyze';
import { formatProbability } from './format';

/** The smallest saving worth a row: 20% of the filter's memory. */
export const MIN_MEMORY_SAVING = 0.2;
/** Keys assumed when the code states bits per key only (a large filter: one SST, one row group of a big table). */
export const NOMINAL_KEYS = 1_000_000;
/** An alternative's FP within 5% of the filter's reads "same FP". */
const SAME_RATE_TOLERANCE = 0.05;
/** Counting filters: 4-bit counters per bit position (Fan et al. 2000), the comparison's counting-Bloom row. */
const COUNTER_BITS = 4;
/** Other structures only: the Bloom layouts' sizing is the other diagnostics' job (BL003, BL004), the bounds are not filters. */
const CANDIDATES: readonly StructureId[] = ['ribbon', 'xor', 'binary-fuse-3', 'binary-fuse-4', 'cuckoo', 'quotient'];

/** What the comparison for one configuration is run at, and what it must beat. */
export interface AlternativeRequest {
  /** Keys (the configuration's n, or NOMINAL_KEYS when only bits per key are known). */
  readonly n: number;
  /** The false-positive rate the configuration delivers (its headline rate). */
  readonly p: number;
  /** Whether n is NOMINAL_KEYS rather than the configuration's own. */
  readonly nominalKeys: boolean;
  /** The configuration's memory per key, in bits (counting filters: 4-bit counters). */
  readonly bitsPerKey: number;
  readonly needs: FilterNeeds;
  /** The structure the same library offers, preferred when it saves enough. */
  readonly preferred?: { readonly structure: StructureId; readonly name: string };
}

export interface SmallerAlternative {
  readonly structure: StructureId;
  /** For people: "RocksDB Ribbon", "Binary fuse filter (3-wise)". */
  readonly name: string;
  readonly bitsPerKey: number;
  /** 1 - its bits per key / the configuration's (>= MIN_MEMORY_SAVING). */
  readonly memorySaving: number;
  readonly falsePositiveRate: number;
  /** The n and p the comparison ran at (the designer opens there). */
  readonly n: number;
  readonly p: number;
  /** The hover row, one short line: "RocksDB Ribbon, 7.1 bits/key (−29%), same FP". */
  readonly text: string;
  /** The lens's few words: "Ribbon −29%". */
  readonly short: string;
}

/** The comparison a report needs for its row, or undefined when none can apply (no rate, no memory, already Ribbon). */
export function alternativeRequest(report: FilterReport): AlternativeRequest | undefined {
  const { finding, config, metrics } = report;
  const headline = metrics.headline;
  const memoryPerKey = metrics.bitsPerElement;
  if (!headline || memoryPerKey === undefined || !(memoryPerKey > 0) || !Number.isFinite(memoryPerKey)) return undefined;
  if (!(headline.falsePositiveRate > 0 && headline.falsePositiveRate < 1) || metrics.recycling) return undefined;
  if (modelForRecognizer(finding.recognizer)?.layout.kind === 'ribbon') return undefined; // already the smaller structure
  const n = headline.perElement || config.n === undefined ? NOMINAL_KEYS : config.n;
  if (!Number.isSafeInteger(n) || n < 1) return undefined;
  const counting = /counting/i.test(finding.recognizer);
  const staticPerFile = STATIC_PER_FILE[libraryForRecognizer(finding.recognizer)?.id ?? ''];
  const needs: FilterNeeds = counting ? { insertsAfterBuild: true, deletes: true, growing: false }
    : staticPerFile ? STATIC_NEEDS : { insertsAfterBuild: true, deletes: false, growing: false };
  return {
    n, p: headline.falsePositiveRate, nominalKeys: n !== config.n, bitsPerKey: counting ? COUNTER_BITS * memoryPerKey : memoryPerKey, needs,
    ...(staticPerFile?.preferred ? { preferred: staticPerFile.preferred } : {}),
  };
}

/** The key under which the rows of a request are computed and kept. */
export function alternativeKey(request: AlternativeRequest): string {
  return `${request.n}:${request.p}`;
}

/**
 * The row for a request from compareStructures(request.n, request.p): among the structures that fit and reach the
 * rate, the one the same library offers if it saves enough, else the smallest; undefined when none saves 20%.
 */
export function smallerAlternative(request: AlternativeRequest, rows: readonly StructureRow[]): SmallerAlternative | undefined {
  const fitting = rows.filter((row) => CANDIDATES.includes(row.id) && structureFits(row, request.needs) && row.reachesTarget && row.fp <= request.p
    && 1 - row.bitsPerKey / request.bitsPerKey >= MIN_MEMORY_SAVING);
  if (fitting.length === 0) return undefined;
  const preferred = fitting.find((row) => row.id === request.preferred?.structure);
  const best = preferred ?? fitting.reduce((a, b) => (b.bitsPerKey < a.bitsPerKey ? b : a));
  const name = preferred ? request.preferred!.name : best.name;
  const memorySaving = 1 - best.bitsPerKey / request.bitsPerKey;
  const percent = Math.round(memorySaving * 100);
  const sameRate = best.fp >= request.p * (1 - SAME_RATE_TOLERANCE);
  const rate = sameRate ? 'same FP' : `FP ${formatProbability(best.fp)}`;
  return {
    structure: best.id, name, bitsPerKey: best.bitsPerKey, memorySaving, falsePositiveRate: best.fp, n: request.n, p: request.p,
    text: `${name}, ${best.bitsPerKey.toFixed(1)} bits/key (−${percent}%), ${rate}${request.nominalKeys ? ` at ${request.n.toExponential(0).replace('e+', 'e')} keys` : ''}`,
    short: `${name.replace(/^RocksDB /, '').replace(/ filter.*$/, '').replace(/ \(.*\)$/, '')} −${percent}%`,
  };
}

/** The row computed inline (the CLI and tests; the extension uses its worker, see src/extension/reports.ts). */
export function smallerAlternativeFor(report: FilterReport): SmallerAlternative | undefined {
  const request = alternativeRequest(report);
  return request ? smallerAlternative(request, compareStructures(request.n, request.p)) : undefined;
}
