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

/**
 * Sets `key=value` pairs in an annotation line: replaces existing keys, appends the others before any
 * closing comment marker. Returns the new line.
 */
export function setAnnotationValues(line: string, values: Readonly<Record<string, string>>): string {
  let result = line;
  const missing: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const pattern = new RegExp(`(\\b${key}\\s*=\\s*)[^\\s,;*>-]+`);
    if (pattern.test(result)) result = result.replace(pattern, `$1${value}`);
    else missing.push(`${key}=${value}`);
  }
  if (missing.length === 0) return result;
  const close = /\s*(\*\/|-->)\s*$/.exec(result);
  const body = close ? result.slice(0, close.index) : result.replace(/\s+$/, '');
  return `${body} ${missing.join(' ')}${close ? close[0] : ''}`;
}
