/** Pasted URLs of the popular web calculator: `https://hur.st/bloomfilter/?n=1000000&p=1.0E-7&m=&k=`. */
import { checks } from '../engine';
import type { Recognizer } from '../recognizer';
import { builder } from './helpers';

const SIZE_WITH_UNIT = /^([0-9]+(?:\.[0-9]+)?)\s*([kmgt])(i?)([bB])$/i;

/** hur.st accepts sizes like `1MB`, `64KiB`, `8Mb`: bytes (B) or bits (b), decimal or binary prefixes. */
function sizeInBits(text: string): number | undefined {
  const match = SIZE_WITH_UNIT.exec(text.trim());
  if (!match) return undefined;
  const power = 'kmgt'.indexOf(match[2].toLowerCase()) + 1;
  const base = match[3] ? 1024 : 1000;
  return Number(match[1]) * base ** power * (match[4] === 'B' ? 8 : 1);
}

export const calculatorUrl: Recognizer = {
  ids: ['calculator.url'],
  needles: ['bloomfilter'],
  pattern: /bloomfilter\/?\?/gi,
  match(ctx, match, at) {
    const text = ctx.text;
    let start = at;
    while (start > 0 && at - start < 200 && !/[\s"'<>()`]/.test(text[start - 1])) start--;
    if (!/^https?:\/\//i.test(text.slice(start, start + 8))) return undefined;
    let end = at + match[0].length;
    while (end < text.length && end - at < 400 && !/[\s"'<>()`]/.test(text[end])) end++;
    while (end > at && /[.,;:!?*\]]/.test(text[end - 1])) end--; // sentence punctuation after a pasted link
    // `&amp;` (a link in HTML, XML or Markdown that escapes it) separates fields too: without this k=4 was lost
    const query = text.slice(at + match[0].length, end).replace(/&(?:amp|#0*38|#x0*26);/gi, '&').replace(/#.*$/, '');
    const fields = new Map<string, string>();
    for (const part of query.split('&')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      let value = part.slice(eq + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        continue;
      }
      fields.set(part.slice(0, eq).toLowerCase(), value.trim());
    }
    const b = builder(ctx, 'calculator.url', 'Bloom filter calculator link', start, end);
    const eval_ = ctx.configEval;
    const n = fields.get('n');
    const p = fields.get('p');
    const m = fields.get('m');
    const k = fields.get('k');
    if (n) b.argument('n', n, { kind: 'config', eval: eval_, check: checks.positiveInteger('n') });
    if (p) {
      const oneIn = /^1\s+in\s+(.+)$/i.exec(p);
      b.argument('p', oneIn ? `1/(${oneIn[1]})` : p, { kind: 'config', eval: eval_, check: checks.probability('p') });
    }
    if (m) {
      const bits = sizeInBits(m);
      if (bits !== undefined) b.set('m', Math.ceil(bits), { kind: 'config', text: m });
      else b.argument('m', m, { kind: 'config', eval: eval_, check: checks.positiveInteger('m') });
    }
    if (k) b.argument('k', k, { kind: 'config', eval: eval_, check: checks.positiveInteger('k') });
    const d = b.draft;
    if (d.params.n === undefined && d.params.p === undefined && d.params.m === undefined && d.params.k === undefined && d.invalid.length === 0) return undefined;
    return b.build();
  },
};
