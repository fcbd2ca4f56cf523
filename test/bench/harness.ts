/**
 * Shared benchmark helpers. Two kinds of figures:
 * - budgets (bench): absolute wall times for a person to read, printed as % of budget; they decide pass/fail
 *   only with `npm run bench -- --strict`, because a busy machine inflates every wall time;
 * - ratios (ratio): a hot path against a simple reference measured in the same process, interleaved, in this
 *   process's CPU time (a busy machine preempts, it does not add CPU time), fastest batch of each; asserted in
 *   every run (CI included), with at least 2x room for noise.
 * Every figure is also appended to $BLOOM_LENS_BENCH_JSON (scripts/run-bench.mjs gathers test-artifacts/bench.json).
 */
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Measurement {
  readonly label: string;
  readonly medianSeconds: number;
  readonly budgetSeconds: number;
}

const STRICT = process.argv.includes('--strict') || process.env.BLOOM_LENS_BENCH_STRICT === '1';
const budgets: Measurement[] = [];
let failedRatios = 0;

/** One line of test-artifacts/bench.json. */
function record(entry: Record<string, unknown>): void {
  const file = process.env.BLOOM_LENS_BENCH_JSON;
  if (file) appendFileSync(file, `${JSON.stringify({ bench: basename(process.argv[1] ?? ''), ...entry })}\n`);
}

/** Calls per batch so that one batch takes about 5 ms (microsecond functions are timed precisely). */
function batchSize(fn: () => unknown): number {
  fn(); // warm up the JIT
  const t0 = performance.now();
  fn();
  const single = Math.max(1e-7, (performance.now() - t0) / 1000);
  return Math.max(1, Math.min(100_000, Math.round(0.005 / single)));
}

function timeBatch(fn: () => unknown, calls: number): { wall: number; cpu: number } {
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const used = process.cpuUsage(c0);
  return { wall: (performance.now() - w0) / 1000 / calls, cpu: (used.user + used.system) / 1e6 / calls };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Median time per call of `fn`, in batches of about 5 ms, over about `minTotalSeconds`. This process's CPU
 * time is returned beside the wall time (it exceeds wall time when the garbage collector runs on helper threads).
 */
export function measure(fn: () => unknown, minTotalSeconds = 0.2): { wallSeconds: number; cpuSeconds: number } {
  const perBatch = batchSize(fn);
  const wall: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  while (wall.length < 5 || (performance.now() - start < minTotalSeconds * 1000 && wall.length < 2000)) {
    const t = timeBatch(fn, perBatch);
    wall.push(t.wall);
    cpu.push(t.cpu);
  }
  return { wallSeconds: median(wall), cpuSeconds: median(cpu) };
}

/** Median wall time of `fn` (see measure). */
export function timeIt(fn: () => unknown, minTotalSeconds = 0.2): number {
  return measure(fn, minTotalSeconds).wallSeconds;
}

export function formatSeconds(seconds: number): string {
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(2)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(2)} ms`;
  return `${seconds.toFixed(2)} s`;
}

/** Measures `fn` against an absolute budget (asserted only with --strict); prints one line. */
export function bench(label: string, budgetSeconds: number, fn: () => unknown, minTotalSeconds?: number): number {
  const { wallSeconds, cpuSeconds } = measure(fn, minTotalSeconds);
  budgets.push({ label, medianSeconds: wallSeconds, budgetSeconds });
  record({ kind: 'budget', label, wallSeconds, cpuSeconds, budgetSeconds, percentOfBudget: (wallSeconds / budgetSeconds) * 100 });
  const share = wallSeconds / budgetSeconds;
  const mark = share <= 1 ? 'ok  ' : STRICT ? 'FAIL' : 'over';
  console.log(`${mark} ${label}: ${formatSeconds(wallSeconds)} (${(share * 100).toFixed(1)}% of budget ${formatSeconds(budgetSeconds)}; CPU ${formatSeconds(cpuSeconds)})`);
  return wallSeconds;
}

/**
 * Asserts `fn` costs at most `maxRatio` times `reference`, both timed in alternating batches within the same
 * process (a busy machine slows both alike); the median of the per-round ratios decides. Prints one line.
 */
export function ratio(label: string, fn: () => unknown, reference: () => unknown, maxRatio: number, rounds = 9): number {
  // batches of about 25 ms of CPU each, timed in this process's CPU time (preemption on a busy machine does not
  // count), interleaved; the fastest batch of each is the least disturbed estimate of its cost
  const fnBatch = 5 * batchSize(fn);
  const referenceBatch = 5 * batchSize(reference);
  let fnSeconds = Infinity;
  let referenceSeconds = Infinity;
  for (let round = 0; round < rounds; round++) {
    fnSeconds = Math.min(fnSeconds, timeBatch(fn, fnBatch).cpu);
    referenceSeconds = Math.min(referenceSeconds, timeBatch(reference, referenceBatch).cpu);
  }
  const observed = fnSeconds / referenceSeconds;
  const ok = observed <= maxRatio;
  if (!ok) failedRatios++;
  record({ kind: 'ratio', label, ratio: observed, maxRatio, cpuSeconds: fnSeconds, referenceCpuSeconds: referenceSeconds });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ratio ${label}: ${observed.toFixed(3)}x (allowed ${maxRatio}x; CPU ${formatSeconds(fnSeconds)} against ${formatSeconds(referenceSeconds)})`);
  return observed;
}

/** Call last: exits non-zero when a ratio failed, or (with --strict) a budget was missed. */
export function finish(): void {
  const missed = budgets.filter((r) => r.medianSeconds > r.budgetSeconds);
  if (missed.length > 0) {
    console.log(`${missed.length} budget(s) over: ${missed.map((r) => r.label).join('; ')}${STRICT ? '' : ' (printed for a person; asserted only with --strict)'}`);
    if (STRICT) process.exitCode = 1;
  }
  if (failedRatios > 0) {
    console.log(`${failedRatios} ratio(s) failed`);
    process.exitCode = 1;
  }
}
