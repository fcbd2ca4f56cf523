/** `bloom-lens capacity`: how many messages per cycle fit under an average FP target (cli-contract.md). */
import { choice, Command, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table, UsageError } from '../args';
import { recyclingCapacity } from '../../core/recyclingCapacity';
import { asUsageError, formatCount, formatProbability, formatReal } from './fp';

export const capacityCommand: Command = (args) => {
  rejectUnknownFlags(args, ['memory', 'target', 'hashing', 'recycle', 'model']);
  rejectPositional(args);
  const memory = requireNumber(args, 'memory', { integer: true, min: 4, max: 2 ** 50, describe: 'an integer number of bits from 4 to 2^50' });
  const target = requireNumber(args, 'target', RULES.probability);
  const hashing = choice(args, 'hashing', ['colliding', 'noncolliding', 'partitioned'] as const, 'colliding');
  if (hashing === 'partitioned') throw new UsageError('--hashing partitioned is not modelled for recycling filters (use colliding or noncolliding)');
  const recycle = choice(args, 'recycle', ['drop', 'retain'] as const, 'drop');
  const model = choice(args, 'model', ['auto', 'exact', 'approximate'] as const, 'auto');
  if (model === 'exact' && memory > 1e7) throw new UsageError('--model exact is limited to --memory <= 1e7 bits (use auto or approximate)');
  const result = asUsageError(() => recyclingCapacity({ memoryBits: memory, targetRate: target, hashing, retain: recycle === 'retain', model }));
  const { worstCase, oracle, average, sigmaBounded, twoPhase } = result;
  const json = {
    memory, target, hashing, recycle,
    worstCase, oracle, average, sigmaBounded, twoPhase,
    model: result.model,
    relativeErrorBound: result.relativeErrorBound,
    nBoundedHashing: 'colliding',
  };
  const ratio = (x: number): string => (sigmaBounded.messages > 0 ? `${(x / sigmaBounded.messages).toFixed(3)} of sigma-bounded` : '');
  const text = table([
    ['memory / target', `${formatCount(memory)} bits, average FP <= ${formatProbability(target)}`],
    ['worst case (fw)', `${formatCount(worstCase.messages)} messages, k = ${worstCase.k}  ${ratio(worstCase.messages)}`],
    ['oracle average (fo)', `${formatCount(oracle.messages)} messages, k = ${oracle.k}  ${ratio(oracle.messages)}`],
    ['actual average (fa)', `${formatCount(average.messages)} messages, k = ${average.k}  ${ratio(average.messages)}`],
    ['sigma-bounded', `${formatReal(sigmaBounded.messages)} messages per cycle, k = ${sigmaBounded.k}, sigma = ${formatCount(sigmaBounded.sigma)}`],
    ['two-phase (2 x m/2)', `${formatReal(twoPhase.messages)} messages per active cycle, k = ${twoPhase.k}, sigma = ${formatCount(twoPhase.sigma)}`],
    ['model', result.model === 'exact' ? 'exact Markov chain' : `continuum approximation (relative error <= ${result.relativeErrorBound.toExponential(1)})`],
  ]);
  return { json, text };
};
