/** Shared benchmark helpers: time a function robustly, print the number, the budget and the ratio. */
import { performance } from 'node:perf_hooks';

export interface Measurement {
  readonly label: string;
  readonly medianSeconds: number;
  readonly budgetSeconds: number;
}

const results: Measurement[] = [];

/**
 * Median time per call of `fn`, in batches of calls that take about 5 ms each (so microsecond functions are
 * timed precisely), over about `minTotalSeconds`. Wall time is what budgets are asserted on; this process's
 * CPU time is printed beside it (it exceeds wall time when the garbage collector runs on helper threads).
 */
export function measure(fn: () => unknown, minTotalSeconds = 0.2): { wallSeconds: number; cpuSeconds: number } {
  fn(); // warm up the JIT
  const t0 = performance.now();
  fn();
  const single = Math.max(1e-7, (performance.now() - t0) / 1000);
  const perBatch = Math.max(1, Math.min(100_000, Math.round(0.005 / single)));
  const wall: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  while (wall.length < 5 || (performance.now() - start < minTotalSeconds * 1000 && wall.length < 2000)) {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    for (let i = 0; i < perBatch; i++) fn();
    const used = process.cpuUsage(c0);
    wall.push((performance.now() - w0) / 1000 / perBatch);
    cpu.push((used.user + used.system) / 1e6 / perBatch);
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
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

/** Measures `fn` and records it against a budget; prints one line. */
export function bench(label: string, budgetSeconds: number, fn: () => unknown, minTotalSeconds?: number): number {
  const { wallSeconds, cpuSeconds } = measure(fn, minTotalSeconds);
  results.push({ label, medianSeconds: wallSeconds, budgetSeconds });
  const ratio = wallSeconds / budgetSeconds;
  console.log(`${ratio <= 1 ? 'ok  ' : 'FAIL'} ${label}: ${formatSeconds(wallSeconds)} (budget ${formatSeconds(budgetSeconds)}, ${(ratio * 100).toFixed(1)}% of budget; CPU ${formatSeconds(cpuSeconds)})`);
  return wallSeconds;
}

/** Call last: exits non-zero when any budget was missed. */
export function finish(): void {
  const missed = results.filter((r) => r.medianSeconds > r.budgetSeconds);
  if (missed.length > 0) {
    console.log(`${missed.length} budget(s) missed: ${missed.map((r) => r.label).join('; ')}`);
    process.exitCode = 1;
  }
}
