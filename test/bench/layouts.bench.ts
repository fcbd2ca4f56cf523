/**
 * Library-layout benchmarks (layouts.ts, ribbon.ts, hash32.ts). The hot-path models (blocked, SBBF, ribbon)
 * should cost microseconds to about a millisecond; the seeded hash32 estimates are worker-grade and only
 * print their cost. Budgets print here; nothing exits non-zero (the machine is shared).
 */
import { bench, formatSeconds } from './harness';
import {
  blockedFalsePositiveRate, blockedFalsePositiveRatePerElement, splitBlockFalsePositiveRate, splitBlockFalsePositiveRatePerElement,
} from '../../src/core/layouts';
import { ribbonFalsePositiveRate } from '../../src/core/ribbon';
import { levelDbFalsePositiveRateEstimate, rocksDbLegacyFalsePositiveRateEstimate, rocksDbLegacyFalsePositiveRateSemiAnalytic } from '../../src/core/hash32';
import { performance } from 'node:perf_hooks';

const MICRO = 1e-6;
const MILLI = 1e-3;

console.log('blocked (B = 512, exact in-block rate) and SBBF');
bench('blocked RocksDB 10 bpk, 200k keys', 1 * MILLI, () => blockedFalsePositiveRate(2_000_384, 200_000, 6, 512));
bench('blocked RocksDB 6 bpk, 200k keys (load 85 per line)', 1 * MILLI, () => blockedFalsePositiveRate(1_200_128, 200_000, 4, 512));
bench('blocked per element 24 bpk, k = 12', 1 * MILLI, () => blockedFalsePositiveRatePerElement(24, 12, 512));
bench('blocked per element 50 bpk, k = 30', 2 * MILLI, () => blockedFalsePositiveRatePerElement(50, 30, 512));
bench('blocked n = 2^53 - 1, 2^43 lines', 1 * MILLI, () => blockedFalsePositiveRate(2 ** 52, 2 ** 53 - 1, 6, 512));
bench('blocked 2 blocks of 2^19 bits, 2^17 keys (interpolated exact rate)', 20 * MILLI, () => blockedFalsePositiveRate(2 ** 20, 2 ** 17, 7, 2 ** 19), 1);
bench('SBBF 1e6 values, 1 MiB', 200 * MICRO, () => splitBlockFalsePositiveRate(8 * 1024 * 1024, 1_000_000));
bench('SBBF per element 10 b/v', 200 * MICRO, () => splitBlockFalsePositiveRatePerElement(10));
bench('SBBF n = 2^53 - 1 in 2 blocks (wide load, lattice)', 1 * MILLI, () => splitBlockFalsePositiveRate(512, 2 ** 53 - 1));

console.log('ribbon');
bench('ribbon 10 bpk, 1e6 keys', 50 * MICRO, () => ribbonFalsePositiveRate(10, 1_000_000));
bench('ribbon 10 bpk, per key', 20 * MICRO, () => ribbonFalsePositiveRate(10));

console.log('hash32 seeded estimates (worker-grade; cost printed only)');
for (const [label, run] of [
  ['LevelDB 10 bpk, 100 keys (3%)', () => levelDbFalsePositiveRateEstimate(100, 10)],
  ['LevelDB 10 bpk, 100,000 keys (3%)', () => levelDbFalsePositiveRateEstimate(100_000, 10)],
  ['RocksDB legacy 16 bpk, 200,000 keys (3%)', () => rocksDbLegacyFalsePositiveRateEstimate(200_000, 16)],
  ['RocksDB legacy 16 bpk, 200,000 keys, semi-analytic (k = 11)', () => ({ estimate: rocksDbLegacyFalsePositiveRateSemiAnalytic(200_000, 16), lower: NaN, upper: NaN, converged: true })],
  ['RocksDB legacy 10 bpk, 200,000 keys, semi-analytic (k = 6)', () => ({ estimate: rocksDbLegacyFalsePositiveRateSemiAnalytic(200_000, 10), lower: NaN, upper: NaN, converged: true })],
] as const) {
  const t0 = performance.now();
  const estimate = run();
  console.log(`info ${label}: ${formatSeconds((performance.now() - t0) / 1000)}, FP ${estimate.estimate} [${estimate.lower}, ${estimate.upper}], converged ${estimate.converged}`);
}
