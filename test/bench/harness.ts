/** Shared benchmark helpers: time a function robustly, print the number, the budget and the ratio. */
import { performance } from 'node:perf_hooks';

export interface Measurement {
  readonly label: string;
  readonly medianSeconds: number;
  readonly budgetSeconds: number;
}

const results: Measurement[] = [];

/** Median wall time of `fn` over enough repetitions to fill about `minTotalSeconds`. */
export function timeIt(fn: () => unknown, minTotalSeconds = 0.2, maxRuns = 10_000): number {
  fn(); // warm up the JIT
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < maxRuns && (samples.length < 5 || performance.now() - start < minTotalSeconds * 1000)) {
    const t0 = performance.now();
    fn();
    samples.push((performance.now() - t0) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

export function formatSeconds(seconds: number): string {
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(2)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(2)} ms`;
  return `${seconds.toFixed(2)} s`;
}

/** Measures `fn` and records it against a budget; prints one line. */
export function bench(label: string, budgetSeconds: number, fn: () => unknown, minTotalSeconds?: number): number {
  const medianSeconds = timeIt(fn, minTotalSeconds);
  results.push({ label, medianSeconds, budgetSeconds });
  const ratio = medianSeconds / budgetSeconds;
  console.log(`${ratio <= 1 ? 'ok  ' : 'FAIL'} ${label}: ${formatSeconds(medianSeconds)} (budget ${formatSeconds(budgetSeconds)}, ${(ratio * 100).toFixed(1)}% of budget)`);
  return medianSeconds;
}

/** Call last: exits non-zero when any budget was missed. */
export function finish(): void {
  const missed = results.filter((r) => r.medianSeconds > r.budgetSeconds);
  if (missed.length > 0) {
    console.log(`${missed.length} budget(s) missed: ${missed.map((r) => r.label).join('; ')}`);
    process.exitCode = 1;
  }
}
