/** The shape of a recogniser: a keyword prefilter, a linear-time pattern and a matcher. */
import type { Draft, ScanContext } from './engine';

export interface Recognizer {
  /** Stable ids of the findings it can produce (documentation and tests). */
  readonly ids: readonly string[];
  /** Lower-case substrings; the pattern runs on a window only when one of them occurs in it. */
  readonly needles: readonly string[];
  /** A global (g) regex without nested quantifiers; each match is handed to `match`. */
  readonly pattern: RegExp;
  /** Whether it can match in this text at all (its languages, the import it requires): else its pattern is not run. */
  applies?(ctx: ScanContext): boolean;
  /** The pattern for this text, where it differs by the text's language (else `pattern`). */
  patternFor?(ctx: ScanContext): RegExp;
  /** Turns one pattern match (at absolute offset `at` in the text) into drafts, or none. */
  match(ctx: ScanContext, match: RegExpExecArray, at: number): Draft | readonly Draft[] | undefined;
}
