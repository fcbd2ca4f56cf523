/**
 * The extension in VS Code's web worker extension host: the browser bundle (dist/web/extension.js), no node
 * APIs, heavy jobs run cooperatively. Detection, hover, CodeLens, diagnostics and the designer, on the same
 * fixture workspace as the node-host integration suite, waiting for the extension's readiness signal.
 */
import * as assert from './assert';
import * as vscode from 'vscode';
import { bloomFalsePositiveRate, exactFalsePositiveRate } from '../../src/core/classic';
import { formatProbability, formatRateBeside } from '../../src/analysis/format';
import { SyntaxFacts } from '../../src/detect/syntax/facts';
import { SyntaxRuntime } from '../../src/detect/syntax/runtime';

interface BloomLensApi {
  readonly host: 'node' | 'web';
  whenAnalyzed(document: vscode.TextDocument): Promise<void>;
  whenGrammarLoaded(languageId: string): Promise<boolean>;
}

async function api(): Promise<BloomLensApi> {
  const extension = vscode.extensions.getExtension('bloom-lens.bloom-lens');
  assert.ok(extension, 'the extension is loaded in the web worker host');
  return (await extension.activate()) as BloomLensApi;
}

function fixture(relativePath: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the fixture workspace is open');
  return vscode.Uri.joinPath(folder.uri, relativePath);
}

async function open(relativePath: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(fixture(relativePath));
  await vscode.window.showTextDocument(document);
  await (await api()).whenAnalyzed(document);
  return document;
}

async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

function bloomDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Bloom Lens');
}

describe('web worker extension host', () => {
  it('runs the browser build of the extension', async () => {
    const bloomLens = await api();
    assert.equal(bloomLens.host, 'web');
    assert.equal(typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node, 'undefined', 'no node runtime here');
  });

  it('parses Go with tree-sitter in this host: a tuple assignment sizes a go-redis filter, and the hover says where n came from', async () => {
    const bloomLens = await api();
    assert.equal(await bloomLens.whenGrammarLoaded('go'), true);
    const content = 'package main\n\nfunc setup() {\n\tcapacity, errorRate := int64(2_000_000), 0.001\n\trdb.BFReserve(ctx, "seen", errorRate, capacity)\n}\n';
    const document = await vscode.workspace.openTextDocument({ language: 'go', content });
    await vscode.window.showTextDocument(document);
    await bloomLens.whenAnalyzed(document);
    const text = await hoverText(document, new vscode.Position(4, 6));
    assert.match(text, /n from `capacity`, (?:line |Untitled-\d+:)4/);
  });

  it('loads Kotlin and Scala from the extension\'s dist/ in this host and parses with them', async () => {
    const extension = vscode.extensions.getExtension('bloom-lens.bloom-lens');
    assert.ok(extension);
    const runtime = await SyntaxRuntime.create(async (file) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, 'dist', file)));
    const samples: Record<string, string> = {
      kotlin: 'object Limits {\n    const val N = 1000\n}\n',
      scala: 'object Limits {\n  val (n, p) = (1000, 0.01)\n}\n',
    };
    for (const [languageId, text] of Object.entries(samples)) {
      const grammar = await runtime.load(languageId);
      assert.ok(grammar, `${languageId} loads`);
      let problem = '';
      let tree: ReturnType<typeof grammar.parser.parse> = null;
      try {
        tree = grammar.parser.parse(text);
      } catch (error) {
        problem = String((error as Error)?.stack ?? error);
      }
      assert.equal(problem, '', `${languageId} parses`);
      assert.ok(tree && !tree.rootNode.hasError, `${languageId}: ${tree?.rootNode.toString()}`);
      tree?.delete();
      const facts = new SyntaxFacts(grammar, text);
      assert.equal(facts.definitions().get('N')?.expression ?? facts.definitions().get('p')?.expression, languageId === 'kotlin' ? '1000' : '0.01');
      facts.dispose();
    }
  });

  it('reads a .scala file (plain text to VS Code, which ships no Scala language) with the Scala grammar: a tuple sizes Guava, and the hover says where n came from', async () => {
    const bloomLens = await api();
    assert.equal(await bloomLens.whenGrammarLoaded('scala'), true);
    const document = await open('src/Dedup.scala');
    const line = document.getText().split('\n').findIndex((text) => text.includes('BloomFilter.create'));
    assert.ok(line >= 0);
    const text = await hoverText(document, new vscode.Position(line, document.lineAt(line).text.indexOf('create')));
    assert.match(text, /n from `expectedOrders`, (?:line |Dedup\.scala:)7/);
  });

  it('reads a YAML file with its parser in this host: Spark keys nested over five levels are Spark\'s runtime filter', async () => {
    const bloomLens = await api();
    const content = 'spark:\n  sql:\n    optimizer:\n      runtime:\n        bloomFilter:\n          enabled: true\n          expectedNumItems: 2000000\n';
    const document = await vscode.workspace.openTextDocument({ language: 'yaml', content });
    await vscode.window.showTextDocument(document);
    await bloomLens.whenAnalyzed(document);
    assert.match(await hoverText(document, new vscode.Position(6, 12)), /Bloom Lens · Spark runtime Bloom filter join/);
  });

  it('reads a Python docstring as prose in this host: it produces no finding', async () => {
    const bloomLens = await api();
    assert.equal(await bloomLens.whenGrammarLoaded('python'), true);
    const content = 'def create(session):\n    """Uses the default bloom_filter_fp_chance = 0.01."""\n    return session\n';
    const document = await vscode.workspace.openTextDocument({ language: 'python', content });
    await vscode.window.showTextDocument(document);
    await bloomLens.whenAnalyzed(document);
    assert.equal(bloomDiagnostics(document.uri).length, 0);
    assert.doesNotMatch(await hoverText(document, new vscode.Position(1, 30)), /Bloom Lens/);
  });

  it('detects an annotation and hovers it with the exact and Bloom rates from the core', async () => {
    const document = await open('annotated.txt');
    const text = await hoverText(document, new vscode.Position(2, 12));
    assert.match(text, /Bloom Lens/);
    assert.ok(text.includes(formatProbability(exactFalsePositiveRate(9585059, 1000000, 7))), text);
    assert.ok(text.includes(formatProbability(bloomFalsePositiveRate(9585059, 1000000, 7))), text);
    assert.doesNotMatch(await hoverText(document, new vscode.Position(0, 5)), /Bloom Lens/);
  });

  it('shows the CodeLens with Guava\'s own size above a Java config', async () => {
    const document = await open('src/Sessions.java');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
    const titles = lenses.map((lens) => lens.command?.title ?? '').filter((title) => title.startsWith('Bloom'));
    const mBits = Math.ceil(Math.floor(-1e6 * Math.log(0.01) / (Math.LN2 * Math.LN2)) / 64) * 64; // Guava: 64-bit words
    assert.equal(titles.length, 1);
    // The rate prints with the digits that tell it from the 1% target (formatRateBeside): 1.004%, not 1.00%.
    assert.ok(titles[0].includes(`9.59 Mbit, k=7, FP ${formatRateBeside(exactFalsePositiveRate(mBits, 1e6, 7), 0.01)}`), titles[0]);
  });

  it('publishes diagnostics: BL003 and BL004 in Go (the capacity comparison computed in this host), BL001 and BL005 in Python', async () => {
    const go = await open('src/gateway.go');
    const goCodes = bloomDiagnostics(go.uri).map((d) => d.code);
    assert.ok(goCodes.includes('BL004'), goCodes.join(', '));
    assert.ok(goCodes.includes('BL003'), goCodes.join(', '));
    const python = await open('src/cache.py');
    const pythonCodes = bloomDiagnostics(python.uri).map((d) => d.code);
    assert.ok(pythonCodes.includes('BL001') && pythonCodes.includes('BL005'), pythonCodes.join(', '));
  });

  it('offers the BL004 quick fix', async () => {
    const go = await open('src/gateway.go');
    const diagnostic = bloomDiagnostics(go.uri).find((d) => d.code === 'BL004');
    assert.ok(diagnostic);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', go.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    assert.ok(actions.some((action) => action.title === 'Set k to 7' && action.edit), actions.map((a) => a.title).join(', '));
  });

  it('opens the designer panel on the config under the cursor', async () => {
    const document = await open('src/Sessions.java');
    const line = document.getText().split('\n').findIndex((text) => text.includes('BloomFilter.create'));
    assert.ok(line >= 0);
    const designerTab = (): vscode.Tab | undefined => vscode.window.tabGroups.all.flatMap((group) => group.tabs)
      .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('bloomLens.designer'));
    // The tab model reaches this host after the panel is created: wait for the tab event, not for time.
    const opened = new Promise<vscode.Tab>((resolveTab) => {
      const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
        const tab = designerTab();
        if (tab) { listener.dispose(); resolveTab(tab); }
      });
    });
    await vscode.commands.executeCommand('bloomLens.openDesigner', { uri: document.uri.toString(), line, character: document.lineAt(line).text.indexOf('create') });
    const designer = designerTab() ?? await opened;
    assert.equal(designer.label, 'Bloom Lens Designer');
    await vscode.window.tabGroups.close(designer);
  });
});
