import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect';
import type { Finding } from '../../src/detect/types';
import { formatLiteral, planSourceEdits } from '../../src/extension/designer/edits';
import { SNIPPET_LIBRARIES, snippetFor, probabilityLiteral } from '../../src/libraries';

function applyEdits(text: string, plan: ReturnType<typeof planSourceEdits>): string {
  const lines = text.split('\n');
  const offset = (line: number, character: number): number => lines.slice(0, line).reduce((a, l) => a + l.length + 1, 0) + character;
  const edits = [...plan.edits].sort((a, b) => offset(b.range.start.line, b.range.start.character) - offset(a.range.start.line, a.range.start.character));
  let result = text;
  for (const e of edits) result = result.slice(0, offset(e.range.start.line, e.range.start.character)) + e.newText + result.slice(offset(e.range.end.line, e.range.end.character));
  return result;
}

describe('webview apply to source: edits in the library\'s syntax', () => {
  it('formatLiteral keeps the literal\'s style', () => {
    assert.equal(formatLiteral('1_000_000L', 2000000, 'n'), '2_000_000L');
    assert.equal(formatLiteral('1000000', 2500000, 'n'), '2500000');
    assert.equal(formatLiteral('"0.01"', 0.001, 'p'), '"0.001"');
    assert.equal(formatLiteral('0.01f', 0.005, 'p'), '0.005f');
    assert.equal(formatLiteral('1e6', 2000000, 'n'), '2e6');
    assert.equal(formatLiteral("120'000", 240000, 'n'), "240'000");
    assert.equal(formatLiteral('1 << 20', 3000000, 'm'), '3000000');
    assert.equal(formatLiteral('0.01', 1e-7, 'p'), '0.0000001');
  });

  it('rewrites the numbers of a bloom-lens annotation and leaves the rest of the text alone', () => {
    const text = 'notes\n# bloom-lens: m=9585059 n=1e6 k=7 prior=1e-4\nmore\n';
    const findings = detectConfigs(text, { languageId: 'plaintext', fileName: 'a.txt' });
    assert.equal(findings.length, 1);
    const plan = planSourceEdits(text, findings[0], { m: 19170118, n: 2000000, k: 7 });
    assert.equal(plan.edits.length, 2, JSON.stringify(plan));
    assert.equal(applyEdits(text, plan), 'notes\n# bloom-lens: m=19170118 n=2e6 k=7 prior=1e-4\nmore\n');
    assert.deepEqual(planSourceEdits(text, findings[0], { m: 9585059, n: 1e6, k: 7 }).edits, []);
  });

  it('keeps a closing --> and writes sizes in the unit the code states (bytes)', () => {
    const html = '<!-- bloom-lens: n=1e6 p=0.01-->\n';
    const annotation = detectConfigs(html, { languageId: 'markdown', fileName: 'a.md' })[0];
    assert.equal(applyEdits(html, planSourceEdits(html, annotation, { p: 0.02 })), '<!-- bloom-lens: n=1e6 p=0.02-->\n');
    // ClickHouse tokenbf_v1(size_in_bytes, hashes, seed): m = 4096 bits is 512 bytes.
    const sql = 'CREATE TABLE t (s String, INDEX i s TYPE tokenbf_v1(256, 3, 0) GRANULARITY 4) ENGINE = MergeTree ORDER BY s;\n';
    const clickhouse = detectConfigs(sql, { languageId: 'sql', fileName: 't.sql' })[0];
    assert.equal(clickhouse.params.m, 2048, 'detection states m in bits');
    assert.match(applyEdits(sql, planSourceEdits(sql, clickhouse, { m: 4096 })), /tokenbf_v1\(512, 3, 0\)/);
  });

  it('uses argument ranges when detection provides them; says why a parameter cannot be written', () => {
    const text = 'BloomFilter.create(funnel, 1_000_000L, 0.01);';
    const finding: Finding = {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 44 } },
      recognizer: 'guava.create', title: 'Guava BloomFilter.create',
      params: { n: 1e6, p: 0.01 },
      sources: {
        n: { kind: 'argument', text: '1_000_000L', range: { start: { line: 0, character: 27 }, end: { line: 0, character: 37 } } },
        p: { kind: 'argument', text: '0.01', range: { start: { line: 0, character: 39 }, end: { line: 0, character: 43 } } },
        k: { kind: 'derived' },
      },
      derived: {}, unevaluated: [],
    };
    const plan = planSourceEdits(text, finding, { n: 3000000, p: 0.001, k: 9 });
    assert.equal(applyEdits(text, plan), 'BloomFilter.create(funnel, 3_000_000L, 0.001);');
    assert.equal(plan.changed.length, 2);
    assert.match(plan.skipped.join(), /k is derived by the library/);
    assert.match(planSourceEdits(text, finding, { m: 5 }).skipped.join(), /m is not stated/);
    const named = 'BloomFilter.create(funnel, EXPECTED, 0.01);';
    const namedFinding: Finding = { ...finding, sources: { n: { kind: 'constant', text: 'EXPECTED', range: { start: { line: 0, character: 27 }, end: { line: 0, character: 35 } } } } };
    const namedPlan = planSourceEdits(named, namedFinding, { n: 5 });
    assert.equal(namedPlan.edits.length, 0);
    assert.match(namedPlan.skipped.join(), /comes from the name EXPECTED/);
  });
});

describe('webview snippets for each library', () => {
  const design = { n: 1000000, p: 0.01, mBits: 9585059, k: 7 };

  it('every library produces a snippet that states the design\'s numbers in its own syntax', () => {
    for (const library of SNIPPET_LIBRARIES) {
      const text = snippetFor(library.id, design);
      assert.ok(text.length > 10, library.id);
      assert.ok(/1000000|1_000_000/.test(text), `${library.id} states n`);
    }
    assert.match(snippetFor('guava', design), /BloomFilter\.create\(\s*Funnels\.stringFunnel\(StandardCharsets\.UTF_8\), 1_000_000L, 0\.01\);/);
    assert.match(snippetFor('bits-and-blooms', design), /bloom\.New\(9585059, 7\)/);
    assert.match(snippetFor('redis', design), /BF\.RESERVE my-filter 0\.01 1000000 NONSCALING/);
    assert.match(snippetFor('rust-bloomfilter', design), /Bloom::new\(1_198_133, 1_000_000\)/);
    assert.match(snippetFor('cassandra', design), /bloom_filter_fp_chance = 0\.01;/);
    assert.match(snippetFor('ebpf', design), /__uint\(map_extra, 7\)/);
    assert.match(snippetFor('unknown-library', design), /^\/\/ bloom-lens: n=1000000 p=0\.01 m=9585059 k=7$/);
  });

  it('the annotation snippet is read back by detection as the same design', () => {
    const text = `${snippetFor('annotation', design)}\n`;
    const [finding] = detectConfigs(text, { languageId: 'typescript', fileName: 'a.ts' });
    assert.ok(finding, 'detected');
    assert.deepEqual({ n: finding.params.n, p: finding.params.p, m: finding.params.m, k: finding.params.k }, { n: 1e6, p: 0.01, m: 9585059, k: 7 });
    assert.equal(probabilityLiteral(1e-7), '0.0000001');
  });
});
