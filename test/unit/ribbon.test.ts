import * as assert from 'node:assert/strict';
import { blockedFalsePositiveRate, rocksDbCacheLocalFpRateEstimate } from '../../src/core/layouts';
import {
  ribbonBitsPerKey, ribbonFalsePositiveRate, ribbonNumSlotsForEntries, ribbonRoundUpNumSlots, rocksDbFastLocalFilterBytes,
  rocksDbFastLocalNumProbes, rocksDbMillibitsPerKey, rocksDbRibbonBloomFallback, rocksDbRibbonConfiguration, ROCKSDB_MAX_RIBBON_ENTRIES,
} from '../../src/core/ribbon';

describe('ribbon: RocksDB Standard128Ribbon (NewRibbonFilterPolicy)', () => {
  it('targets RocksDB\'s own cache-local Bloom estimate at the same bits per key (library-research.md 3.2 targets)', () => {
    // library-research.md: 8 -> 2.305%, 10 -> 0.953%, 12 -> 0.403%, 16 -> 0.0797%, 20 -> 0.0171%
    const targets: [number, number][] = [[8, 0.02305], [10, 0.00953], [12, 0.00403], [16, 0.000797], [20, 0.000171]];
    for (const [bitsPerKey, target] of targets) {
      const limit = ribbonFalsePositiveRate(bitsPerKey);
      assert.ok(Math.abs(limit - target) / target < 0.002, `${bitsPerKey}: ${limit} vs ${target}`);
      assert.equal(limit, rocksDbCacheLocalFpRateEstimate(bitsPerKey, rocksDbFastLocalNumProbes(bitsPerKey * 1000), 512));
      // with many keys the configured mix of r and r + 1 result columns lands on the target
      const many = ribbonFalsePositiveRate(bitsPerKey, 50_000_000);
      assert.ok(Math.abs(many - limit) / limit < 1e-4, `${many} vs ${limit}`);
    }
  });

  it('uses about 7 bits per key for the 0.95% of a 10 bits/key Bloom filter (include/rocksdb/filter_policy.h)', () => {
    const bits = ribbonBitsPerKey(10, 1_000_000);
    assert.ok(bits > 6.9 && bits < 7.3, `${bits}`);
    assert.ok(Math.abs(ribbonFalsePositiveRate(10, 1_000_000) - 0.0095) < 0.0001);
    // about 30% less memory than the Bloom filter it replaces (blog 2021-12-29-ribbon-filter)
    assert.ok(bits / 10 > 0.65 && bits / 10 < 0.75);
  });

  it('has an FP between 2^-(r+1) and 2^-r for its lower column count r, and grows slots with n as ribbon_config.cc says', () => {
    for (const n of [1500, 10_000, 123_457, 2_000_000]) {
      const config = rocksDbRibbonConfiguration(10, n);
      assert.equal(config.kind, 'ribbon');
      assert.ok(config.falsePositiveRate >= 2 ** -7 && config.falsePositiveRate <= 2 ** -6);
      assert.equal(config.numSlots % 128, 0);
      assert.ok(config.numSlots >= n && config.numSlots < n * 1.1);
    }
    // kKnownToAddByPow2: adding that many entries asks for 2^l slots (rounded up by the + 0.999999999)
    const known: [number, number][] = [[9, 499.532], [12, 4005.59], [17, 126506]];
    for (const [log2Slots, toAdd] of known) assert.ok(Math.abs(ribbonNumSlotsForEntries(Math.round(toAdd)) - 2 ** log2Slots) <= 1);
    assert.equal(ribbonRoundUpNumSlots(1), 256);
    assert.equal(ribbonRoundUpNumSlots(129), 256);
    assert.equal(ribbonRoundUpNumSlots(257), 384);
  });

  it('falls back to FastLocalBloom past 950M keys and for small filters where Bloom is smaller', () => {
    const huge = rocksDbRibbonConfiguration(10, ROCKSDB_MAX_RIBBON_ENTRIES + 1);
    assert.equal(huge.kind, 'bloomFallback');
    const n = ROCKSDB_MAX_RIBBON_ENTRIES + 1;
    assert.equal(huge.falsePositiveRate, blockedFalsePositiveRate(rocksDbFastLocalFilterBytes(n, 10_000) * 8, n, 6, 512));
    const tiny = rocksDbRibbonConfiguration(10, 10);
    assert.equal(tiny.kind, 'bloomFallback');
    assert.equal(tiny.filterBytes, 64 + 5);
    // the fallback on its own (for callers that bound its rate first): the same filter, undefined where a Ribbon is built
    assert.deepEqual(rocksDbRibbonBloomFallback(10, n), { filterBits: (huge.filterBytes - 5) * 8, probes: 6 });
    assert.deepEqual(rocksDbRibbonBloomFallback(10, 10), { filterBits: 64 * 8, probes: 6 });
    assert.equal(rocksDbRibbonBloomFallback(10, 1_000_000), undefined);
    assert.equal(rocksDbRibbonBloomFallback(0.1, 1_000_000), undefined, 'no filter at all');
    for (const n2 of [50, 200, 600, 900]) {
      const config = rocksDbRibbonConfiguration(10, n2);
      const bloomBytes = rocksDbFastLocalFilterBytes(n2, 10_000) + 5;
      assert.ok(config.filterBytes <= bloomBytes, `${n2}: the smaller of the two is built`);
    }
  });

  it('sanitises bits per key as BloomLikeFilterPolicy does, and is finite in [0, 1] everywhere', () => {
    assert.equal(ribbonFalsePositiveRate(0.49), 1);
    assert.equal(ribbonFalsePositiveRate(0.7), ribbonFalsePositiveRate(1));
    assert.equal(ribbonFalsePositiveRate(250), ribbonFalsePositiveRate(100));
    assert.equal(ribbonFalsePositiveRate(Number.NaN), ribbonFalsePositiveRate(100));
    assert.equal(rocksDbMillibitsPerKey(9.9999995), 10_000);
    assert.equal(ribbonFalsePositiveRate(10, 0), 0);
    for (const bitsPerKey of [0.5, 1, 3.3, 10, 23.7, 99]) {
      for (const n of [1, 2, 127, 128, 129, 1000, 1023, 1025, 65_536, 10 ** 9, 2 ** 53 - 1]) {
        const fp = ribbonFalsePositiveRate(bitsPerKey, n);
        assert.ok(Number.isFinite(fp) && fp >= 0 && fp <= 1, `${bitsPerKey}/${n}: ${fp}`);
      }
    }
    assert.throws(() => ribbonFalsePositiveRate(10, -1), RangeError);
  });
});
