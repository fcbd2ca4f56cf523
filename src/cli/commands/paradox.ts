/** `bloom-lens paradox (--bpe B | --m M --n N) --prior P [--alpha A] [--fpr F]` (cli-contract.md). */
import { Command, hasFlag, optionalNumber, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table, UsageError } from '../args';
import { minBitsPerElement, paradoxOccurs, posteriorMembership, theorem1FalsePositiveRate, thresholdPrior } from '../../core/paradox';

const ALPHA_RULE = { above: 0, max: 1e300, describe: 'a cost ratio W_FN / W_FP > 0' };
const BPE_RULE = { above: 0, max: 1e15, describe: 'a number of bits per element > 0' };
const FPR_RULE = { min: 0, max: 1, describe: 'a false-positive rate from 0 to 1' };

export const paradoxCommand: Command = (args) => {
  rejectUnknownFlags(args, ['bpe', 'm', 'n', 'prior', 'alpha', 'fpr']);
  rejectPositional(args);
  const bitsPerElement = readBitsPerElement(args);
  const prior = requireNumber(args, 'prior', RULES.probability);
  const alpha = optionalNumber(args, 'alpha', ALPHA_RULE) ?? 1;
  const fpr = optionalNumber(args, 'fpr', FPR_RULE) ?? theorem1FalsePositiveRate(bitsPerElement);
  const json = {
    fpr,
    posterior: posteriorMembership(prior, fpr),
    paradox: paradoxOccurs(prior, fpr, alpha),
    thresholdPrior: thresholdPrior(fpr, alpha),
    minBitsPerElement: minBitsPerElement(prior, alpha),
  };
  const text = table([
    ['bits per element', String(bitsPerElement)],
    ['false-positive rate', `${json.fpr}${hasFlag(args, 'fpr') ? ' (given)' : ' (Theorem 1 model, 2^(-ln2 m/n))'}`],
    ['Pr(x in S | positive)', String(json.posterior)],
    ['paradox', json.paradox ? 'yes: a positive answer costs more than a negative one; answer negative' : 'no'],
    ['threshold prior', `${json.thresholdPrior} (paradox below it, alpha = ${alpha})`],
    ['min bits per element', `${json.minBitsPerElement} (Theorem 1 model, to avoid it at this prior)`],
  ]);
  return { json, text };
};

function readBitsPerElement(args: Parameters<Command>[0]): number {
  const hasBpe = hasFlag(args, 'bpe');
  if (hasBpe && (hasFlag(args, 'm') || hasFlag(args, 'n'))) throw new UsageError('give either --bpe or --m with --n, not both');
  if (hasBpe) return requireNumber(args, 'bpe', BPE_RULE);
  if (!hasFlag(args, 'm') && !hasFlag(args, 'n')) throw new UsageError('missing --bpe B or --m M --n N (bits per element > 0)');
  const m = requireNumber(args, 'm', RULES.bits);
  const n = requireNumber(args, 'n', RULES.positiveElements);
  return m / n;
}
