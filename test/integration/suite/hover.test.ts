import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { bloomFalsePositiveRate, exactFalsePositiveRate } from '../../../src/core/classic';
import { formatProbability } from '../../../src/analysis/format';

const workspace = path.resolve(__dirname, '../../../../test/integration/workspace');

async function hoverText(file: string, position: vscode.Position): Promise<string> {
  const document = await vscode.workspace.openTextDocument(path.join(workspace, file));
  await vscode.window.showTextDocument(document);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

describe('hover over a bloom-lens annotation', () => {
  it('activates the extension', async () => {
    const extension = vscode.extensions.getExtension('bloom-lens.bloom-lens');
    assert.ok(extension, 'the extension is installed in the development host');
    const api = (await extension.activate()) as { activationMs: number; host: string };
    assert.equal(extension.isActive, true);
    assert.equal(api.host, 'node');
    (globalThis as { bloomLensReport?: (line: string) => void }).bloomLensReport?.(`activate() took ${api.activationMs} ms`);
  });

  it('shows the exact and Bloom false-positive rates computed by the core', async () => {
    const text = await hoverText('annotated.txt', new vscode.Position(2, 12));
    assert.match(text, /Bloom Lens/);
    const exact = formatProbability(exactFalsePositiveRate(9585059, 1000000, 7));
    const bloom = formatProbability(bloomFalsePositiveRate(9585059, 1000000, 7));
    assert.ok(text.includes(`FP at capacity (exact) | ${exact} (Bloom's formula: ${bloom})`), `hover has the exact FP ${exact} and Bloom's ${bloom}:\n${text}`);
    assert.match(text, /9\.59 Mbit/);
  });

  it('works in an HTML comment in Markdown too', async () => {
    const text = await hoverText('notes.md', new vscode.Position(2, 20));
    assert.match(text, /Bloom Lens/);
    assert.ok(text.includes(formatProbability(exactFalsePositiveRate(9585059, 1000000, 7))), text);
  });

  it('shows nothing on the prose around it', async () => {
    const text = await hoverText('annotated.txt', new vscode.Position(0, 5));
    assert.doesNotMatch(text, /Bloom Lens/);
  });
});
