/** The few assertions the web suite needs (node's assert module does not exist in the web worker host). */
export class AssertionError extends Error {}

export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (actual !== expected) throw new AssertionError(message ?? `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function match(text: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(text)) throw new AssertionError(message ?? `expected ${pattern} in:\n${text}`);
}

export function doesNotMatch(text: string, pattern: RegExp, message?: string): void {
  if (pattern.test(text)) throw new AssertionError(message ?? `expected no ${pattern} in:\n${text}`);
}
