/**
 * The designer's "same job, other filters" section (issue 19 item 3), as plain data: the chart of bits per key
 * against p for each structure (from compareStructures over a grid of p, computed in the worker), the table at the
 * design's n and p filtered by the three questions, and the libraries of the chosen ecosystem. No DOM, no Chart.js.
 */
import { compareStructures, StructureId, StructureRow } from '../src/core/compareStructures';
import { formatBits, formatCount, formatProbability, formatReal } from '../src/analysis/format';
import { Ecosystem, FilterNeeds, librariesFor, structureFits, WHEN_N_GROWS } from '../src/libraries/alternatives';
import type { ChartData, Series } from './chartData';

/** The chart's rates: 20% down to 1e-6 in quarter decades (23 points). */
export const RATE_GRID: readonly number[] = Array.from({ length: 23 }, (_, i) => Number((10 ** (-0.7 - i * 0.25)).toPrecision(3)));

/** compareStructures at one rate of the grid. */
export interface GridPoint {
  readonly p: number;
  readonly rows: readonly StructureRow[];
}

/** compareStructures at n for every rate of the grid (the worker's job: 23 calls). */
export function alternativesGrid(n: number): GridPoint[] {
  return RATE_GRID.map((p) => ({ p, rows: compareStructures(n, p) }));
}

/** Structures in the chart and the table: those that fit the answers to the three questions. */
export function fittingRows(rows: readonly StructureRow[], needs: FilterNeeds): StructureRow[] {
  return rows.filter((row) => structureFits(row, needs));
}

/** Where the design sits on the chart: its delivered FP and its bits per key. */
export interface DesignPoint {
  readonly falsePositiveRate: number;
  readonly bitsPerKey: number;
}

/** The chart's legend: short names (a narrow panel has room for a few lines of legend, not twelve long names). */
const CHART_LABELS: Readonly<Record<StructureId, string>> = {
  bound: 'bound (static)', 'bound-deletes': 'bound (deletes)', bloom: 'Bloom', 'blocked-512': 'blocked Bloom', 'split-block': 'split-block Bloom',
  ribbon: 'Ribbon', xor: 'XOR', 'binary-fuse-3': 'fuse 3-wise', 'binary-fuse-4': 'fuse 4-wise', cuckoo: 'cuckoo', quotient: 'quotient (CQF)',
  'counting-bloom': 'counting Bloom',
};

/** Bits per key against p for each fitting structure at n, the design marked; ids that do not fit are left out. */
export function alternativesChart(n: number, grid: readonly GridPoint[], design: DesignPoint, needs: FilterNeeds): ChartData {
  const ids = new Set(fittingRows(grid[0]?.rows ?? [], needs).map((row) => row.id));
  const series: Series[] = [];
  for (const row of grid[0]?.rows ?? []) {
    if (!ids.has(row.id)) continue;
    const points = grid.map((point) => point.rows.find((r) => r.id === row.id))
      .map((r, i) => ({ x: grid[i].p, y: r?.bitsPerKey ?? Number.NaN }))
      .filter((point) => Number.isFinite(point.y) && point.y > 0);
    series.push({ label: CHART_LABELS[row.id], points, ...(row.id === 'bound' || row.id === 'bound-deletes' ? { dashed: true } : {}) });
  }
  const designOnChart = Number.isFinite(design.falsePositiveRate) && design.falsePositiveRate > 0 && Number.isFinite(design.bitsPerKey);
  if (designOnChart) series.push({ label: 'your design', points: [{ x: design.falsePositiveRate, y: design.bitsPerKey }], markers: true });
  // The grid's first rate at or below 1%, named as it is (the grid's rates are not round numbers).
  const onePercentPoint = grid.find((point) => point.p <= 0.01);
  const smallest = fittingRows(onePercentPoint?.rows ?? [], needs).filter((r) => !r.id.startsWith('bound'))
    .reduce<StructureRow | undefined>((best, r) => (best === undefined || r.bitsPerKey < best.bitsPerKey ? r : best), undefined);
  return {
    title: `Bits per key vs false-positive rate, n = ${formatCount(n)}`,
    xLabel: 'false-positive rate p', yLabel: 'bits per key', xLog: true, yLog: true,
    series,
    summary: `Memory per key each structure that fits needs to reach each false-positive rate from ${formatProbability(RATE_GRID[0])} to ${formatProbability(RATE_GRID[RATE_GRID.length - 1])} at n = ${formatCount(n)}`
      + (designOnChart ? `; your design: ${formatReal(design.bitsPerKey)} bits/key at ${formatProbability(design.falsePositiveRate)}` : '')
      + (smallest && onePercentPoint ? `. At p = ${formatProbability(onePercentPoint.p)} the smallest is the ${smallest.name}, ${formatReal(smallest.bitsPerKey)} bits/key.` : '.'),
  };
}

/** One table row, as text cells: structure, bits/key, memory, FP, inserts, deletes, accesses per query, libraries, notes. */
export function alternativesTableRows(rows: readonly StructureRow[], needs: FilterNeeds, ecosystem: Ecosystem | undefined): string[][] {
  return fittingRows(rows, needs).map((row) => [
    row.name,
    formatReal(row.bitsPerKey, 3),
    formatBits(row.memoryBits),
    `${formatProbability(row.fp)}${row.reachesTarget ? '' : ' (above p)'}`,
    row.inserts ? 'yes' : 'no (static)',
    row.deletes ? 'yes' : 'no',
    row.accessesPerQuery === null ? '—' : String(row.accessesPerQuery),
    librariesText(row.id, ecosystem),
    [...row.notes, ...(needs.growing ? [`when n grows: ${WHEN_N_GROWS[row.id]}`] : [])].join('; '),
  ]);
}

/** The libraries of a structure in the ecosystem (all ecosystems when none is chosen), with their fingerprint widths. */
export function librariesText(structure: StructureId, ecosystem: Ecosystem | undefined): string {
  const libraries = librariesFor(structure, ecosystem);
  if (libraries.length === 0) return structure.startsWith('bound') ? '—' : ecosystem ? 'none verified in this ecosystem' : '—';
  return libraries.map((l) => `${l.name}${l.fingerprintBits.length ? ` (${l.fingerprintBits.join('/')}-bit)` : ''}${l.note ? `: ${l.note}` : ''}`).join('; ');
}

export const ALTERNATIVES_HEADERS: readonly string[] = ['structure', 'bits/key', 'memory', 'FP at n', 'inserts', 'deletes', 'accesses/query', 'libraries', 'notes'];
