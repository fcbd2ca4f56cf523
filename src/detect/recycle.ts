/**
 * Plain count-guarded resets (ux.md "Recycling filters"): `if (count >= N) filter.clear()` / `.reset()`,
 * or the same filter re-created under such a guard, make the finding an N-bounded recycling filter.
 * Only the plain forms are recognised; anything else is left alone (add a `bloom-lens: recycle=n:N` annotation).
 */
import type { Draft, ScanContext } from './engine';
import { evaluateConstant } from './evaluate';

/** `if (counter >= N)` / `if counter > N:` / `if (n == N) {` (one line). */
const GUARD = /\bif\s*\(?\s*([A-Za-z_][\w.]*)(?:\s*\(\s*\))?\s*(>=|>|==)\s*([\w.*+\- <']{1,60}?)\s*\)?\s*(?:\{|:|then\b|\s|$)/;
const RESET = /\b([A-Za-z_][\w.]*)\s*\.\s*(?:clear|reset)\s*\(\s*\)/g;
const TARGET = /([A-Za-z_][\w.]*)\s*(?::\s*[\w<>[\], ]{1,60})?\s*:?=\s*(?:new\s+)?$/;

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

interface Guard {
  readonly messagesPerCycle: number;
  readonly text: string;
  readonly line: number;
}

function guardNear(ctx: ScanContext, line: number, sameLineBefore: number | undefined): Guard | undefined {
  const source = ctx.source;
  for (let l = line; l >= Math.max(0, line - 2); l--) {
    const start = source.lineStart(l);
    const end = l === line && sameLineBefore !== undefined ? sameLineBefore : source.lineEnd(l);
    const text = ctx.text.slice(start, end);
    const match = GUARD.exec(text);
    if (!match || !ctx.isCode(start + match.index)) continue;
    const bound = evaluateConstant(match[3], ctx.codeEval);
    if (!bound.ok || !Number.isInteger(bound.value) || bound.value < 1) return undefined;
    const messagesPerCycle = match[2] === '>' ? bound.value + 1 : bound.value;
    return { messagesPerCycle, text: match[0].trim(), line: l };
  }
  return undefined;
}

/** Adds n-bounded recycling to drafts whose filter is plainly reset after a counted number of insertions. */
export function inferCountGuardedResets(ctx: ScanContext, drafts: Draft[]): void {
  const candidates = drafts.filter((d) => !d.recycling && d.recognizer !== 'annotation');
  if (candidates.length === 0) return;
  const source = ctx.source;
  const targets = new Map<Draft, string>();
  for (const draft of candidates) {
    const line = source.lineOf(draft.start);
    const before = ctx.text.slice(source.lineStart(line), draft.start);
    const target = TARGET.exec(before);
    if (target) targets.set(draft, lastSegment(target[1]));
  }
  // Re-created under a guard: `if (count >= N) { filter = BloomFilter.create(...); count = 0; }`
  for (const [draft] of targets) {
    const line = source.lineOf(draft.start);
    const guard = guardNear(ctx, line, draft.start);
    if (guard) {
      draft.recycling = { kind: 'n-bounded', messagesPerCycle: guard.messagesPerCycle };
      draft.notes.push(`re-created after ${guard.messagesPerCycle} insertions (\`${guard.text}\`, line ${guard.line + 1})`);
    }
  }
  if (!/\.\s*(?:clear|reset)\s*\(/.test(ctx.text)) return;
  RESET.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = RESET.exec(ctx.text)) !== null) {
    if (!ctx.isCode(match.index)) continue;
    const name = lastSegment(match[1]);
    const owners = [...targets].filter(([draft, target]) => target === name && !draft.recycling);
    if (owners.length === 0) continue;
    const guard = guardNear(ctx, source.lineOf(match.index), match.index);
    if (!guard) continue;
    for (const [draft] of owners) {
      draft.recycling = { kind: 'n-bounded', messagesPerCycle: guard.messagesPerCycle };
      draft.notes.push(`cleared after ${guard.messagesPerCycle} insertions (\`${guard.text}\`, line ${guard.line + 1})`);
    }
  }
}
