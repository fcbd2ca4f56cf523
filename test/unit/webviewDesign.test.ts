import * as assert from 'node:assert/strict';
import { bloomFalsePositiveRate, exactFalsePositiveRate } from '../../src/core/classic';
import { minBitsPerElement } from '../../src/core/paradox';
import { DEFAULT_INPUTS, DesignerInputs } from '../../src/protocol';
import { fpVsItems, fpVsK, paradoxRegion } from '../../webview/chartData';
import { libraryAllocations } from '../../src/libraries';
import { resultRows, rowsToMarkdown } from '../../webview/results';
import { Design, solveDesign } from '../../webview/solve';

function solve(partial: Partial<DesignerInputs>): Design {
  const result = solveDesign({ ...DEFAULT_INPUTS, ...partial });
  assert.ok(result.ok, result.ok ? '' : `${result.message} ${JSON.stringify(result.errors)}`);
  return result.design;
}

describe('webview solve: blanks among n, p, m, k', () => {
  it('n and p: the smallest m (exact model) and its best k; one bit less misses the target', () => {
    const d = solve({ n: '1M', p: '1%', m: '', k: '' });
    assert.deepEqual([...d.solved].sort(), ['k', 'm']);
    assert.ok(d.falsePositiveRate <= 0.01);
    let bestBelow = Infinity;
    for (let k = 1; k <= 20; k++) bestBelow = Math.min(bestBelow, exactFalsePositiveRate(d.mBits - 1, 1e6, k));
    assert.ok(bestBelow > 0.01, 'm - 1 bits must not meet the target with any k');
    // the textbook size -n ln p / ln^2 2 (real k) is within 0.2% (integer k costs a little)
    assert.ok(Math.abs(d.mBits - 9585059) / 9585059 < 2e-3, String(d.mBits));
  });

  it('n, p and k: the smallest m for that k', () => {
    const d = solve({ n: '1000', p: '0.01', k: '3', m: '' });
    assert.equal(d.k, 3);
    assert.ok(exactFalsePositiveRate(d.mBits, 1000, 3) <= 0.01);
    assert.ok(exactFalsePositiveRate(d.mBits - 1, 1000, 3) > 0.01);
  });

  it('m and n: the best integer k, and p is the resulting exact rate', () => {
    const d = solve({ n: '1000', m: '10000', p: '', k: '' });
    assert.deepEqual([...d.solved].sort(), ['k', 'p']);
    for (const k of [d.k - 1, d.k + 1]) assert.ok(exactFalsePositiveRate(10000, 1000, k) >= d.falsePositiveRate);
    assert.equal(d.p, d.falsePositiveRate);
    assert.equal(d.targetGiven, false);
  });

  it('m and p: the largest n that fits; one more element does not', () => {
    const d = solve({ m: '64 KiB', p: '1-in-1000', n: '', k: '4' });
    assert.equal(d.mBits, 65536 * 8);
    assert.ok(exactFalsePositiveRate(d.mBits, d.n, 4) <= 1e-3);
    assert.ok(exactFalsePositiveRate(d.mBits, d.n + 1, 4) > 1e-3);
  });

  it('all four given: p is the target and the design says whether it is met', () => {
    const d = solve({ n: '1000000', p: '0.01', m: '9585059', k: '7' });
    assert.equal(d.solved.length, 0);
    assert.equal(d.falsePositiveRate, exactFalsePositiveRate(9585059, 1e6, 7));
    assert.equal(d.p, 0.01);
  });

  it('too little given, or an invalid field: no design, with the reason at the field', () => {
    const few = solveDesign({ ...DEFAULT_INPUTS, n: '1000', p: '', m: '', k: '' });
    assert.ok(!few.ok);
    assert.match(few.message, /at least two of n, p and m/);
    const bad = solveDesign({ ...DEFAULT_INPUTS, p: '150%' });
    assert.ok(!bad.ok);
    assert.match(bad.errors.p ?? '', /between 0 and 1/);
    const tiny = solveDesign({ ...DEFAULT_INPUTS, n: '', m: '8', p: '1e-9', k: '' });
    assert.ok(!tiny.ok);
    assert.match(tiny.errors.m ?? '', /not even one element/);
  });

  it('sigma-bounded recycling: sigma is parsed against the solved m and k', () => {
    const d = solve({ n: '1000', m: '10000', recycling: 'sigma-bounded', sigma: '0.5' });
    assert.equal(d.sigmaBits, 5000);
    const result = solveDesign({ ...DEFAULT_INPUTS, n: '1000', m: '10000', recycling: 'sigma-bounded', sigma: '20000' });
    assert.ok(result.ok);
    assert.match(result.errors.sigma ?? '', /at most m - 1/);
  });
});

describe('webview chart data', () => {
  const design = solve({ n: '100k', m: '1e6', p: '1%', k: '' });

  it('FP vs items: the exact curve is the core\'s exact rate, Bloom\'s is eq. 2, both increase; the average lies below the instantaneous rate', () => {
    const chart = fpVsItems(design);
    const [exact, bloom, average, target] = chart.series;
    assert.equal(exact.points.length, 60);
    for (const p of exact.points) assert.equal(p.y, exactFalsePositiveRate(design.mBits, p.x, design.k));
    for (const p of bloom.points) assert.equal(p.y, bloomFalsePositiveRate(design.mBits, p.x, design.k));
    for (let i = 1; i < exact.points.length; i++) assert.ok(exact.points[i].y > exact.points[i - 1].y);
    for (let i = 1; i < average.points.length; i++) assert.ok(average.points[i].y < exact.points[i].y);
    // Running average at x against a brute-force mean of the exact rate over every integer fill 0..x-1 (small filter).
    const small = solve({ n: '50', m: '500', p: '', k: '3' });
    const smallChart = fpVsItems(small);
    const last = smallChart.series[2].points.at(-1)!;
    let sum = 0;
    for (let i = 0; i < last.x; i++) sum += exactFalsePositiveRate(500, i, 3);
    assert.ok(Math.abs(last.y - sum / last.x) / (sum / last.x) < 1e-3, `${last.y} vs ${sum / last.x}`);
    assert.equal(target.points[0].y, 0.01);
    assert.match(chart.summary, /exact false-positive rate reaches/);
  });

  it('FP vs k: marks Bloom\'s and the entropy k* (eq. 9, 15) and the best integer k, which minimises the exact curve', () => {
    const chart = fpVsK(design);
    const exact = chart.series[0].points;
    const min = exact.reduce((a, b) => (b.y < a.y ? b : a));
    assert.equal(chart.bestK, min.x);
    assert.ok(Math.abs(chart.bloomK - (design.mBits / design.n) * Math.LN2) < 1e-12);
    assert.ok(chart.entropyK < chart.bloomK);
    assert.ok(chart.series.some((s) => s.markers && s.label.startsWith('best integer k')));
  });

  it('paradox region: one curve per alpha from minBitsPerElement, the design\'s point when a prior is given', () => {
    const withPrior = solve({ n: '100k', m: '1e6', p: '', prior: '1e-4', alpha: '3' });
    const chart = paradoxRegion(withPrior);
    const alphas = chart.series.filter((s) => !s.markers);
    assert.equal(alphas.length, 5);
    const curve = alphas.find((s) => s.label === 'alpha = 3')!;
    for (const p of curve.points) assert.equal(p.y, minBitsPerElement(p.x, 3));
    const point = chart.series.find((s) => s.markers)!;
    assert.deepEqual(point.points[0], { x: 1e-4, y: 10 });
    assert.match(chart.summary, /needs/);
  });
});

describe('webview results table and library allocations', () => {
  it('every formula is present, Bose\'s ratio labelled as the paper\'s ratio, CBF and paradox rows', () => {
    const design = solve({ n: '1000', m: '10000', k: '7', prior: '0.01', alpha: '1', counterBits: '4' });
    const rows = resultRows(design);
    const labels = rows.map((r) => r.label);
    for (const wanted of ['exact (colliding)', "Bloom's formula", 'partitioned bound', 'CBF correct rate (exact)', 'verdict']) {
      assert.ok(labels.includes(wanted), wanted);
    }
    const bose = rows.find((r) => r.label.startsWith("Bose et al.'s bounds error ratio"))!;
    assert.match(bose.label, /not a guaranteed bound/);
    const exact = rows.find((r) => r.label === 'exact (colliding)')!;
    const bound = rows.find((r) => r.label === 'partitioned bound')!;
    assert.ok(bound.exact! >= exact.exact!, 'the partitioned bound is above the exact rate');
    assert.equal(exact.exact, exactFalsePositiveRate(10000, 1000, 7));
    const memory = rows.find((r) => r.label.startsWith('memory with 4-bit counters'))!;
    assert.equal(memory.exact, 40000);
    const markdown = rowsToMarkdown(rows);
    assert.equal(markdown.split('\n').length, rows.length + 2);
  });

  it('library allocations reproduce the catalogue\'s reference vectors for n = 1e6, p = 0.01', () => {
    const byId = new Map(libraryAllocations(1e6, 0.01).map((a) => [a.id, a]));
    // detection-catalogue.md section 4
    assert.equal(byId.get('guava')!.mBits, 9585088);
    assert.equal(byId.get('guava')!.k, 7);
    assert.equal(byId.get('bits-and-blooms')!.mBits, 9585059);
    assert.equal(byId.get('pybloom')!.mBits, 7 * 1369295);
    assert.equal(byId.get('rust-bloomfilter')!.mBits, 9585064);
    assert.equal(byId.get('rbloom')!.k, 6);
    assert.equal(byId.get('redis-nonscaling')!.mBits, 9585088); // library-models.md, RedisBloom
    assert.equal(byId.get('redis')!.mBits, 11027776);
    assert.equal(byId.get('redis')!.k, 8);
    assert.equal(byId.get('cassandra')!.k, 5);
    assert.equal(byId.get('cassandra')!.mBits, 10e6);
    const guava = byId.get('guava')!;
    assert.equal(guava.bytes, 9585088 / 8);
    assert.equal(guava.falsePositiveRate, exactFalsePositiveRate(9585088, 1e6, 7));
    assert.ok(byId.get('pybloom')!.notes.some((n) => /partitioned/.test(n)));
    assert.ok(byId.get('rocksdb')!.notes.some((n) => /blocked/.test(n)));
  });
});
