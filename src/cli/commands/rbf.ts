/** `bloom-lens rbf`: recycling Bloom filters, N-bounded and sigma-bounded (cli-contract.md; recycling-spec.md). */
import { choice, Command, optionalNumber, rejectPositional, rejectUnknownFlags, requireNumber, RULES, table, UsageError } from '../args';
import { nBoundedRates, sigmaBoundedRates } from '../../core/recyclingCapacity';
import { asUsageError, formatCount, formatProbability, formatReal } from './fp';

const SIGMA_FLAGS = ['m', 'k', 'sigma', 'hashing', 'recycle', 'phases', 'model'];
/** Bounds on what --model exact may be asked to compute (about 2 s, and memory for the states). */
const EXACT_CLI_WORK_LIMIT = 1e9;
const EXACT_CLI_STATES_LIMIT = 5e7;

export const rbfCommand: Command = (args) => {
  rejectPositional(args);
  const hasN = args.flags.has('n');
  const hasSigma = args.flags.has('sigma');
  if (hasN && hasSigma) throw new UsageError('give either --n (N-bounded) or --sigma (sigma-bounded), not both');
  if (!hasN && !hasSigma) throw new UsageError('missing --n N (recycle after N messages) or --sigma S (recycle when more than S bits are set)');
  if (hasN) {
    rejectUnknownFlags(args, ['m', 'k', 'n']);
    const m = requireNumber(args, 'm', RULES.bits);
    const k = requireNumber(args, 'k', RULES.hashes);
    const n = requireNumber(args, 'n', RULES.positiveElements);
    const rates = asUsageError(() => nBoundedRates(m, k, n));
    return {
      json: { m, k, n, fw: rates.worstCase, fo: rates.oracleAverage, fa: rates.actualAverage },
      text: table([
        ['N-bounded recycling filter', `m = ${formatCount(m)} bits, k = ${k}, recycled after n = ${formatCount(n)} messages`],
        ['worst case fw (eq. 1)', formatProbability(rates.worstCase)],
        ['oracle average fo (eq. 2)', formatProbability(rates.oracleAverage)],
        ['actual average fa (eq. 3)', formatProbability(rates.actualAverage)],
      ]),
    };
  }
  rejectUnknownFlags(args, SIGMA_FLAGS);
  const m = requireNumber(args, 'm', { ...RULES.bits, min: 2, describe: 'an integer number of bits >= 2' });
  const k = requireNumber(args, 'k', RULES.hashes);
  if (k > m - 1) throw new UsageError(`--k must be at most m - 1 = ${m - 1} for a sigma-bounded filter (sigma in [k, m - 1]), got ${k}`);
  const sigma = optionalNumber(args, 'sigma', { integer: true, min: k, max: m - 1, describe: `an integer in [k, m - 1] = [${k}, ${m - 1}]` }) as number;
  const hashing = choice(args, 'hashing', ['colliding', 'noncolliding', 'partitioned'] as const, 'colliding');
  if (hashing === 'partitioned') throw new UsageError('--hashing partitioned is not modelled for recycling filters (use colliding or noncolliding)');
  const recycle = choice(args, 'recycle', ['drop', 'retain'] as const, 'drop');
  const phases = Number(choice(args, 'phases', ['1', '2'] as const, '1')) as 1 | 2;
  const model = choice(args, 'model', ['auto', 'exact', 'approximate'] as const, 'auto');
  // The exact pass costs about sigma (k+1)(k+2)/2 row operations and memory for sigma states.
  const exactWork = (sigma * (k + 1) * (k + 2)) / 2;
  if (model === 'exact' && (exactWork > EXACT_CLI_WORK_LIMIT || sigma > EXACT_CLI_STATES_LIMIT)) {
    throw new UsageError(`--model exact is limited to sigma (k+1)(k+2)/2 <= ${EXACT_CLI_WORK_LIMIT.toExponential(0)} and sigma <= ${EXACT_CLI_STATES_LIMIT.toExponential(0)} (a few seconds); use auto or approximate`);
  }
  const result = asUsageError(() => sigmaBoundedRates({ mBits: m, k, sigmaBits: sigma, hashing, retain: recycle === 'retain', phases }, model));
  const json: Record<string, unknown> = {
    m, k, sigma, hashing, recycle, phases,
    fSigma: result.falsePositiveRate,
    expectedMessagesPerCycle: result.expectedMessagesPerCycle,
    model: result.model,
    relativeErrorBound: result.relativeErrorBound,
    totalBits: m * phases,
  };
  if (phases === 2) {
    json.activeFalsePositiveRate = result.activeFalsePositiveRate;
    json.frozenFalsePositiveRate = result.frozenFalsePositiveRate;
    if (result.falsePositiveRateExactIntersection !== undefined) json.fSigmaExactIntersection = result.falsePositiveRateExactIntersection;
  }
  const rows: [string, string][] = [
    ['sigma-bounded recycling filter', `m = ${formatCount(m)} bits${phases === 2 ? ' per array (2 arrays)' : ''}, k = ${k}, sigma = ${formatCount(sigma)}, ${hashing}, ${recycle === 'retain' ? 'retaining' : 'non-retaining'}`],
    [`average FP fSigma (${phases === 2 ? 'eq. 26, two phases' : 'eq. 18'})`, formatProbability(result.falsePositiveRate)],
    ['messages per cycle E[N_0]', formatReal(result.expectedMessagesPerCycle)],
    ['model', result.model === 'exact' ? 'exact Markov chain (one pass)' : `continuum approximation, relative error <= ${result.relativeErrorBound.toExponential(1)}`],
  ];
  if (phases === 2) {
    rows.splice(2, 0, ['  active / frozen filter FP', `${formatProbability(result.activeFalsePositiveRate)} / ${formatProbability(result.frozenFalsePositiveRate)}`]);
  }
  return { json, text: table(rows) };
};
