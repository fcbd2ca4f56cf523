import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, UsageError } from '../../src/cli/args';
import { collectFiles, scanCommand } from '../../src/cli/commands/scan';

function run(...argv: string[]) {
  return scanCommand(parseArgs(['scan', ...argv]));
}

const GUAVA_PARADOX = 'import com.google.common.hash.Funnels;\n// bloom-lens: prior=1e-4 alpha=10\nf = BloomFilter.create(Funnels.longFunnel(), 100_000);\n';

describe('scan CLI', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'bloom-lens-scan-'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules', 'lib'), { recursive: true });
    mkdirSync(join(dir, 'generated'));
    writeFileSync(join(dir, '.gitignore'), '# build output\ngenerated/\n*.gen.java\n');
    writeFileSync(join(dir, 'src', 'Paradox.java'), GUAVA_PARADOX);
    writeFileSync(join(dir, 'src', 'Cache.gen.java'), GUAVA_PARADOX);
    writeFileSync(join(dir, 'generated', 'Other.java'), GUAVA_PARADOX);
    writeFileSync(join(dir, 'node_modules', 'lib', 'index.js'), "const { BloomFilter } = require('bloom-filters');\nBloomFilter.create(10, 2);\n");
    writeFileSync(join(dir, 'src', 'style.css'), '.bloom { filter: blur(1px); }\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('scans directories recursively, skipping node_modules and .gitignore matches', () => {
    const files = collectFiles([dir]).map((f) => f.slice(dir.length + 1).split('\\').join('/'));
    assert.deepEqual(files, ['.gitignore', 'src/Paradox.java', 'src/style.css']);
  });

  it('skips vendored and build folders, nested .gitignore files and --exclude globs; reads a folder named explicitly', () => {
    const root = mkdtempSync(join(tmpdir(), 'bloom-lens-scope-'));
    try {
      for (const folder of ['vendor/github.com/x', 'build/reports', 'third_party/lib', 'app/gen', 'app/src']) mkdirSync(join(root, folder), { recursive: true });
      for (const file of ['vendor/github.com/x/a.go', 'build/reports/r.py', 'third_party/lib/l.c', 'app/gen/g.java', 'app/src/keep.java', 'app/src/skip.md', 'app/src/notes.txt']) writeFileSync(join(root, file), 'x\n');
      writeFileSync(join(root, 'app', '.gitignore'), 'gen/\n*.txt\n');
      const relativeFiles = (files: string[]) => files.map((f) => f.slice(root.length + 1).split('\\').join('/'));
      assert.deepEqual(relativeFiles(collectFiles([root])), ['app/.gitignore', 'app/src/keep.java', 'app/src/skip.md']);
      assert.deepEqual(relativeFiles(collectFiles([root], ['*.md', 'app/.gitignore'])), ['app/src/keep.java']);
      assert.deepEqual(relativeFiles(collectFiles([join(root, 'build', 'reports')])), ['build/reports/r.py']);
      assert.throws(() => run(root, '--exclude'), UsageError);
      assert.equal((run(root, '--exclude', '*.java,*.md', '--format', 'json').json as { findings: unknown[] }).findings.length, 0);
      assert.deepEqual(parseArgs(['scan', '.', '--exclude', '*.md', '--exclude=docs/**']).flags.get('exclude'), '*.md,docs/**', 'repeatable (cli-contract)');
      assert.throws(() => parseArgs(['scan', '.', '--format', 'json', '--format', 'text']), UsageError);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('JSON output: findings with file, range, recognizer, params, derived, diagnostics', () => {
    const result = run(join(dir, 'src'), '--format', 'json');
    const json = result.json as { findings: { file: string; recognizer: string; range: unknown; params: { n: number; p: number }; derived: { m: number; k: number }; diagnostics: { code: string; severity: string }[] }[] };
    assert.equal(json.findings.length, 1);
    const f = json.findings[0];
    assert.equal(f.recognizer, 'guava.create');
    assert.deepEqual(f.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 53 } });
    assert.equal(f.params.n, 100000);
    assert.equal(f.params.p, 0.03);
    assert.equal(f.derived.m, 729856); // Guava: (long)(-1e5 ln 0.03 / ln²2) = 729844, rounded up to 64-bit words
    assert.equal(f.derived.k, 5);
    assert.ok(f.file.endsWith('Paradox.java'));
    assert.equal(JSON.parse(result.text).findings.length, 1);
  });

  it('--fail-on: warnings fail only with --fail-on warning; never never fails', () => {
    const codes = (run(join(dir, 'src'), '--format', 'json').json as { findings: { diagnostics: { severity: string }[] }[] }).findings[0].diagnostics.map((d) => d.severity);
    assert.ok(codes.includes('warning') && !codes.includes('error'), `severities ${codes.join(',')}`);
    assert.equal(run(join(dir, 'src')).exitCode, 0);
    assert.equal(run(join(dir, 'src'), '--fail-on', 'warning').exitCode, 1);
    assert.equal(run(join(dir, 'src'), '--fail-on', 'never').exitCode, 0);
  });

  it('exit status 1 on the fixture corpus (it contains invalid values), 0 with --fail-on never, 0 on a decoy', () => {
    assert.equal(run('test/fixtures/detect').exitCode, 1);
    assert.equal(run('test/fixtures/detect', '--fail-on', 'never').exitCode, 0);
    assert.equal(run('test/fixtures/detect/decoy.css').exitCode, 0);
  });

  it('SARIF 2.1.0', () => {
    const sarif = run('test/fixtures/detect/GuavaFilters.java', '--format', 'sarif').json as {
      version: string; runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: { ruleId: string; level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    assert.equal(sarif.version, '2.1.0');
    const results = sarif.runs[0].results;
    const invalid = results.find((r) => r.ruleId === 'BL001');
    assert.ok(invalid, 'BL001 result');
    assert.equal(invalid.level, 'error');
    assert.equal(invalid.locations[0].physicalLocation.region.startLine, 22); // 1-based line of `BloomFilter.create(..., 5000, 1.5)`
    assert.ok(sarif.runs[0].tool.driver.rules.some((r) => r.id === 'BL001'));
  });

  it('text output names the file, position and parameters', () => {
    const text = run(join(dir, 'src')).text;
    assert.match(text, /Paradox\.java:3:5 {2}guava\.create {2}n=100000 p=0\.03/);
    assert.match(text, /1 configuration in 2 files scanned/);
  });

  it('bad usage exits 2 through UsageError', () => {
    assert.throws(() => run(), UsageError);
    assert.throws(() => run('does/not/exist'), UsageError);
    assert.throws(() => run('.', '--format', 'xml'), UsageError);
    assert.throws(() => run('.', '--fail-on', 'info'), UsageError);
    assert.throws(() => run('.', '--colour'), UsageError);
  });
});
