/**
 * The analysis layer (src/analysis): every diagnostic BL001-BL007 with findings that must and must not trigger
 * it, the numbers in messages, hover rows and CodeLens checked against independent computations with the core
 * (and core's own slow sizing), quick-fix changes, settings, and absurd inputs that must never show NaN.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  analyzeFinding, comparisonRequest, DEFAULT_SETTINGS, effectiveSettings, FilterReport, LIBRARY_EFFECT_MARGIN, MAX_DIAGNOSTIC_MESSAGE_LENGTH,
} from '../../src/analysis/analyze';
import { formatBits, formatBytes, formatCount, formatProbability, formatReal } from '../../src/analysis/format';
import { comparisonKey, computeRecyclingComparison, RecyclingComparisonRequest } from '../../src/analysis/recycling';
import {
  bestIntegerK, bloomFalsePositiveRate, bloomOptimalK, entropyOptimalK, exactFalsePositiveRate, maxElementsForBitsAndRate,
  sizeForElementsAndRate,
} from '../../src/core/classic';
import { averageCapacity, nBoundedRates, recyclingCapacity, sigmaBoundedRates } from '../../src/core/recyclingCapacity';
import { detectConfigs } from '../../src/detect';
import type { Finding, FilterParams, LibraryDerivation, ParamName, ParamSource, Recycling } from '../../src/detect/types';

const RANGE = { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } };

/** A finding as an annotation states it: every given parameter comes from the code. */
function finding(params: FilterParams, extra: { derived?: LibraryDerivation; recycling?: Recycling; invalid?: string[]; sources?: Partial<Record<ParamName, ParamSource>>; unevaluated?: Finding['unevaluated'] } = {}): Finding {
  const sources: Partial<Record<ParamName, ParamSource>> = {};
  for (const key of Object.keys(params) as ParamName[]) sources[key] = { kind: 'annotation', text: `${key}=${String(params[key])}` };
  return {
    range: RANGE, recognizer: 'annotation', title: 'bloom-lens annotation', params,
    sources: { ...sources, ...extra.sources }, derived: extra.derived ?? {}, recycling: extra.recycling,
    unevaluated: extra.unevaluated ?? [], invalid: extra.invalid,
  };
}

function only(text: string, languageId: string, fileName: string): Finding {
  const findings = detectConfigs(text, { languageId, fileName });
  assert.equal(findings.length, 1, `one finding in ${JSON.stringify(text)}: ${JSON.stringify(findings)}`);
  return findings[0];
}

const codes = (report: FilterReport): string[] => report.diagnostics.map((d) => d.code);
const diagnostic = (report: FilterReport, code: string) => report.diagnostics.find((d) => d.code === code);
const row = (report: FilterReport, label: string): string | undefined => report.hover.rows.find(([l]) => l === label)?.[1];

/** Every string a person sees. */
function visibleTexts(report: FilterReport): string[] {
  return [
    report.lens, report.hover.title, ...report.hover.rows.flat(), ...report.hover.notes,
    ...report.diagnostics.flatMap((d) => [d.message, ...(d.fixes ?? []).map((f) => f.title)]),
  ];
}

function assertPresentable(report: FilterReport, what: string): void {
  for (const text of visibleTexts(report)) {
    assert.doesNotMatch(text, /NaN|Infinity|undefined|null|\[object/, `${what}: "${text}"`);
  }
  for (const [key, value] of Object.entries(report.derived)) {
    if (typeof value === 'string') assert.match(value, /^[a-z0-9-]+$/, `${what}: derived.${key} = ${value}`); // the model id
    else if (value !== undefined) assert.ok(Number.isFinite(value), `${what}: derived.${key} = ${value}`);
  }
  for (const fix of report.diagnostics.flatMap((d) => d.fixes ?? [])) {
    for (const change of fix.changes) assert.ok(Number.isFinite(change.value) && change.value > 0, `${what}: fix ${fix.title}`);
  }
}

describe('analysis: settings', () => {
  it('effectiveSettings keeps valid values and replaces absent, non-numeric and out-of-range ones by the defaults', () => {
    const valid = { targetFalsePositiveRate: 0.001, maxFalsePositiveRate: 0.2, suboptimalKMargin: 0, conservativeMargin: 1.5, defaultAlpha: 10 };
    assert.deepEqual(effectiveSettings(valid), valid);
    assert.deepEqual(effectiveSettings({}), DEFAULT_SETTINGS);
    const bad: unknown[] = [undefined, null, NaN, Infinity, -Infinity, '0.01', true, {}];
    for (const value of bad) {
      const settings = effectiveSettings({
        targetFalsePositiveRate: value, maxFalsePositiveRate: value, suboptimalKMargin: value, conservativeMargin: value, defaultAlpha: value,
      } as never);
      assert.deepEqual(settings, DEFAULT_SETTINGS, `value ${String(value)}`);
    }
    for (const probability of [0, 1, -0.5, 2]) {
      const settings = effectiveSettings({ targetFalsePositiveRate: probability, maxFalsePositiveRate: probability });
      assert.equal(settings.targetFalsePositiveRate, DEFAULT_SETTINGS.targetFalsePositiveRate);
      assert.equal(settings.maxFalsePositiveRate, DEFAULT_SETTINGS.maxFalsePositiveRate);
    }
    assert.equal(effectiveSettings({ suboptimalKMargin: -0.1 }).suboptimalKMargin, DEFAULT_SETTINGS.suboptimalKMargin);
    assert.equal(effectiveSettings({ conservativeMargin: -1 }).conservativeMargin, DEFAULT_SETTINGS.conservativeMargin);
    assert.equal(effectiveSettings({ defaultAlpha: 0 }).defaultAlpha, DEFAULT_SETTINGS.defaultAlpha);
  });

  it('bad settings never reach the numbers: a report with NaN settings equals the default report', () => {
    const f = finding({ m: 9585059, n: 1_000_000, k: 5, prior: 1e-3 });
    const withDefaults = analyzeFinding(f);
    const withBad = analyzeFinding(f, { targetFalsePositiveRate: NaN, maxFalsePositiveRate: -1, suboptimalKMargin: NaN, conservativeMargin: Infinity, defaultAlpha: -3 });
    assert.deepEqual(withBad.diagnostics, withDefaults.diagnostics);
    assert.deepEqual(withBad.hover, withDefaults.hover);
  });
});

describe('analysis: BL001 invalid parameters', () => {
  const invalidCases: [string, Finding][] = [
    ['p = 0', finding({ n: 1000, p: 0 })],
    ['p = 1', finding({ n: 1000, p: 1 })],
    ['p = 1.5', finding({ n: 1000, p: 1.5 })],
    ['p = NaN', finding({ n: 1000, p: NaN })],
    ['m = 0', finding({ m: 0, k: 3 })],
    ['m = -5', finding({ m: -5, k: 3, n: 10 })],
    ['m beyond 2^53', finding({ m: 2 ** 60, k: 3, n: 10 })],
    ['n = 0', finding({ n: 0, p: 0.01 })],
    ['n = 1e20', finding({ n: 1e20, p: 0.01 })],
    ['k = 0', finding({ m: 1000, k: 0, n: 10 })],
    ['k = 2.5', finding({ m: 1000, k: 2.5, n: 10 })],
    ['k = 65', finding({ m: 1000, k: 65, n: 10 })],
    ['bits per element = -1', finding({ bitsPerElement: -1, k: 3 })],
    ['prior = 0', finding({ m: 1000, n: 100, k: 3, prior: 0 })],
    ['prior = 1', finding({ m: 1000, n: 100, k: 3, prior: 1 })],
    ['alpha = 0', finding({ m: 1000, n: 100, k: 3, prior: 0.1, alpha: 0 })],
    ['sigma > m', finding({ m: 1000, k: 3, sigma: 1500 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 1500 } })],
    ['sigma = m', finding({ m: 1000, k: 3, sigma: 1000 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 1000 } })],
    ['sigma < k', finding({ m: 1000, k: 7, sigma: 5 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 5 } })],
    ['sigma fraction of a tiny filter below k', finding({ m: 10, k: 7 }, { recycling: { kind: 'sigma-bounded', sigmaFraction: 0.5 } })],
    ['non-colliding k > m', finding({ m: 5, k: 7, n: 1, hashing: 'noncolliding' })],
    ['a value the library rejects', finding({ n: 5000 }, { invalid: ['fpp = 1.5 is outside (0, 1); Guava throws IllegalArgumentException'] })],
    ['a library size beyond 2^53', finding({ n: 1000, p: 0.01 }, { derived: { m: 2 ** 54, k: 7 } })],
  ];
  for (const [label, f] of invalidCases) {
    it(`${label}: one BL001 error and nothing else`, () => {
      const report = analyzeFinding(f);
      assert.deepEqual(codes(report), ['BL001'], JSON.stringify(report.diagnostics));
      assert.equal(report.diagnostics[0].severity, 'error');
      assert.deepEqual(report.metrics, {});
      assert.equal(report.lens, 'Bloom: invalid parameters');
      assert.equal(report.pending, undefined);
      assertPresentable(report, label);
    });
  }

  it('names the offending value and, for a library rejection, the library\'s own words', () => {
    assert.match(analyzeFinding(finding({ m: 1000, k: 3, sigma: 1500 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 1500 } })).diagnostics[0].message, /sigma = 1500 bits must be below m = 1000 bits/);
    assert.match(analyzeFinding(finding({ n: 1000, p: 1.5 })).diagnostics[0].message, /p = 1\.5 must be strictly between 0 and 1/);
    const guava = only('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 5000, 1.5);', 'java', 'A.java');
    const report = analyzeFinding(guava);
    assert.deepEqual(codes(report), ['BL001']);
    assert.match(report.diagnostics[0].message, /1\.5/);
  });

  it('valid edge values raise no BL001: sigma = k, sigma = m - 1, k = 64, p just inside (0, 1)', () => {
    const valid: Finding[] = [
      finding({ m: 1000, k: 3, sigma: 3 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 3 } }),
      finding({ m: 1000, k: 3, sigma: 999 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 999 } }),
      finding({ m: 1e6, n: 1000, k: 64 }),
      finding({ n: 1000, p: 1e-300 }),
      finding({ n: 1000, p: 0.999999 }),
    ];
    for (const f of valid) assert.ok(!codes(analyzeFinding(f)).includes('BL001'), JSON.stringify(f.params));
  });
});

describe('analysis: BL002 false-positive rate too high', () => {
  const f = finding({ m: 8388608, n: 2_000_000, k: 3 });
  const exact = exactFalsePositiveRate(8388608, 2_000_000, 3);

  it('fires just above the exact FP at capacity and not at or below it, with the number in the message', () => {
    const above = analyzeFinding(f, { maxFalsePositiveRate: exact * 0.999 });
    const message = diagnostic(above, 'BL002')?.message;
    assert.ok(message, codes(above).join());
    assert.ok(message.includes(formatProbability(exact)), message);
    assert.ok(message.includes(formatProbability(exact * 0.999)), message);
    assert.equal(diagnostic(above, 'BL002')?.severity, 'warning');
    assert.equal(diagnostic(analyzeFinding(f, { maxFalsePositiveRate: exact * 1.001 }), 'BL002'), undefined);
    assert.equal(diagnostic(analyzeFinding(f), 'BL002')?.code, 'BL002', 'default limit 5% < 13%');
  });

  it('uses the average FP of a sigma-bounded filter and Bloom\'s large-n formula for a per-element size', () => {
    const sigma = finding({ m: 20000, k: 4 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 15000 } });
    const average = sigmaBoundedRates({ mBits: 20000, k: 4, hashing: 'colliding', sigmaBits: 15000, retain: false, phases: 1 }, 'exact').falsePositiveRate;
    assert.ok(diagnostic(analyzeFinding(sigma, { maxFalsePositiveRate: average * 0.99 }), 'BL002')?.message.includes(formatProbability(average)));
    assert.equal(diagnostic(analyzeFinding(sigma, { maxFalsePositiveRate: average * 1.01 }), 'BL002'), undefined);
    const squid = only('digest_bits_per_entry 5', 'properties', 'squid.conf');
    const perElement = Math.pow(1 - Math.exp(-4 / 5), 4); // Fan et al. eq. 2 with n -> infinity
    const report = analyzeFinding(squid);
    assert.ok(diagnostic(report, 'BL002')?.message.includes(formatProbability(perElement)), JSON.stringify(report.diagnostics));
    assert.equal(report.lens, `Bloom: 5 bits/element, k=4, FP ${formatProbability(perElement)}`);
  });
});

describe('analysis: BL004 k far from optimal', () => {
  it('fires for a stated k whose exact FP is at least the margin above the best integer k, with a fix setting k', () => {
    const report = analyzeFinding(finding({ m: 131072, n: 10000, k: 5 }));
    const best = bestIntegerK(131072, 10000);
    const fp = exactFalsePositiveRate(131072, 10000, 5);
    assert.ok(fp >= best.falsePositiveRate * 1.2);
    const bl004 = diagnostic(report, 'BL004');
    assert.ok(bl004, codes(report).join());
    assert.equal(bl004.severity, 'information');
    assert.ok(bl004.detail?.includes(`k = ${best.k} gives a false-positive rate of ${formatProbability(best.falsePositiveRate)} instead of ${formatProbability(fp)}`), bl004.detail);
    assert.deepEqual(bl004.fixes?.map((fix) => fix.changes), [[{ param: 'k', value: best.k }]]);
  });

  it('does not fire within the margin, for the best k, for a k the library derives', () => {
    const f = finding({ m: 131072, n: 10000, k: 5 });
    const ratio = exactFalsePositiveRate(131072, 10000, 5) / bestIntegerK(131072, 10000).falsePositiveRate;
    assert.equal(diagnostic(analyzeFinding(f, { suboptimalKMargin: ratio - 1 + 1e-6 }), 'BL004'), undefined);
    assert.ok(diagnostic(analyzeFinding(f, { suboptimalKMargin: ratio - 1 - 1e-6 }), 'BL004'));
    assert.equal(diagnostic(analyzeFinding(finding({ m: 131072, n: 10000, k: bestIntegerK(131072, 10000).k })), 'BL004'), undefined);
    // RedisBloom derives k = 7 itself: not the code's choice (BL006 covers it).
    const redis = only('BF.RESERVE users 0.01 1000000 NONSCALING', 'shellscript', 'setup.sh');
    assert.ok(redis.derived.k !== undefined && redis.params.k === undefined);
    assert.equal(diagnostic(analyzeFinding(redis), 'BL004'), undefined);
  });

  it('from a real snippet: an eBPF map with 5 hashes on a power-of-two size', () => {
    const ebpf = only(`struct {
  __uint(type, BPF_MAP_TYPE_BLOOM_FILTER);
  __type(value, __u32);
  __uint(max_entries, 10000);
  __uint(map_extra, 5);
} bloom SEC(".maps");`, 'c', 'bloom.bpf.c');
    const report = analyzeFinding(ebpf);
    const m = ebpf.derived.m as number;
    const best = bestIntegerK(m, 10000);
    assert.deepEqual(diagnostic(report, 'BL004')?.fixes?.[0].changes, [{ param: 'k', value: best.k }]);
  });
});

describe('analysis: BL003 too conservative', () => {
  it('memory far beyond what n and p need: the size needed by core sizing, a fix with m (and k when stated)', () => {
    const n = 100_000;
    const p = 0.01;
    const needed = sizeForElementsAndRate(n, p);
    const m = Math.ceil(needed.mBits * 1.5);
    const withK = analyzeFinding(finding({ m, n, p, k: 3 }));
    const bl003 = diagnostic(withK, 'BL003');
    assert.ok(bl003, codes(withK).join());
    assert.ok(bl003.detail?.includes(formatBits(needed.mBits)) && bl003.detail.includes(formatBits(m)), bl003.detail);
    assert.deepEqual(bl003.fixes?.[0].changes, [{ param: 'm', value: needed.mBits }, { param: 'k', value: needed.k }]);
    const withoutK = analyzeFinding(finding({ m, n, p }));
    assert.deepEqual(diagnostic(withoutK, 'BL003')?.fixes?.[0].changes, [{ param: 'm', value: needed.mBits }]);
    assert.equal(diagnostic(analyzeFinding(finding({ m, n, p }), { conservativeMargin: 0.6 }), 'BL003'), undefined);
    assert.equal(diagnostic(analyzeFinding(finding({ m: Math.ceil(needed.mBits * 1.1), n, p })), 'BL003'), undefined);
    assert.equal(diagnostic(analyzeFinding(finding({ m, n })), 'BL003'), undefined, 'no target p stated');
  });

  it('a library that derives m from n and p is never BL003 (its own sizing is BL006)', () => {
    const guava = only('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 1000000, 0.01);', 'java', 'A.java');
    assert.equal(diagnostic(analyzeFinding(guava), 'BL003'), undefined);
  });

  const M = 20000;
  const K = 4;
  const N = 1500;
  const recycled = finding({ m: M, k: K, n: N }, { recycling: { kind: 'n-bounded' } });

  it('N-bounded recycling: without the comparison the report is pending with the request, and has no BL003', () => {
    const report = analyzeFinding(recycled);
    const worst = nBoundedRates(M, K, N).worstCase;
    assert.deepEqual(report.pending, { mBits: M, k: K, messagesPerCycle: N, targetRate: worst, hashing: 'colliding' });
    assert.equal(diagnostic(report, 'BL003'), undefined);
    assert.deepEqual(comparisonRequest(report.config, report.metrics.recycling), report.pending);
    assert.equal(comparisonKey(report.pending as RecyclingComparisonRequest), `${M}/${K}/${N}/${worst}/colliding`);
  });

  it('N-bounded recycling with computeRecyclingComparison: capacities from the core, a fix recycling later', () => {
    const requests: RecyclingComparisonRequest[] = [];
    const report = analyzeFinding(recycled, {}, (request) => { requests.push(request); return computeRecyclingComparison(request); });
    assert.equal(requests.length, 1);
    assert.equal(report.pending, undefined);
    const target = nBoundedRates(M, K, N).worstCase;
    const capacity = recyclingCapacity({ memoryBits: M, targetRate: target, hashing: 'colliding', model: 'exact' });
    assert.ok(capacity.sigmaBounded.messages >= 1.2 * N, 'the example is conservative');
    const bl003 = diagnostic(report, 'BL003');
    assert.ok(bl003, codes(report).join());
    assert.ok(bl003.detail?.includes(formatCount(capacity.sigmaBounded.messages)), bl003.detail);
    assert.ok(bl003.detail?.includes(formatProbability(nBoundedRates(M, K, N).actualAverage)), bl003.detail);
    const averageN = averageCapacity(M, K, target, 'average');
    assert.deepEqual(bl003.fixes?.[0].changes, [{ param: 'n', value: averageN }]);
    const capacityRow = row(report, `capacity at ${formatProbability(target)} average FP`);
    assert.ok(capacityRow?.includes(`worst case ${formatCount(capacity.worstCase.messages)}`), capacityRow);
    assert.ok(capacityRow?.includes(`${formatCount(capacity.twoPhase.messages)} (two phases)`), capacityRow);
    const quiet = analyzeFinding(recycled, { conservativeMargin: capacity.sigmaBounded.messages / N }, computeRecyclingComparison);
    assert.equal(diagnostic(quiet, 'BL003'), undefined);
  });

  it('a sigma-bounded filter asks for the comparison too (for the hover) but is never BL003', () => {
    const sigma = finding({ m: M, k: K }, { recycling: { kind: 'sigma-bounded', sigmaBits: 12000 } });
    const pending = analyzeFinding(sigma).pending;
    assert.equal(pending?.mBits, M);
    const twoPhase = analyzeFinding(finding({ m: M, k: K, phases: 2 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 12000 } }));
    assert.equal(twoPhase.pending?.mBits, 2 * M, 'two arrays of m bits');
    const report = analyzeFinding(sigma, {}, computeRecyclingComparison);
    assert.equal(diagnostic(report, 'BL003'), undefined);
    assert.ok(report.metrics.recyclingComparison);
  });
});

describe('analysis: BL005 Bloom paradox', () => {
  it('uses the exact FP at capacity, the posterior p/(p + f(1-p)) and minimal bits ln((1-p)/(alpha p))/ln^2 2', () => {
    const m = 729_856;
    const n = 100_000;
    const k = 5;
    const prior = 1e-4;
    const alpha = 10;
    const report = analyzeFinding(finding({ m, n, k, prior, alpha }));
    const f = exactFalsePositiveRate(m, n, k);
    const posterior = prior / (prior + f * (1 - prior));
    const minBits = Math.log((1 - prior) / (alpha * prior)) / (Math.LN2 * Math.LN2);
    assert.ok(f * (1 - prior) > alpha * prior, 'the example is a paradox');
    const verdict = report.metrics.paradox;
    assert.ok(verdict);
    assert.ok(Math.abs(verdict.posterior - posterior) <= 1e-15 * posterior);
    assert.ok(Math.abs(verdict.minBitsPerElement - minBits) <= 1e-12 * minBits);
    assert.ok(Math.abs(verdict.thresholdPrior - f / (f + alpha)) <= 1e-15);
    const bl005 = diagnostic(report, 'BL005');
    assert.ok(bl005?.message.includes(formatProbability(posterior)), bl005?.message);
    assert.ok(bl005?.message.includes(`${formatReal(minBits)} bits/element`), bl005?.message);
    // The whole explanation is the hover's paradox row: the threshold prior and what the filter has now.
    const paradoxRow = row(report, 'Bloom paradox') ?? '';
    assert.ok(paradoxRow.startsWith('YES'));
    assert.ok(paradoxRow.includes(`above prior ${formatReal(f / (f + alpha))}`) && paradoxRow.includes(`(has ${formatReal(m / n)})`), paradoxRow);
  });

  it('no paradox above the threshold prior; the default alpha applies when none is given', () => {
    const m = 729_856;
    const n = 100_000;
    const f = exactFalsePositiveRate(m, n, 5);
    const threshold = f / (f + 1);
    assert.equal(diagnostic(analyzeFinding(finding({ m, n, k: 5, prior: threshold * 1.01 })), 'BL005'), undefined);
    assert.ok(diagnostic(analyzeFinding(finding({ m, n, k: 5, prior: threshold * 0.99 })), 'BL005'));
    assert.equal(diagnostic(analyzeFinding(finding({ m, n, k: 5, prior: threshold * 0.99 }), { defaultAlpha: 2 }), 'BL005'), undefined);
    assert.ok(row(analyzeFinding(finding({ m, n, k: 5, prior: 0.5 })), 'Bloom paradox')?.startsWith('no'));
  });

  it('a recycling filter is judged by its average FP over new messages', () => {
    const f = finding({ m: 20000, k: 4, prior: 1e-3 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 12000 } });
    const average = sigmaBoundedRates({ mBits: 20000, k: 4, hashing: 'colliding', sigmaBits: 12000, retain: false, phases: 1 }, 'exact').falsePositiveRate;
    assert.equal(analyzeFinding(f).metrics.paradox?.falsePositiveRate, average);
  });
});

describe('analysis: BL006 library rounding and caps', () => {
  it('RedisBloom: the first link sized for p/2 gives more memory and an FP far below p, computed from the derivation', () => {
    const redis = only('BF.RESERVE users 0.01 1000000', 'shellscript', 'setup.sh');
    const { m, k } = redis.derived as { m: number; k: number };
    const fp = exactFalsePositiveRate(m, 1_000_000, k);
    const textbook = (-1_000_000 * Math.log(0.01)) / (Math.LN2 * Math.LN2);
    const report = analyzeFinding(redis);
    const bl006 = diagnostic(report, 'BL006');
    assert.ok(bl006, codes(report).join());
    assert.ok(bl006.detail?.includes(formatProbability(fp)) && bl006.detail.includes(formatBits(m)) && bl006.detail.includes(formatBits(textbook)), bl006.detail);
    assert.equal(m, 11027776); // library-models.md: BF.RESERVE k 0.01 1000000
    assert.ok(bl006.detail?.includes('p/2'), 'the library note explains why');
    assert.equal(report.derived.exact, fp);
  });

  it('Guava\'s 64-bit word rounding and rbloom\'s truncated k are not noticeable (notes stay in the hover)', () => {
    const guava = analyzeFinding(only('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), 1000000, 0.01);', 'java', 'A.java'));
    assert.equal(diagnostic(guava, 'BL006'), undefined);
    const rbloom = only('from rbloom import Bloom\nb = Bloom(1_000_000, 0.01)', 'python', 'r.py');
    const report = analyzeFinding(rbloom);
    assert.equal(diagnostic(report, 'BL006'), undefined, JSON.stringify(report.diagnostics));
    for (const note of rbloom.derived.notes ?? []) assert.ok(report.hover.notes.includes(note));
  });

  it('fires exactly when the library\'s m changes the FP or memory by the margin (hand-built derivations)', () => {
    const m = 100_000;
    const n = 10_000;
    const stated = { m, n, k: 7 };
    const within = analyzeFinding(finding(stated, { derived: { m: Math.round(m * (1 + LIBRARY_EFFECT_MARGIN * 0.5)), k: 7 } }));
    assert.equal(diagnostic(within, 'BL006')?.code, 'BL006', 'a 5% larger m changes the FP by more than 10%');
    const tiny = analyzeFinding(finding(stated, { derived: { m: m + 8, k: 7 } }));
    assert.equal(diagnostic(tiny, 'BL006'), undefined);
    const doubled = analyzeFinding(finding(stated, { derived: { m: 2 * m, k: 7 } }));
    const message = diagnostic(doubled, 'BL006')?.detail ?? '';
    assert.ok(message.includes(formatProbability(exactFalsePositiveRate(2 * m, n, 7))) && message.includes(formatProbability(exactFalsePositiveRate(m, n, 7))), message);
    assert.ok(message.includes('+100%'), message);
  });

  it('notes the library gives that cannot be quantified here still become BL006', () => {
    const report = analyzeFinding(finding({ n: 10000, k: 5 }, { derived: { m: 131072, k: 5, notes: ['the kernel rounds nr_bits up to a power of two'] } }));
    assert.match(diagnostic(report, 'BL006')?.detail ?? '', /power of two/);
  });
});

describe('analysis: BL007 unevaluated arguments', () => {
  it('a hint naming the parameter and the expression on one line; nothing else for an incomplete config', () => {
    const report = analyzeFinding(finding({ p: 0.01 }, { unevaluated: [{ param: 'n', expression: 'cfg.size(\n   // comment\n   )' }] }));
    assert.deepEqual(codes(report), ['BL007']);
    assert.equal(report.diagnostics[0].severity, 'hint');
    assert.match(report.diagnostics[0].message, /^n comes from `cfg\.size\( \/\/ comment \)`/);
    assert.equal(report.lens, 'Bloom: parameters incomplete');
    const guava = only('BloomFilter<String> f = BloomFilter.create(Funnels.stringFunnel(UTF_8), cfg.size(), 0.001);', 'java', 'A.java');
    assert.deepEqual(codes(analyzeFinding(guava)), ['BL007']);
  });
});

describe('analysis: hover rows and CodeLens against the core', () => {
  it('a plain filter: m in bits and bytes with bits/element, k with both optimal k, exact and Bloom FP, average, capacity', () => {
    const m = 9_585_059;
    const n = 1_000_000;
    const k = 6;
    const report = analyzeFinding(finding({ m, n, k }));
    assert.ok(row(report, 'm')?.startsWith(`${formatBits(m)} (${formatBytes(m / 8)}), ${formatReal(m / n)} bits/element`));
    const best = bestIntegerK(m, n);
    const [bloomK, entropyK] = [formatReal(bloomOptimalK(m, n), 4), formatReal(entropyOptimalK(m, n), 4)];
    const optimal = bloomK === entropyK ? `${bloomK} (Bloom and entropy)` : `${bloomK} (Bloom), ${entropyK} (entropy)`;
    assert.equal(row(report, 'k'), `${k} (annotation); optimal ${optimal}, best integer ${best.k}`);
    const exact = exactFalsePositiveRate(m, n, k);
    assert.equal(row(report, 'FP at capacity (exact)'), `${formatProbability(exact)} (Bloom's formula: ${formatProbability(bloomFalsePositiveRate(m, n, k))})`);
    const average = nBoundedRates(m, k, n).oracleAverage;
    assert.equal(row(report, 'average FP over the fill'), formatProbability(average));
    const capacity = maxElementsForBitsAndRate(m, 0.01);
    assert.ok(row(report, 'capacity at 1.00%')?.startsWith(`${formatCount(capacity.n)} elements with k = ${capacity.k}`), row(report, 'capacity at 1.00%'));
    assert.equal(report.metrics.capacityAtTarget?.n, capacity.n);
    assert.equal(report.lens, `Bloom: ${formatBits(m)}, k=${k}, FP ${formatProbability(exact)} (avg ${formatProbability(average)})`);
    assert.equal(report.derived.exact, exact);
  });

  it('capacity is computed at the stated p, else at bloomLens.targetFalsePositiveRate, also with the code\'s own k', () => {
    const stated = analyzeFinding(finding({ m: 100_000, n: 10_000, k: 3, p: 0.05 }));
    assert.equal(stated.metrics.capacityAtTarget?.n, maxElementsForBitsAndRate(100_000, 0.05).n);
    const setting = analyzeFinding(finding({ m: 100_000, k: 3 }), { targetFalsePositiveRate: 0.001 });
    assert.equal(setting.metrics.capacityAtTarget?.n, maxElementsForBitsAndRate(100_000, 0.001).n);
    // With k = 3 itself: the largest n whose exact FP stays within 0.1% (brute check around the answer).
    const withK = setting.metrics.capacityWithCodeK?.n as number;
    assert.ok(exactFalsePositiveRate(100_000, withK, 3) <= 0.001 && exactFalsePositiveRate(100_000, withK + 1, 3) > 0.001);
    assert.ok(row(setting, 'capacity at 0.100%')?.includes(`${formatCount(withK)} with k = 3`));
  });

  it('an annotation with n and p only is sized by the exact model (as `size --n --p`)', () => {
    const report = analyzeFinding(only('# bloom-lens: n=1e6 p=0.01', 'python', 'a.py'));
    const sized = sizeForElementsAndRate(1_000_000, 0.01);
    assert.equal(report.config.mBits, sized.mBits);
    assert.equal(report.config.k, sized.k);
    assert.match(row(report, 'm') ?? '', /sized by Bloom Lens/);
    assert.equal(report.derived.exact, exactFalsePositiveRate(sized.mBits, 1_000_000, sized.k));
  });

  it('an N-bounded recycling filter: FP at capacity at the messages per cycle, worst case and averages (eq. 1-3)', () => {
    const report = analyzeFinding(finding({ m: 4_071_232, k: 6, n: 500_000 }, { recycling: { kind: 'n-bounded', messagesPerCycle: 400_000 } }));
    const rates = nBoundedRates(4_071_232, 6, 400_000);
    assert.equal(report.metrics.exactFalsePositiveRate, exactFalsePositiveRate(4_071_232, 400_000, 6));
    assert.equal(row(report, 'FP just before recycling (worst case)'), formatProbability(rates.worstCase));
    assert.equal(row(report, 'average FP per cycle'), `${formatProbability(rates.actualAverage)} (oracle ${formatProbability(rates.oracleAverage)})`);
  });

  it('a sigma-bounded two-phase filter: average FP (both phases and one), E[N0], from the exact chain', () => {
    const params = { mBits: 20000, k: 5, hashing: 'colliding' as const, sigmaBits: 10000, retain: true };
    const report = analyzeFinding(finding({ m: 20000, k: 5, phases: 2 }, { recycling: { kind: 'sigma-bounded', sigmaFraction: 0.5, retain: true } }));
    const two = sigmaBoundedRates({ ...params, phases: 2 }, 'exact');
    const one = sigmaBoundedRates({ ...params, phases: 1 }, 'exact');
    assert.ok(Math.abs(two.falsePositiveRate - (report.metrics.recycling as { falsePositiveRate: number }).falsePositiveRate) <= 1e-12 * two.falsePositiveRate);
    assert.equal(row(report, 'average FP over new messages'), `${formatProbability(two.falsePositiveRate)}, two phases (one phase at this sigma: ${formatProbability(one.falsePositiveRate)})`);
    assert.equal(row(report, 'messages per cycle E[N0]'), formatCount(two.expectedMessagesPerCycle));
    assert.match(row(report, 'recycling') ?? '', /more than 10\.0k bits are set, retaining/);
    assert.equal(report.metrics.exactFalsePositiveRate, undefined, 'n plays no part in a sigma-bounded filter');
  });

  it('Bitcoin\'s k = 0 filter matches everything: FP 100%', () => {
    const report = analyzeFinding(finding({ n: 10_000_000, p: 1e-6 }, { derived: { m: 288000, k: 0, notes: ['k = 0: the filter matches everything'] } }));
    assert.equal(report.metrics.exactFalsePositiveRate, 1);
    assert.ok(codes(report).includes('BL002'));
    assert.match(report.lens, /k=0, FP 100%/);
  });
});

describe('analysis: every fixture through detection', () => {
  const directory = resolve('test/fixtures/detect'); // tests run from the repository root
  const files = readdirSync(directory);

  it('derived.exact equals the core exact FP for the library\'s m, k and n; nothing unpresentable', () => {
    let checked = 0;
    for (const file of files) {
      for (const f of detectConfigs(readFileSync(join(directory, file), 'utf8'), { fileName: file })) {
        const report = analyzeFinding(f, {}, computeRecyclingComparison);
        assertPresentable(report, `${file}:${f.range.start.line + 1}`);
        const { m, k, n } = report.derived;
        if (report.config.elements === undefined || f.recycling || report.config.matchesEverything) continue;
        if (m === undefined || k === undefined || n === undefined || report.config.sizedForTarget) continue;
        assert.equal(report.derived.exact, exactFalsePositiveRate(m, n, k, f.params.hashing ?? 'colliding'), `${file}:${f.range.start.line + 1}`);
        checked++;
      }
    }
    assert.ok(checked >= 20, `checked ${checked}`);
  });

  it('every diagnostic message fits two hover lines; a longer explanation is a row of the hover table', () => {
    const inline: [string, string, string][] = [
      // five-line messages before: the paradox, worst-case recycling, a library's layout with its notes, many problems
      ['# bloom-lens: m=1e6 n=1e5 k=7 prior=1e-5 alpha=10', 'yaml', 'a.yaml'],
      ['# bloom-lens: m=8e6 n=1e6 k=3 recycle=n', 'yaml', 'a.yaml'],
      ['#include "leveldb/filter_policy.h"\noptions.filter_policy = leveldb::NewBloomFilterPolicy(14);', 'cpp', 'a.cc'],
      ['# bloom-lens: m=10 n=0 k=99 p=1.5 prior=2 alpha=-1 recycle=sigma:50', 'yaml', 'a.yaml'],
    ];
    const reports = inline.map(([text, languageId, fileName]) => analyzeFinding(only(text, languageId, fileName), {}, computeRecyclingComparison));
    for (const file of files) {
      for (const f of detectConfigs(readFileSync(join(directory, file), 'utf8'), { fileName: file })) reports.push(analyzeFinding(f, {}, computeRecyclingComparison));
    }
    const seen = new Set<string>();
    for (const report of reports) {
      for (const d of report.diagnostics) {
        seen.add(d.code);
        assert.ok(d.message.length <= MAX_DIAGNOSTIC_MESSAGE_LENGTH, `${d.code} has ${d.message.length} characters: ${d.message}`);
        if (d.detail !== undefined) assert.ok(report.hover.rows.some(([label, value]) => label.startsWith(d.code) && value === d.detail), `${d.code}'s detail is in the hover table`);
      }
    }
    for (const code of ['BL001', 'BL003', 'BL005', 'BL006']) assert.ok(seen.has(code), `covered ${[...seen].join(', ')}`);
  });
});

describe('analysis: absurd inputs never show NaN, Infinity or undefined', () => {
  const absurd: [string, Finding][] = [
    ['m = 1', finding({ m: 1, n: 1, k: 1 })],
    ['m = 1, many elements', finding({ m: 1, n: 1000, k: 5, p: 0.5 })],
    ['m = 2, n-bounded', finding({ m: 2, n: 3, k: 1 }, { recycling: { kind: 'n-bounded' } })],
    ['n = 1e15', finding({ m: 2 ** 40, n: 1e15, k: 7 })],
    ['n = 1e15 with p', finding({ n: 1e15, p: 0.01 })],
    ['k = 64 on a huge light filter', finding({ m: 2 ** 40, n: 1, k: 64 })],
    ['k = 64 heavily loaded', finding({ m: 1000, n: 1e6, k: 64 })],
    ['p = 1e-300 with n', finding({ n: 1000, p: 1e-300 })],
    ['p = 1e-300 with m', finding({ m: 1000, n: 10, k: 3, p: 1e-300 })],
    ['prior = 1e-12', finding({ m: 9585059, n: 1e6, k: 7, prior: 1e-12, alpha: 1e-9 })],
    ['prior with per-element size only', finding({ bitsPerElement: 10, k: 6, prior: 1e-6 })],
    ['prior with p only', finding({ p: 0.01, prior: 1e-6 })],
    ['huge sigma (continuum model)', finding({ m: 2 ** 40, k: 7, phases: 2 }, { recycling: { kind: 'sigma-bounded', sigmaFraction: 0.9 } })],
    ['sigma = m - 1', finding({ m: 1000, k: 64 }, { recycling: { kind: 'sigma-bounded', sigmaBits: 999 } })],
    ['n-bounded with a huge N', finding({ m: 1e9, k: 7 }, { recycling: { kind: 'n-bounded', messagesPerCycle: 1e15 } })],
    ['nothing at all', finding({})],
    ['only k', finding({ k: 7 })],
    ['only a prior', finding({ prior: 0.5 })],
    ['non-colliding tiny', finding({ m: 7, n: 3, k: 7, hashing: 'noncolliding' })],
    ['partitioned k = m', finding({ m: 64, n: 10, k: 64, hashing: 'partitioned' })],
    ['derived k = 0 without p', finding({ n: 1000 }, { derived: { m: 64, k: 0 } })],
    ['all invalid', finding({ m: NaN, n: -1, k: 1.5, p: 2, prior: -1, alpha: NaN, bitsPerElement: 0 })],
  ];
  for (const [label, f] of absurd) {
    it(label, () => {
      for (const settings of [{}, { targetFalsePositiveRate: 1e-300 }, { targetFalsePositiveRate: 0.999 }]) {
        assertPresentable(analyzeFinding(f, settings, computeRecyclingComparisonIfSmall), label);
      }
    });
  }
});

/** The comparison inline only for memories it answers quickly (unit tests stay fast). */
function computeRecyclingComparisonIfSmall(request: RecyclingComparisonRequest) {
  return request.mBits <= 1e6 ? computeRecyclingComparison(request) : undefined;
}

describe('core sizing used by the analysis: checked against its definition over every k', () => {
  // Some k in 1..64 meets p at (m, n)? (the definition the fast per-k searches must reproduce)
  const someKMeets = (m: number, n: number, p: number, hashing: 'colliding' | 'noncolliding' | 'partitioned'): boolean => {
    for (let k = 1; k <= (hashing === 'colliding' ? 64 : Math.min(64, m)); k++) if (exactFalsePositiveRate(m, n, k, hashing) <= p) return true;
    return false;
  };

  it('maxElementsForBitsAndRate: n fits with some k and n + 1 fits with none; sizeForElementsAndRate: m fits and m - 1 does not', () => {
    for (const hashing of ['colliding', 'noncolliding', 'partitioned'] as const) {
      for (const m of [1, 2, 7, 64, 100, 1000, 65536, 9_585_059]) {
        for (const p of [0.5, 0.1, 0.01, 1e-4, 1e-8]) {
          const { n } = maxElementsForBitsAndRate(m, p, hashing);
          if (n > 0) assert.ok(someKMeets(m, n, p, hashing), `${hashing} m=${m} p=${p}: n=${n} fits`);
          assert.ok(!someKMeets(m, n + 1, p, hashing), `${hashing} m=${m} p=${p}: n+1=${n + 1} does not fit`);
        }
      }
      for (const n of [1, 2, 10, 1000, 1e6]) {
        for (const p of [0.5, 0.1, 0.01, 1e-4, 1e-8]) {
          const sized = sizeForElementsAndRate(n, p, hashing);
          assert.ok(sized.falsePositiveRate <= p);
          assert.ok(someKMeets(sized.mBits, n, p, hashing), `${hashing} n=${n} p=${p}: m fits`);
          if (sized.mBits > 1) assert.ok(!someKMeets(sized.mBits - 1, n, p, hashing), `${hashing} n=${n} p=${p}: m-1=${sized.mBits - 1} does not fit`);
        }
      }
    }
  });
});

describe('analysis: formatting', () => {
  it('units roll over instead of printing 1000 of the smaller unit; small counts in full', () => {
    assert.equal(formatCount(999_999), '1.00M');
    assert.equal(formatCount(9999), '9999');
    assert.equal(formatCount(10_000), '10.0k');
    assert.equal(formatCount(999.6), '1000');
    assert.equal(formatBits(999_999), '1.00 Mbit');
    assert.equal(formatBits(9_585_059), '9.59 Mbit');
    assert.equal(formatBytes(9_585_059 / 8), '1.14 MiB');
    assert.equal(formatProbability(0.01), '1.00%');
    for (const bad of [NaN, Infinity, -Infinity]) {
      for (const format of [formatBits, formatBytes, formatCount, formatProbability, formatReal]) assert.doesNotMatch(format(bad), /NaN|Infinity/);
    }
  });
});
