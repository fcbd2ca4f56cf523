/**
 * N-bounded recycling rates (Dozier et al. eq. 1-3, recycling-spec.md): any N up to 2^53 must answer in
 * microseconds, saturated or not (the old sums integrated millions of panels past saturation, and
 * returned NaN at M = 1).
 */
import { bench, finish } from './harness';
import { nBoundedRates } from '../../src/core/recycling';

const BUDGET = 500e-6;
for (const [M, k, N] of [
  [1, 3, Number.MAX_SAFE_INTEGER], [100, 3, 1e6], [1000, 1, 1e9], [1e6, 7, 1e5], [1e6, 7, Number.MAX_SAFE_INTEGER], [1e6, 64, 1e12],
  [1e9, 1, Number.MAX_SAFE_INTEGER], [2 ** 40, 7, Number.MAX_SAFE_INTEGER], [Number.MAX_SAFE_INTEGER, 1000, 1e5],
] as const) {
  bench(`N-bounded fw, fo, fa M=${M} k=${k} N=${N}`, BUDGET, () => nBoundedRates(M, k, N));
}
finish();
