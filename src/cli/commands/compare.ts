/** `bloom-lens compare`: what the same n and p cost in other filters (cli-contract.md, beyond-bloom.md). */
import { Command, rejectPositional, rejectUnknownFlags, requireNumber, RULES } from '../args';
import { compareStructures, StructureRow } from '../../core/compareStructures';
import { asUsageError, formatCount } from './fp';

/** The contract's fields of one row (the core row also carries variants and sources for the designer). */
function jsonRow(row: StructureRow): object {
  const { id, name, bitsPerKey, memoryBits, fp, inserts, deletes, accessesPerQuery, notes } = row;
  return { id, name, bitsPerKey, memoryBits, fp, inserts, deletes, accessesPerQuery, notes };
}

function percent(rate: number): string {
  const value = rate * 100;
  return value >= 0.01 ? `${value.toFixed(3)}%` : `${value.toExponential(2)}%`;
}

/** Memory relative to the static lower bound, e.g. "1.44x". */
function timesBound(ratio: number): string {
  return ratio >= 1000 ? '>1000x' : `${ratio.toFixed(2)}x`;
}

/** Left-aligned text columns, numbers right-aligned. */
function columns(rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (rightAligned.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd()).join('\n');
}

export const compareCommand: Command = (args) => {
  rejectUnknownFlags(args, ['n', 'p']);
  rejectPositional(args);
  const n = requireNumber(args, 'n', RULES.positiveElements);
  const p = requireNumber(args, 'p', RULES.probability);
  const rows = asUsageError(() => compareStructures(n, p));
  const bound = rows[0].bitsPerKey;
  const lines = [
    ['structure', 'bits/key', 'vs bound', 'memory (bits)', 'FP', 'inserts', 'deletes', 'accesses'],
    ...rows.map((row) => [
      row.name, row.bitsPerKey.toFixed(2), row.id === 'bound' ? '' : timesBound(row.bitsPerKey / bound),
      formatCount(row.memoryBits), percent(row.fp) + (row.reachesTarget ? '' : ' (above p)'), row.inserts ? 'yes' : 'no', row.deletes ? 'yes' : 'no',
      row.accessesPerQuery === null ? '' : String(row.accessesPerQuery),
    ]),
  ];
  const notes = rows.map((row) => `${row.name}: ${row.notes.join('; ')}`);
  const text = [`n = ${formatCount(n)} keys at FP <= ${p}`, '', columns(lines, new Set([1, 2, 3, 4, 7])), '', 'notes:', ...notes.map((line) => `  ${line}`)].join('\n');
  return { json: { n, p, structures: rows.map(jsonRow) }, text };
};
