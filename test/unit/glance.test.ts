/**
 * The answer at a glance: the hover's first line (one sentence, FP from headlineRate), the short table, the
 * CodeLens built from the same numbers, and the verdict in words.
 */
import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import { formatBits, formatBytes, formatProbability, formatVerdict } from '../../src/analysis/format';
import { headlineRate } from '../../src/analysis/headline';
import { computeRecyclingComparison } from '../../src/analysis/recycling';
import { detectConfigs } from '../../src/detect';
import { hoverMarkdownText } from '../../src/extension/hoverText';

function report(text: string, languageId: string, fileName: string) {
  const findings = detectConfigs(text, { languageId, fileName });
  assert.equal(findings.length, 1, text);
  return analyzeFinding(findings[0], {}, computeRecyclingComparison);
}

describe('the answer at a glance (hover first line, CodeLens)', () => {
  it('a plain filter: FP at capacity from headlineRate, memory in bits and bytes, k and the verdict in one sentence', () => {
    const r = report('# bloom-lens: m=22100000 n=2e6 k=8 p=0.005', 'python', 'a.py');
    const headline = headlineRate(r.config, r.metrics)!;
    const fp = formatProbability(headline.falsePositiveRate);
    const verdict = formatVerdict(headline.falsePositiveRate, 0.005);
    assert.equal(r.hover.answer, `FP ${fp} at 2.00M elements · ${formatBits(22_100_000)} (${formatBytes(22_100_000 / 8)}) · k = 8 · ${verdict.text}`);
    assert.match(r.hover.answer, /^FP 0\.49\d% at 2\.00M elements · 22\.1 Mbit \(2\.63 MiB\) · k = 8 · (meets 0\.500%|misses 0\.500%)/);
    // The CodeLens carries the same FP, memory and k.
    assert.ok(r.lens.includes(`FP ${fp}`) && r.lens.includes(formatBits(22_100_000)) && r.lens.includes('k=8'), r.lens);
  });

  it('the hover Markdown starts with the sentence; a plain filter has at most 7 table rows', () => {
    const r = report('# bloom-lens: m=9585059 n=1000000 k=7 p=0.01', 'python', 'a.py');
    assert.ok(r.hover.rows.length <= 7, JSON.stringify(r.hover.rows));
    const markdown = hoverMarkdownText(r, { uri: 'file:///a.py', line: 0, character: 0 });
    assert.equal(markdown.split('\n')[0], `**${r.hover.answer.replace(/[\\`*_[\]<>|~&]/g, '\\$&')}**`);
    assert.match(markdown, /\n\nBloom Lens · bloom-lens annotation · \[Open in designer\]/);
  });

  it('findings add a row each: the paradox with a prior', () => {
    const plain = report('# bloom-lens: m=9585059 n=1000000 k=7', 'python', 'a.py');
    const withPrior = report('# bloom-lens: m=9585059 n=1000000 k=7 prior=1e-4 alpha=10', 'python', 'a.py');
    assert.equal(withPrior.hover.rows.length, plain.hover.rows.length + 1);
    assert.ok(withPrior.hover.rows.some(([label]) => label === 'Bloom paradox'));
  });

  it('per element (n unknown), n unknown with m (capacity answer), sigma-bounded recycling, invalid', () => {
    assert.match(report('table_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10, false));', 'cpp', 'a.cc').hover.answer,
      /^FP 0\.\d+% per element · 10 bits\/element · k = \d+ · meets 1\.00%$/);
    assert.match(report('import "github.com/bits-and-blooms/bloom/v3"\nvar f = bloom.New(1<<20, 3)\n', 'go', 'a.go').hover.answer,
      /^1\.05 Mbit \(128 KiB\) · k = 3 · holds [0-9.]+k elements at 1\.00%$/);
    assert.match(report('# bloom-lens: m=1e6 k=7 recycle=sigma:0.55', 'yaml', 'a.yaml').hover.answer, /^average FP [0-9.]+% over a recycling cycle · 1\.00 Mbit/);
    assert.match(report('# bloom-lens: m=1000 n=10 k=3 p=1.5', 'python', 'a.py').hover.answer, /^Invalid parameters/);
  });

  it('the verdict says a miss in words and by how much, even when the rates print alike', () => {
    assert.deepEqual(formatVerdict(0.0099, 0.01), { meets: true, text: 'meets 1.00%' });
    assert.deepEqual(formatVerdict(0.01004, 0.01), { meets: false, text: 'misses 1.00% (0.40% over)' });
    assert.deepEqual(formatVerdict(0.05, 0.01), { meets: false, text: 'misses 1.00% (5 times the target)' });
    assert.equal(formatVerdict(Number.NaN, 0.01).text, 'no target');
  });
});
