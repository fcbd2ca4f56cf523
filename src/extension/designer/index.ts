/**
 * The designer panel host: commands, the single panel, its serializer (restore after reload), and the
 * handling of the webview's messages — each validated against src/protocol.ts; anything else is ignored and
 * logged. All computation happens in the webview (bundled core); the host only reads the detected
 * configuration and writes edits, the clipboard and exported files.
 */
import * as vscode from 'vscode';
import type { FilterReport } from '../../analysis/analyze';
import {
  DEFAULT_INPUTS, DESIGNER_VIEW_TYPE, DesignerOrigin, DesignerSection, DesignerState, DesignValues, HostMessage, STATE_VERSION,
  validateOpenArgument, validateState, validateWebviewMessage, WebviewMessage,
} from '../../protocol';
import type { ReportStore } from '../reports';
import { planSourceEdits } from './edits';
import { designerHtml, makeNonce } from './html';
import { stateForReport, withComparisonPoint } from './prefill';

let output: vscode.OutputChannel | undefined;

function log(message: string): void {
  output ??= vscode.window.createOutputChannel('Bloom Lens Designer');
  output.appendLine(`[${new Date().toISOString()}] ${message}`);
}

/** Test hook: what the host has seen (exposed on the panel object for integration tests). */
export interface DesignerDiagnostics {
  readonly rejectedMessages: number;
  readonly acceptedMessages: number;
}

class DesignerPanel {
  static current: DesignerPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private state: DesignerState;
  private rejected = 0;
  private accepted = 0;
  /** A configuration was pushed and the webview has not confirmed loading it (it may be reloading). */
  private prefillPending = false;
  /** Where the next init scrolls the panel to (a command opened it at a section). */
  private section: DesignerSection | undefined;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly store: ReportStore,
    state: DesignerState,
  ) {
    this.state = state;
    configureWebview(panel.webview, context.extensionUri);
    panel.webview.html = this.html();
    panel.onDidDispose(() => this.dispose(), null, this.disposables);
    panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), null, this.disposables);
  }

  static show(context: vscode.ExtensionContext, store: ReportStore, state: DesignerState | undefined, section?: DesignerSection): void {
    if (DesignerPanel.current) {
      DesignerPanel.current.panel.reveal(vscode.ViewColumn.Beside);
      DesignerPanel.current.section = section;
      if (state) DesignerPanel.current.load(state);
      return;
    }
    const panel = vscode.window.createWebviewPanel(DESIGNER_VIEW_TYPE, 'Bloom Lens Designer', vscode.ViewColumn.Beside, webviewOptions(context.extensionUri));
    DesignerPanel.current = new DesignerPanel(panel, context, store, state ?? { version: STATE_VERSION, inputs: DEFAULT_INPUTS });
    DesignerPanel.current.section = section;
  }

  static restore(panel: vscode.WebviewPanel, context: vscode.ExtensionContext, store: ReportStore, state: DesignerState): void {
    DesignerPanel.current?.dispose();
    DesignerPanel.current = new DesignerPanel(panel, context, store, state);
  }

  get diagnostics(): DesignerDiagnostics {
    return { rejectedMessages: this.rejected, acceptedMessages: this.accepted };
  }

  private load(state: DesignerState): void {
    this.state = state;
    this.prefillPending = true;
    void this.post(this.init(true));
  }

  /** The init message, with the section to scroll to (sent once). */
  private init(prefill: boolean): HostMessage {
    const section = this.section;
    this.section = undefined;
    return { type: 'init', state: this.state, prefill, ...(section ? { section } : {}) };
  }

  private html(): string {
    const webview = this.panel.webview;
    const root = this.context.extensionUri;
    return designerHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      script: webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webview.js')).toString(),
      worker: webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webviewWorker.js')).toString(),
      style: webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'designer.css')).toString(),
    });
  }

  private post(message: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const checked = validateWebviewMessage(raw);
    if (!checked.ok) {
      this.rejected++;
      log(`ignored a message from the designer webview: ${checked.reason}`);
      void this.post({ type: 'ignored', reason: checked.reason.slice(0, 500) });
      return;
    }
    this.accepted++;
    void this.handle(checked.value).catch((error: unknown) => log(`error handling ${checked.value.type}: ${error instanceof Error ? error.message : String(error)}`));
  }

  private async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.post(this.init(this.prefillPending));
        return;
      case 'prefilled':
        this.prefillPending = false;
        return;
      case 'apply':
        await this.apply(message.values);
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(message.text);
        void vscode.window.showInformationMessage(`Bloom Lens: copied the ${message.library} snippet to the clipboard.`);
        return;
      case 'export':
        await exportReport(message.markdown, message.images);
        return;
      case 'log':
        log(`webview ${message.level}: ${message.message}`);
        return;
    }
  }

  private async apply(values: DesignValues): Promise<void> {
    const origin = this.state.origin;
    if (!origin) {
      await this.post({ type: 'applyResult', ok: false, message: 'This design was not opened from a configuration in the source: copy a snippet instead.' });
      return;
    }
    try {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(origin.uri, true));
      const report = findOriginReport(this.store, document, origin);
      if (!report) {
        await this.post({ type: 'applyResult', ok: false, message: `The configuration "${origin.title}" is no longer at line ${origin.line + 1}.` });
        return;
      }
      const plan = planSourceEdits(document.getText(), report.finding, values);
      if (plan.edits.length === 0) {
        const why = plan.skipped.length ? ` (${plan.skipped.join('; ')})` : '';
        await this.post({ type: 'applyResult', ok: plan.skipped.length === 0, message: `Nothing to change${why}.` });
        return;
      }
      const edit = new vscode.WorkspaceEdit();
      for (const planned of plan.edits) {
        const { start, end } = planned.range;
        edit.replace(document.uri, new vscode.Range(start.line, start.character, end.line, end.character), planned.newText);
      }
      const applied = await vscode.workspace.applyEdit(edit);
      const skipped = plan.skipped.length ? ` Not changed: ${plan.skipped.join('; ')}.` : '';
      await this.post({ type: 'applyResult', ok: applied, message: applied ? `Applied ${plan.changed.join(', ')} (undo with Ctrl+Z).${skipped}` : 'The edit was not applied.' });
      if (applied) await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preserveFocus: true });
    } catch (error) {
      await this.post({ type: 'applyResult', ok: false, message: `Could not apply: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  dispose(): void {
    if (DesignerPanel.current === this) DesignerPanel.current = undefined;
    this.panel.dispose();
    while (this.disposables.length) this.disposables.pop()?.dispose();
  }
}

/** How far (in lines) the originating configuration may have moved since the designer opened on it. */
const ORIGIN_MAX_DRIFT_LINES = 50;

/**
 * The report of the configuration the designer came from: at its position, else the nearest with the same
 * recogniser within ORIGIN_MAX_DRIFT_LINES (edits above it move it; farther away it is another filter).
 */
function findOriginReport(store: ReportStore, document: vscode.TextDocument, origin: DesignerOrigin): FilterReport | undefined {
  const exact = store.reportAt(document, new vscode.Position(origin.line, origin.character));
  if (exact) return exact;
  const drift = (r: FilterReport): number => Math.abs(r.finding.range.start.line - origin.line);
  const candidates = store.reportsFor(document).filter((r) => r.finding.recognizer === origin.recognizer && drift(r) <= ORIGIN_MAX_DRIFT_LINES);
  candidates.sort((a, b) => drift(a) - drift(b));
  return candidates[0];
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

function configureWebview(webview: vscode.Webview, extensionUri: vscode.Uri): void {
  webview.options = webviewOptions(extensionUri);
}

async function exportReport(markdown: string, images: readonly { name: string; dataUrl: string }[]): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    title: 'Export the Bloom Lens design report',
    filters: { Markdown: ['md'] },
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, 'bloom-filter-design.md') } : {}),
  });
  if (!target) return;
  const directory = vscode.Uri.joinPath(target, '..');
  const base = target.path.split('/').pop()!.replace(/\.md$/i, '');
  let text = markdown;
  for (const image of images) {
    const fileName = `${base}-${image.name}`;
    const bytes = base64Bytes(image.dataUrl.slice(image.dataUrl.indexOf(',') + 1));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(directory, fileName), bytes);
    text = text.split(`](${image.name})`).join(`](${fileName})`);
  }
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  void vscode.window.showInformationMessage(`Bloom Lens: report written to ${vscode.workspace.asRelativePath(target)}.`);
}

/** The state for the designer opened on the configuration at a location (undefined when there is none). */
async function stateAt(store: ReportStore, uri: vscode.Uri, position: vscode.Position): Promise<DesignerState | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const report = store.reportAt(document, position);
  return report ? stateForReport(report, document.uri.toString()) : undefined;
}

/** Registers the designer panel, its commands and its serializer. */
export function registerDesigner(context: vscode.ExtensionContext, store: ReportStore): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('bloomLens.openDesigner', async (argument?: unknown) => {
      const checked = validateOpenArgument(argument);
      if (!checked.ok) {
        log(`bloomLens.openDesigner: ignored the argument (${checked.reason})`);
        DesignerPanel.show(context, store, undefined);
        return;
      }
      let state: DesignerState | undefined;
      if (checked.value) {
        const { uri, line, character, section, n, p } = checked.value;
        state = await stateAt(store, vscode.Uri.parse(uri, true), new vscode.Position(line, character)).catch((error: unknown) => {
          log(`could not read the configuration at ${uri}:${line + 1}: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        });
        if (!state) void vscode.window.showWarningMessage('Bloom Lens: no Bloom filter configuration was found there; opening a blank design.');
        else if (section) state = withComparisonPoint(state, n, p);
      }
      DesignerPanel.show(context, store, state, checked.value?.section);
    }),
    vscode.commands.registerCommand('bloomLens.openDesignerAtCursor', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        DesignerPanel.show(context, store, undefined);
        return;
      }
      const report = store.reportAt(editor.document, editor.selection.active);
      if (!report) void vscode.window.showInformationMessage('Bloom Lens: the cursor is not on a detected Bloom filter configuration; opening a blank design.');
      DesignerPanel.show(context, store, report ? stateForReport(report, editor.document.uri.toString()) : undefined);
    }),
    vscode.window.registerWebviewPanelSerializer(DESIGNER_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, saved: unknown): Promise<void> {
        const checked = validateState(saved);
        if (!checked.ok && saved !== undefined) log(`restoring the designer: ignored the saved state (${checked.reason})`);
        DesignerPanel.restore(panel, context, store, checked.ok ? checked.value : { version: STATE_VERSION, inputs: DEFAULT_INPUTS });
      },
    }),
    { dispose: () => DesignerPanel.current?.dispose() },
  );
}

/** Decodes base64 without node's Buffer (the browser host has none). */
function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
