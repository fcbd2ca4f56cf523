/** Bloom Lens: VS Code glue only. Everything shown comes from src/analysis through the ReportStore. */
import * as vscode from 'vscode';
import { FilterCodeActionProvider } from './codeActions';
import { FilterCodeLensProvider } from './codeLens';
import { setPrior, toggleCodeLens } from './commands';
import { registerDesigner } from './designer';
import { DiagnosticsController } from './diagnostics';
import { FilterHoverProvider } from './hover';
import { CooperativeJobRunner, createJobRunner } from './jobRunner';
import { DOCUMENT_SELECTOR, FilterLocation } from './ranges';
import { ReportStore } from './reports';
import { runSimulationCommand } from './simulationCommand';
import { SizeAnswers, sizeFilterWizard } from './sizeWizard';
import { startSyntax } from './syntax';
import { FilterStatusBar } from './statusBar';
import { FilterTreeProvider, scanWorkspace } from './workspaceScan';

/** What tests and other extensions can reach. */
export interface BloomLensApi {
  readonly store: ReportStore;
  /** How long activate() took, in milliseconds (printed by the integration tests, never asserted). */
  readonly activationMs: number;
  /** Which extension host runs this copy: the node host (desktop, remote) or the web worker host (vscode.dev). */
  readonly host: 'node' | 'web';
  /**
   * Resolves once the document's current version is fully analysed: findings known, diagnostics published,
   * no worker result pending. Tests await it instead of waiting for time.
   */
  whenAnalyzed(document: vscode.TextDocument): Promise<void>;
  /** Resolves once the syntax layer has loaded the language's grammar (true), or cannot (false). */
  whenGrammarLoaded(languageId: string): Promise<boolean>;
}

export function activate(context: vscode.ExtensionContext): BloomLensApi {
  const started = Date.now();
  const jobs = createJobRunner(context);
  const store = new ReportStore(jobs);
  const diagnostics = new DiagnosticsController(store);
  const tree = new FilterTreeProvider();

  // The editor title's CodeLens toggle shows only where there is something to toggle.
  let hadFilters: boolean | undefined;
  const updateContext = (): void => {
    const editor = vscode.window.activeTextEditor;
    const hasFilters = editor !== undefined && store.analysisFor(editor.document).findings.length > 0;
    if (hasFilters !== hadFilters) void vscode.commands.executeCommand('setContext', 'bloomLens.editorHasFilters', (hadFilters = hasFilters));
  };

  context.subscriptions.push(
    jobs,
    store,
    diagnostics,
    new FilterStatusBar(store, diagnostics),
    vscode.languages.registerHoverProvider(DOCUMENT_SELECTOR, new FilterHoverProvider(store)),
    vscode.languages.registerCodeLensProvider(DOCUMENT_SELECTOR, new FilterCodeLensProvider(store)),
    vscode.languages.registerCodeActionsProvider(DOCUMENT_SELECTOR, new FilterCodeActionProvider(store), FilterCodeActionProvider.metadata),
    vscode.window.registerTreeDataProvider('bloomLens.filters', tree),
    vscode.window.onDidChangeActiveTextEditor(updateContext),
    diagnostics.onDidUpdate(updateContext), // after edits, once the debounced analysis ran
    store.onDidChange(updateContext),
    vscode.commands.registerCommand('bloomLens.toggleCodeLens', toggleCodeLens),
    vscode.commands.registerCommand('bloomLens.setPrior', (location?: FilterLocation) => setPrior(store, location)),
    // The same without questions, for tests and keybindings; not reachable from hover links.
    vscode.commands.registerCommand('_bloomLens.setPrior', (location?: FilterLocation, answers?: { prior: string; alpha: string }) => setPrior(store, location, answers)),
    vscode.commands.registerCommand('bloomLens.scanWorkspace', () => scanWorkspace(store, tree, diagnostics.collection)),
    vscode.commands.registerCommand('bloomLens.runSimulation', (location?: FilterLocation) => runSimulationCommand(store, jobs, location)),
    // The same with a fixed number of runs (reproducible whatever the machine's speed), for tests.
    vscode.commands.registerCommand('_bloomLens.runSimulation', (location?: FilterLocation, seed?: number, fixedRuns?: number) => runSimulationCommand(store, jobs, location, seed, fixedRuns)),
    vscode.commands.registerCommand('bloomLens.sizeFilter', (answers?: SizeAnswers) => sizeFilterWizard(answers)),
  );
  updateContext();
  registerDesigner(context, store);
  const whenGrammarLoaded = startSyntax(context, store, jobs);
  return {
    store,
    activationMs: Date.now() - started,
    host: jobs instanceof CooperativeJobRunner ? 'web' : 'node',
    whenAnalyzed: (document) => diagnostics.whenAnalyzed(document),
    whenGrammarLoaded,
  };
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
