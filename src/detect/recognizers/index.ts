/** Every recogniser, in the order they run. */
import type { Recognizer } from '../recognizer';

export const RECOGNIZERS: readonly Recognizer[] = [];
