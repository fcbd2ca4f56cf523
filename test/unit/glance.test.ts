/**
 * The answer at a glance: the hover's first line (one sentence, FP from headlineRate), the short table, the
 * CodeLens built from the same numbers, and the verdict in words.
 */
import * as assert from 'node:assert/strict';
import { analyzeFinding } from '../../src/analysis/analyze';
import { formatBits, formatBytes, formatProbability, formatRateBeside, formatVerdict, TARGET_TOLERANCE } from '../../src/analysis/format';
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

  it('one verdict rule: a rate within 1% (relative) of its target meets it, prints with the digits that tell them apart, and the table says by how much', () => {
    const under = formatVerdict(0.0099, 0.01);
    assert.equal(under.meets, true);
    assert.equal(under.text, 'meets 1.00%');
    assert.equal(under.rate, '0.990%');
    // Guava create(1_000_000, 0.01): exact FP 1.0039% (0.39% over) is the library's rounding, not a miss.
    const rounding = formatVerdict(0.010039, 0.01);
    assert.deepEqual([rounding.meets, rounding.withinTolerance, rounding.rate, rounding.text], [true, true, '1.004%', 'meets 1.00% (within 1%)']);
    assert.match(rounding.detail, /^1\.004% is 0\.39% over the 1\.00% target: within the 1% tolerance/);
    // Just past the tolerance it is a miss, in words and by how much.
    const miss = formatVerdict(0.0101, 0.01);
    assert.deepEqual([miss.meets, miss.withinTolerance, miss.rate, miss.text], [false, false, '1.01%', 'misses 1.00% (1.0% over)']);
    assert.equal(formatVerdict(0.05, 0.01).text, 'misses 1.00% (5 times the target)');
    assert.equal(formatVerdict(Number.NaN, 0.01).text, 'no target');
    assert.equal(TARGET_TOLERANCE, 0.01);
  });

  it('a displayed rate never equals a different target: up to six digits, only as many as needed', () => {
    assert.equal(formatRateBeside(0.01004, 0.01), '1.004%');
    assert.equal(formatRateBeside(0.0100004, 0.01), '1.00004%');
    assert.equal(formatRateBeside(0.0123, 0.01), '1.23%');
    assert.equal(formatRateBeside(0.01, 0.01), '1.00%');
    assert.equal(formatRateBeside(0.01 * (1 + 1e-9), 0.01), '1.00%', 'equal to six digits: printed alike');
  });

  it('Guava create(1_000_000, 0.01): hover, lens and the designer read "meets", with the exact excess in the hover table', () => {
    const r = report('import com.google.common.hash.BloomFilter;\nBloomFilter<Long> f = BloomFilter.create(Funnels.longFunnel(), 1_000_000, 0.01);', 'java', 'A.java');
    assert.match(r.hover.answer, /^FP 1\.004% at 1\.00M elements · .* · meets 1\.00% \(within 1%\)$/);
    const row = r.hover.rows.find(([label]) => label === 'FP at capacity (exact)');
    assert.ok(row, JSON.stringify(r.hover.rows));
    assert.match(row[1], / · 0\.\d\d% over the 1\.00% target, within 1%$/);
    assert.match(r.lens, /FP 1\.004%/);
  });
});
