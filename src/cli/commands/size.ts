/** `bloom-lens size`: solve for the missing parameters (cli-contract.md). */
import { Command, hasFlag, optionalNumber, rejectPositional, rejectUnknownFlags, RULES, table, UsageError } from '../args';
import { bestIntegerK, maxElementsForBitsAndRate, sizeForElementsAndRate, sizeForElementsRateAndK, textbookSize } from '../../core/classic';
import { asUsageError, checkLayoutK, formatCount, formatProbability, formatReal, hashingFlag, layoutFlag } from './fp';
import {
  LayoutChoice, layoutBestK, layoutMaxElementsForBitsAndRate, layoutModelId, layoutModelName, layoutSizeForElementsAndRate, layoutText,
} from '../../libraries/layouts';

const DIRECTIONS = '--n N --p P (size m and k), --m M --p P (capacity n), --m M --n N (best k), or --n N --p P --k K (size m for that k)';

export const sizeCommand: Command = (args) => {
  rejectUnknownFlags(args, ['n', 'p', 'm', 'k', 'hashing', 'layout']);
  rejectPositional(args);
  const layout = layoutFlag(args);
  const given = ['m', 'n', 'p', 'k'].filter((name) => hasFlag(args, name));
  const key = given.join(',');
  const m = optionalNumber(args, 'm', RULES.bits);
  const n = optionalNumber(args, 'n', RULES.positiveElements);
  const p = optionalNumber(args, 'p', RULES.probability);
  const k = optionalNumber(args, 'k', RULES.hashes);
  if (layout.kind !== 'classic') return layoutSize(layout, key, given, { m, n, p, k });
  const hashing = hashingFlag(args, m, k);
  return asUsageError(() => {
    if (key === 'n,p') {
      const result = sizeForElementsAndRate(n as number, p as number, hashing);
      const textbook = textbookSize(n as number, p as number);
      const json = { m: result.mBits, k: result.k, bitsPerElement: result.mBits / (n as number), exact: result.falsePositiveRate, hashing, textbook: { m: textbook.mBits, k: textbook.k } };
      const text = table([
        ['need', `n = ${formatCount(n as number)} elements at FP <= ${p}, ${hashing} hashing`],
        ['m (smallest, exact)', `${formatCount(result.mBits)} bits (${formatBytes(result.mBits)})`],
        ['k', String(result.k)],
        ['bits per element', formatReal(json.bitsPerElement)],
        ['exact FP', formatProbability(result.falsePositiveRate)],
        ['textbook (-n ln p / ln^2 2)', `m = ${formatCount(textbook.mBits)}, k = ${textbook.k}`],
      ]);
      return { json, text };
    }
    if (key === 'm,p') {
      const result = maxElementsForBitsAndRate(m as number, p as number, hashing);
      const json = { n: result.n, k: result.k, exact: result.falsePositiveRate, hashing };
      const text = table([
        ['filter', `m = ${formatCount(m as number)} bits, FP <= ${p}, ${hashing} hashing`],
        ['n (largest, exact)', formatCount(result.n)],
        ['k', String(result.k)],
        ['exact FP at that n', formatProbability(result.falsePositiveRate)],
      ]);
      return { json, text };
    }
    if (key === 'm,n') {
      const result = bestIntegerK(m as number, n as number, hashing);
      const json = { k: result.k, exact: result.falsePositiveRate, hashing };
      const text = table([
        ['filter', `m = ${formatCount(m as number)} bits, n = ${formatCount(n as number)}, ${hashing} hashing`],
        ['best integer k', `${result.k}${result.atLimit ? ' (the largest allowed)' : ''}`],
        ['exact FP', formatProbability(result.falsePositiveRate)],
      ]);
      return { json, text };
    }
    if (key === 'n,p,k') {
      const result = sizeForElementsRateAndK(n as number, p as number, k as number, hashing);
      const json = { m: result.mBits, exact: result.falsePositiveRate, hashing };
      const text = table([
        ['need', `n = ${formatCount(n as number)} elements at FP <= ${p} with k = ${k}, ${hashing} hashing`],
        ['m (smallest, exact)', `${formatCount(result.mBits)} bits (${formatBytes(result.mBits)})`],
        ['exact FP', formatProbability(result.falsePositiveRate)],
      ]);
      return { json, text };
    }
    throw noDirection(key, given);
  });
};

function noDirection(key: string, given: readonly string[]): UsageError {
  const got = given.length === 0 ? 'none of them' : given.map((name) => `--${name}`).join(' ');
  const hint = key === 'm,n,k' ? '; for a given m, n and k use "bloom-lens fp"' : '';
  return new UsageError(`size needs one of ${DIRECTIONS}; got ${got}${hint}`);
}

/** `size --layout blocked:B | sbbf | ribbon`: the same four directions, searched over the layout's own FP (m in whole blocks). */
function layoutSize(layout: LayoutChoice, key: string, given: readonly string[], values: { m?: number; n?: number; p?: number; k?: number }): ReturnType<Command> {
  const { m, n, p, k } = values;
  checkLayoutK(layout, k);
  const name = layoutModelName(layout);
  const common = { layout: layoutText(layout), model: layoutModelId(layout) };
  const kText = (value: number | undefined): string => (value === undefined ? 'none (Ribbon)' : String(value));
  return asUsageError(() => {
    if (key === 'n,p' || (key === 'n,p,k' && layout.kind === 'split-block')) {
      const result = layoutSizeForElementsAndRate(layout, n as number, p as number);
      const json = { m: result.mBits, ...(result.k !== undefined ? { k: result.k } : {}), bitsPerElement: result.mBits / (n as number), fp: result.falsePositiveRate, ...common };
      return { json, text: table([
        ['need', `n = ${formatCount(n as number)} elements at FP <= ${p}, ${name}`],
        ['m (smallest, whole blocks)', `${formatCount(result.mBits)} bits (${formatBytes(result.mBits)})`],
        ['k', kText(result.k)],
        ['bits per element', formatReal(json.bitsPerElement)],
        [`FP (${name})`, formatProbability(result.falsePositiveRate)],
      ]) };
    }
    if (key === 'n,p,k') {
      const result = layoutSizeForElementsAndRate(layout, n as number, p as number, k);
      const json = { m: result.mBits, k, fp: result.falsePositiveRate, ...common };
      return { json, text: table([
        ['need', `n = ${formatCount(n as number)} elements at FP <= ${p} with k = ${k}, ${name}`],
        ['m (smallest, whole blocks)', `${formatCount(result.mBits)} bits (${formatBytes(result.mBits)})`],
        [`FP (${name})`, formatProbability(result.falsePositiveRate)],
      ]) };
    }
    if (key === 'm,p') {
      const result = layoutMaxElementsForBitsAndRate(layout, m as number, p as number);
      const json = { n: result.n, ...(result.k !== undefined ? { k: result.k } : {}), fp: result.falsePositiveRate, ...common };
      return { json, text: table([
        ['filter', `m = ${formatCount(m as number)} bits, FP <= ${p}, ${name}`],
        ['n (largest)', formatCount(result.n)],
        ['k', kText(result.k)],
        [`FP at that n (${name})`, formatProbability(result.falsePositiveRate)],
      ]) };
    }
    if (key === 'm,n') {
      const result = layoutBestK(layout, m as number, n as number);
      const json = { ...(result.k !== undefined ? { k: result.k } : {}), fp: result.falsePositiveRate, ...common };
      return { json, text: table([
        ['filter', `m = ${formatCount(m as number)} bits, n = ${formatCount(n as number)}, ${name}`],
        ['best integer k', kText(result.k)],
        [`FP (${name})`, formatProbability(result.falsePositiveRate)],
      ]) };
    }
    throw noDirection(key, given);
  });
}

function formatBytes(bits: number): string {
  const bytes = bits / 8;
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return unit === 0 ? `${formatReal(Math.ceil(value))} bytes` : `${value.toFixed(2)} ${units[unit]}`;
}
