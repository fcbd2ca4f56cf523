/**
 * The extension as a user meets it, in a real VS Code extension host: CodeLens, diagnostics, quick fixes
 * (applied and undone), commands and settings, on fixture files in several languages.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { bestIntegerK, exactFalsePositiveRate } from '../../../src/core/classic';
import { formatRateBeside } from '../../../src/analysis/format';

/** A line for the printed integration report (see ../index.ts). */
function report(line: string): void {
  (globalThis as { bloomLensReport?: (line: string) => void }).bloomLensReport?.(line);
}

const workspace = path.resolve(__dirname, '../../../../test/integration/workspace');

interface BloomLensApi {
  whenAnalyzed(document: vscode.TextDocument): Promise<void>;
}

async function api(): Promise<BloomLensApi> {
  return (await vscode.extensions.getExtension('bloom-lens.bloom-lens')!.activate()) as BloomLensApi;
}

/** Opens a fixture and waits for the extension's readiness signal: the document fully analysed. */
async function open(relativePath: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(path.join(workspace, relativePath));
  const editor = await vscode.window.showTextDocument(document);
  await (await api()).whenAnalyzed(document);
  return editor;
}

/**
 * Waits for a condition that a settings change brings about (the configuration event reaches the extension
 * on its own schedule). Re-checked on every change of diagnostics and at least every 50 ms; a condition
 * that never holds fails by the test's own timeout.
 */
async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise<void>((resolveChange) => {
      const timer = setTimeout(done, 50);
      const listener = vscode.languages.onDidChangeDiagnostics(done);
      function done(): void { clearTimeout(timer); listener.dispose(); resolveChange(); }
    });
  }
}

function bloomDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Bloom Lens');
}

async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
  return lenses.map((lens) => lens.command?.title ?? '').filter((title) => title.startsWith('Bloom'));
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('bloomLens').update(key, value, vscode.ConfigurationTarget.Global);
}

describe('CodeLens, diagnostics and quick fixes', () => {
  it('shows a CodeLens line with the library-derived size above a Guava config', async () => {
    const editor = await open('src/Sessions.java');
    const titles = await lensTitles(editor.document.uri);
    // Guava: m = (long)(-n ln p / ln^2 2) rounded up to 64 bits, k = 7 at p = 1%.
    const mBits = Math.ceil(Math.floor(-1e6 * Math.log(0.01) / (Math.LN2 * Math.LN2)) / 64) * 64;
    // The rate prints with the digits that tell it from the 1% target (formatRateBeside): 1.004%, not 1.00%.
    const fp = formatRateBeside(exactFalsePositiveRate(mBits, 1e6, 7), 0.01);
    assert.equal(fp, '1.004%');
    assert.equal(titles.length, 1);
    assert.ok(titles[0].includes(`9.59 Mbit, k=7, FP ${fp}`), titles[0]);
    assert.ok(titles[0].endsWith('· Open designer'), titles[0]);
  });

  it('reports BL003 (worst-case sizing) and BL004 (k far from optimal) in Go, with stable source and codes', async () => {
    const editor = await open('src/gateway.go'); // analysed: the worker's capacity comparison (BL003) included
    const diagnostics = bloomDiagnostics(editor.document.uri);
    const bl003 = diagnostics.find((d) => d.code === 'BL003')!;
    assert.equal(bl003.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(bl003.range.start.line, 6);
    assert.match(bl003.message, /Sized for the worst case/);
    assert.match(bl003.message, /\+\d+%/);
    const bl004 = diagnostics.find((d) => d.code === 'BL004')!;
    assert.equal(bl004.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(bl004.range.start.line, 9);
    assert.ok(bl004.message.includes(`k = ${bestIntegerK(9585059, 1e6).k} gives`), bl004.message);
  });

  it('applies the BL004 quick fix as one undoable edit', async () => {
    const editor = await open('src/gateway.go');
    const diagnostic = bloomDiagnostics(editor.document.uri).find((d) => d.code === 'BL004')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Set k to 7');
    assert.ok(fix?.edit, `a "Set k to 7" quick fix among: ${actions.map((a) => a.title).join(', ')}`);
    const before = editor.document.getText();
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(editor.document.lineAt(9).text.includes('bloom.New(9585059, 7)'), editor.document.lineAt(9).text);
    await (await api()).whenAnalyzed(editor.document);
    assert.ok(!bloomDiagnostics(editor.document.uri).some((d) => d.code === 'BL004'), 'BL004 is gone');
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), before);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('applies the BL003 quick fix: recycles after the average-case N, rewriting the annotation', async () => {
    const editor = await open('src/gateway.go');
    const diagnostic = bloomDiagnostics(editor.document.uri).find((d) => d.code === 'BL003')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title.startsWith('Recycle after'));
    assert.ok(fix?.edit, `a "Recycle after" quick fix among: ${actions.map((a) => a.title).join(', ')}`);
    const newN = /Recycle after (\d+) messages/.exec(fix.title)![1];
    assert.ok(Number(newN) > 104243 * 1.2, fix.title);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    const annotation = editor.document.lineAt(5).text;
    assert.ok(annotation.includes(`n=${newN}`) && annotation.includes(`recycle=n:${newN}`), annotation);
    await vscode.commands.executeCommand('undo');
    assert.ok(editor.document.lineAt(5).text.includes('n=104243 p=0.01 recycle=n:104243'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('reports BL001 for an invalid error rate and BL005 for the Bloom paradox in Python', async () => {
    const editor = await open('src/cache.py');
    const diagnostics = bloomDiagnostics(editor.document.uri);
    const bl001 = diagnostics.find((d) => d.code === 'BL001')!;
    assert.equal(bl001.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(bl001.range.start.line, 9);
    assert.match(bl001.message, /1\.5/);
    const bl005 = diagnostics.find((d) => d.code === 'BL005')!;
    assert.equal(bl005.range.start.line, 6);
    assert.match(bl005.message, /Bloom paradox/);
  });

  it('Set Prior writes a bloom-lens annotation above a config', async () => {
    const editor = await open('src/Sessions.java');
    const ok = await vscode.commands.executeCommand<boolean>('_bloomLens.setPrior',
      { uri: editor.document.uri.toString(), line: 8, character: 10 }, { prior: '1e-3', alpha: '10' });
    assert.equal(ok, true);
    assert.match(editor.document.lineAt(8).text, /^\s*\/\/ bloom-lens: prior=0\.001 alpha=10$/);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(9, 12));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /Bloom paradox/);
    await vscode.commands.executeCommand('undo');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});

describe('commands', () => {
  it('Size a Filter... solves n and p and inserts a snippet for the chosen library', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'java', content: '' });
    await vscode.window.showTextDocument(document);
    const result = await vscode.commands.executeCommand<{ design: { mBits: number; k: number }; snippet: string }>('bloomLens.sizeFilter', { known: 'np', n: '1M', p: '1%', library: 'guava' });
    assert.ok(result, 'the wizard returns the design');
    assert.ok(exactFalsePositiveRate(result.design.mBits, 1e6, result.design.k) <= 0.01);
    assert.ok(exactFalsePositiveRate(result.design.mBits - 1, 1e6, result.design.k) > 0.01 || result.design.mBits < 9.6e6);
    assert.ok(document.getText().includes('BloomFilter.create'), document.getText());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Run Simulation agrees with the exact model within its 99% interval (a seeded run of a fixed size)', async function () {
    this.timeout(600_000); // a hang guard, not a speed limit
    const editor = await open('annotated.txt');
    const outcome = await vscode.commands.executeCommand<{ agrees: boolean; simulated: { lower: number; upper: number }; model: number; runs: number }>(
      '_bloomLens.runSimulation', { uri: editor.document.uri.toString(), line: 2, character: 10 }, 1, 20);
    assert.ok(outcome, 'a simulation outcome');
    assert.equal(outcome.runs, 20);
    assert.ok(outcome.simulated.lower <= outcome.model && outcome.model <= outcome.simulated.upper, JSON.stringify(outcome));
    assert.equal(outcome.agrees, true);
  });

  it('Scan Workspace finds the configurations in every fixture file', async () => {
    const count = await vscode.commands.executeCommand<number>('bloomLens.scanWorkspace');
    assert.ok(count !== undefined && count >= 8, `found ${count}`);
    const unopened = vscode.Uri.file(path.join(workspace, 'conf/hbase-site.properties'));
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === unopened.toString()), 'the file is not open');
    assert.ok(bloomDiagnostics(unopened).some((d) => d.code === 'BL002'), 'scan publishes diagnostics of files that are not open');
  });

  it('Scan Workspace skips vendored folders, .gitignore matches and the bloomLens.scan.exclude globs (src/detect/scope.ts)', async function () {
    this.timeout(60_000);
    const root = path.join(workspace, 'scope-check');
    const invalid = 'import com.google.common.hash.Funnels;\nclass Cache { Object f = BloomFilter.create(Funnels.longFunnel(), 1000, 1.5); }\n';
    const files = ['vendor/lib/Cache.java', 'ignored/Cache.java', 'excluded/Cache.java', 'kept/Cache.java'].map((file) => path.join(root, file));
    try {
      for (const file of files) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, invalid);
      }
      fs.writeFileSync(path.join(root, '.gitignore'), 'ignored/\n');
      await setSetting('scan.exclude', ['scope-check/excluded/**']);
      await vscode.commands.executeCommand<number>('bloomLens.scanWorkspace');
      const [vendored, ignored, excluded, kept] = files.map((file) => bloomDiagnostics(vscode.Uri.file(file)).map((d) => d.code));
      assert.ok(kept.includes('BL001'), `the control file is scanned: ${kept.join(',')}`);
      assert.deepEqual({ vendored, ignored, excluded }, { vendored: [], ignored: [], excluded: [] });
    } finally {
      await setSetting('scan.exclude', undefined);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('settings take effect', () => {
  afterEach(async () => {
    for (const key of ['codeLens.enabled', 'diagnostics.enabled', 'hover.enabled', 'diagnostics.severity', 'languages.exclude']) await setSetting(key, undefined);
  });

  it('codeLens.enabled = false removes the lenses; Toggle CodeLens brings them back', async () => {
    const editor = await open('src/Sessions.java');
    await vscode.commands.executeCommand('bloomLens.toggleCodeLens');
    await waitFor(async () => ((await lensTitles(editor.document.uri)).length === 0 ? true : undefined));
    await vscode.commands.executeCommand('bloomLens.toggleCodeLens');
    await waitFor(async () => ((await lensTitles(editor.document.uri)).length === 1 ? true : undefined));
  });

  it('diagnostics.enabled = false clears them; a severity override changes one code', async () => {
    const editor = await open('src/gateway.go');
    assert.ok(bloomDiagnostics(editor.document.uri).length > 0);
    await setSetting('diagnostics.severity', { BL004: 'off', BL003: 'error' });
    await waitFor(() => {
      const all = bloomDiagnostics(editor.document.uri);
      return !all.some((d) => d.code === 'BL004') && all.some((d) => d.code === 'BL003' && d.severity === vscode.DiagnosticSeverity.Error) ? true : undefined;
    });
    await setSetting('diagnostics.enabled', false);
    await waitFor(() => (bloomDiagnostics(editor.document.uri).length === 0 ? true : undefined));
  });

  it('hover.enabled = false and languages.exclude silence the hover', async () => {
    const editor = await open('annotated.txt');
    const hoverCount = async (): Promise<number> => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(2, 12));
      return hovers.filter((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Bloom Lens'))).length;
    };
    assert.equal(await hoverCount(), 1);
    await setSetting('hover.enabled', false);
    assert.equal(await hoverCount(), 0);
    await setSetting('hover.enabled', undefined);
    await setSetting('languages.exclude', ['plaintext']);
    assert.equal(await hoverCount(), 0);
  });
});

describe('large documents', () => {
  it('detects a 600 KB file in the worker, then hovers and lenses it', async () => {
    const filler = Array.from({ length: 12_000 }, (_, i) => `    int value${i} = compute(${i}); // ordinary code`).join('\n');
    const content = `import com.google.common.hash.BloomFilter;\nclass Big {\n${filler}\n  BloomFilter<String> f = BloomFilter.create(funnel, 1_000_000, 0.01);\n}\n`;
    assert.ok(content.length > 256 * 1024);
    const document = await vscode.workspace.openTextDocument({ language: 'java', content });
    await vscode.window.showTextDocument(document);
    const line = document.lineCount - 3;
    // Asked at once, before the worker has answered: the hover waits for the worker's findings.
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(line, 30));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /Bloom Lens/);
    assert.match(text, /Guava/);
    await (await api()).whenAnalyzed(document);
    assert.equal((await lensTitles(document.uri)).length, 1);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

describe('speed inside VS Code', () => {
  it('a hover on a config costs about what the round trip of VS Code\'s own hover costs (ratio of 200-hover totals asserted, times printed)', async () => {
    const editor = await open('src/gateway.go');
    const hoverAt = async (position: vscode.Position): Promise<number> => {
      const t0 = performance.now();
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, position);
      return performance.now() - t0;
    };
    // Interleaved, so a busy machine slows both alike: on the config (our report and Markdown) and on a
    // line without one (VS Code's dispatch and every provider's answer, ours finding nothing).
    const onConfig: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) {
      onConfig.push(await hoverAt(new vscode.Position(9, 15 + (i % 10))));
      baseline.push(await hoverAt(new vscode.Position(0, i % 7)));
    }
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const p99 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];
    const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
    // The ratio of the totals: 200 round trips each (hundreds of ms), so no single pause decides. Measured about
    // 1.06; the limit 5 is more than 4x above it and still catches a hover that does real work on the host.
    const ratio = sum(onConfig) / sum(baseline);
    report(`hover round trip through VS Code: p50 ${median(onConfig).toFixed(2)} ms, p99 ${p99(onConfig).toFixed(2)} ms, total ${sum(onConfig).toFixed(0)} ms; `
      + `without a config p50 ${median(baseline).toFixed(2)} ms, total ${sum(baseline).toFixed(0)} ms; ratio of totals ${ratio.toFixed(2)}`);
    if (sum(baseline) >= 50) assert.ok(ratio < 5, `a hover on a config costs ${ratio.toFixed(2)}x the round trip without one (allowed 5x)`);
  });
});
