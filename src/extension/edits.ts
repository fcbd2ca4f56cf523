/** Pure helpers for the edits quick fixes and commands make: numbers in the code's own style, annotations. */

/** Writes a number as source text, keeping a type suffix of the text it replaces (`1000L`, `0.01f`). */
export function numberAsSource(value: number, previousText?: string): string {
  const suffix = previousText !== undefined ? (/[0-9.](([uU]?[lL]{1,2})|[fFdD])$/.exec(previousText.trim())?.[1] ?? '') : '';
  const body = Number.isInteger(value) ? String(value) : Number(value.toPrecision(6)).toString();
  return body + suffix;
}

const COMMENT_STYLE: Record<string, readonly [string, string]> = {
  python: ['#', ''], yaml: ['#', ''], toml: ['#', ''], shellscript: ['#', ''], ruby: ['#', ''], perl: ['#', ''],
  properties: ['#', ''], r: ['#', ''], dockerfile: ['#', ''], makefile: ['#', ''], plaintext: ['#', ''],
  sql: ['--', ''], lua: ['--', ''], haskell: ['--', ''],
  ini: [';', ''],
  xml: ['<!--', ' -->'], html: ['<!--', ' -->'], markdown: ['<!--', ' -->'],
  css: ['/*', ' */'],
};

/** The comment that carries a `bloom-lens:` annotation in this language. */
export function annotationComment(languageId: string, body: string): string {
  const [open, close] = COMMENT_STYLE[languageId] ?? ['//', ''];
  return `${open} bloom-lens: ${body}${close}`;
}

/** An annotation value: up to white space, a comma or a semicolon, never into a closing comment marker. */
const ANNOTATION_VALUE = String.raw`(?:(?!-->|\*\/)[^\s,;])+`;

/**
 * Sets `key=value` pairs in the `bloom-lens:` annotation of a line (only after the marker, so code before
 * it is never touched): replaces existing keys, appends the others before any closing comment marker.
 * Returns the line unchanged when it has no annotation.
 */
export function setAnnotationValues(line: string, values: Readonly<Record<string, string>>): string {
  const marker = line.indexOf('bloom-lens:');
  if (marker < 0) return line;
  const head = line.slice(0, marker + 'bloom-lens:'.length);
  let body = line.slice(head.length);
  const missing: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const pattern = new RegExp(`(^|[\\s,;])(${key}\\s*=\\s*)${ANNOTATION_VALUE}`);
    if (pattern.test(body)) body = body.replace(pattern, (_all, lead: string, assign: string) => `${lead}${assign}${value}`);
    else missing.push(`${key}=${value}`);
  }
  if (missing.length > 0) {
    const close = /\s*(\*\/|-->)\s*$/.exec(body);
    const open = close ? body.slice(0, close.index) : body.replace(/\s+$/, '');
    body = `${open} ${missing.join(' ')}${close ? close[0] : ''}`;
  }
  return head + body;
}
