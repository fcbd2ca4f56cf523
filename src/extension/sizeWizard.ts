/**
 * "Size a Filter...": a short quick-input wizard. What do you know? -> the values -> the solved design ->
 * a snippet for a chosen library, inserted at the cursor (or copied when no editor is open).
 * Every step can also be answered through the command's argument (used by tests and keybindings).
 */
import * as vscode from 'vscode';
import { formatBits, formatBytes, formatCount, formatProbability } from '../analysis/format';
import { exactFalsePositiveRate, maxElementsForBitsAndRate, sizeForElementsAndRate, sizeForElementsRateAndK, bestIntegerK } from '../core/classic';
import { parseBits, parseCount, parseHashes, parseProbability, Parsed } from '../analysis/units';
import { SNIPPET_LIBRARIES, snippetFor, SnippetDesign } from '../libraries';

type Known = 'np' | 'mp' | 'mn' | 'npk';

export interface SizeAnswers {
  readonly known?: Known;
  readonly n?: string;
  readonly p?: string;
  readonly m?: string;
  readonly k?: string;
  readonly library?: string;
}

const KNOWN: readonly { id: Known; label: string; detail: string; fields: readonly ('n' | 'p' | 'm' | 'k')[] }[] = [
  { id: 'np', label: 'Elements and false-positive rate', detail: 'n and p known: how much memory, which k?', fields: ['n', 'p'] },
  { id: 'mp', label: 'Memory and false-positive rate', detail: 'm and p known: how many elements fit?', fields: ['m', 'p'] },
  { id: 'mn', label: 'Memory and elements', detail: 'm and n known: best k and the false-positive rate', fields: ['m', 'n'] },
  { id: 'npk', label: 'Elements, false-positive rate and a fixed k', detail: 'n, p and k known: how much memory?', fields: ['n', 'p', 'k'] },
];

const FIELD_PROMPTS: Record<'n' | 'p' | 'm' | 'k', { prompt: string; placeholder: string; parse: (text: string) => Parsed }> = {
  n: { prompt: 'Expected number of elements n', placeholder: 'e.g. 1e6, 1M, 250k', parse: (t) => parseCount(t, 'n') },
  p: { prompt: 'Target false-positive rate p', placeholder: 'e.g. 0.01, 1%, 1 in 1000', parse: (t) => parseProbability(t, 'p') },
  m: { prompt: 'Memory m', placeholder: 'bits, or with a unit: 1e7, 64 KiB, 8 Mbit', parse: (t) => parseBits(t, 'm') },
  k: { prompt: 'Number of hash functions k', placeholder: '1 to 64', parse: (t) => parseHashes(t, 64) },
};

/** Solves the design for what is known (exact model throughout). */
export function solveDesign(known: Known, values: Partial<Record<'n' | 'p' | 'm' | 'k', number>>): SnippetDesign {
  const { n, p, m, k } = values as Record<'n' | 'p' | 'm' | 'k', number>;
  switch (known) {
    case 'np': { const s = sizeForElementsAndRate(n, p); return { n, p, mBits: s.mBits, k: s.k }; }
    case 'mp': { const s = maxElementsForBitsAndRate(m, p); return { n: s.n, p, mBits: m, k: s.k }; }
    case 'mn': { const b = bestIntegerK(m, n); return { n, p: b.falsePositiveRate, mBits: m, k: b.k }; }
    case 'npk': { const s = sizeForElementsRateAndK(n, p, k); return { n, p, mBits: s.mBits, k }; }
  }
}

async function askValue(field: 'n' | 'p' | 'm' | 'k', step: number, steps: number, given?: string): Promise<number | undefined> {
  const spec = FIELD_PROMPTS[field];
  if (given !== undefined) {
    const parsed = spec.parse(given);
    if (!parsed.ok || parsed.value === undefined) throw new Error(`${field}: ${parsed.ok ? 'missing' : parsed.reason}`);
    return parsed.value;
  }
  const text = await vscode.window.showInputBox({
    title: `Bloom Lens: Size a Filter (${step}/${steps})`, prompt: spec.prompt, placeHolder: spec.placeholder, ignoreFocusOut: true,
    validateInput: (t) => { const r = spec.parse(t); return !r.ok ? r.reason : r.value === undefined ? 'A value is needed' : undefined; },
  });
  if (text === undefined) return undefined;
  const parsed = spec.parse(text);
  return parsed.ok ? parsed.value : undefined;
}

/** Runs the wizard; returns the design and the snippet inserted or copied (undefined when dismissed). */
export async function sizeFilterWizard(answers: SizeAnswers = {}): Promise<{ design: SnippetDesign; snippet: string } | undefined> {
  const knownPick = answers.known
    ? KNOWN.find((k) => k.id === answers.known)
    : await vscode.window.showQuickPick(KNOWN.map((k) => ({ ...k, description: k.fields.join(', ') })), {
      title: 'Bloom Lens: Size a Filter (1/4) — what do you know?', ignoreFocusOut: true,
    });
  if (!knownPick) return undefined;
  const values: Partial<Record<'n' | 'p' | 'm' | 'k', number>> = {};
  const steps = knownPick.fields.length + 2;
  for (const [index, field] of knownPick.fields.entries()) {
    const value = await askValue(field, index + 2, steps, answers[field]);
    if (value === undefined) return undefined;
    values[field] = value;
  }
  let design: SnippetDesign;
  try {
    design = solveDesign(knownPick.id, values);
  } catch (error) {
    void vscode.window.showErrorMessage(`Bloom Lens: ${(error as Error).message}`);
    return undefined;
  }
  const exact = exactFalsePositiveRate(design.mBits, design.n, design.k);
  const summary = `n = ${formatCount(design.n)}, m = ${formatBits(design.mBits)} (${formatBytes(design.mBits / 8)}), k = ${design.k}, exact FP ${formatProbability(exact)}`;
  const libraryPick = answers.library
    ? SNIPPET_LIBRARIES.find((l) => l.id === answers.library)
    : await vscode.window.showQuickPick(SNIPPET_LIBRARIES.map((l) => ({ label: l.label, id: l.id })), {
      title: `Bloom Lens: Size a Filter (${steps}/${steps}) — ${summary}`, placeHolder: 'Insert a snippet for which library?', ignoreFocusOut: true,
    });
  if (!libraryPick) return undefined;
  const snippet = snippetFor(libraryPick.id, design);
  const editor = vscode.window.activeTextEditor;
  const inserted = editor !== undefined && await editor.edit((edit) => edit.insert(editor.selection.active, snippet + '\n'));
  if (!inserted) { // no editor, or a read-only one
    await vscode.env.clipboard.writeText(snippet);
    void vscode.window.showInformationMessage(`Bloom Lens: ${summary}. The snippet is on the clipboard.`);
  }
  return { design, snippet };
}
