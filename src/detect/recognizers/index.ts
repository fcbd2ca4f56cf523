/** Every recogniser, in the order they run. */
import type { Recognizer } from '../recognizer';
import { JVM_RECOGNIZERS } from './jvm';
import { LIBRARY_RECOGNIZERS } from './libraries';
import { NATIVE_RECOGNIZERS } from './native';
import { REDIS_RECOGNIZERS } from './redis';
import { REDIS_CUCKOO_RECOGNIZERS } from './redisCuckoo';
import { SQL_RECOGNIZERS } from './sql';
import { calculatorUrl } from './url';
import { genericNamed } from './generic';
import { EXTRA_RECOGNIZERS } from './extra';
import { DECLARED_RECOGNIZERS } from './declared';

export const RECOGNIZERS: readonly Recognizer[] = [
  ...JVM_RECOGNIZERS,
  ...LIBRARY_RECOGNIZERS,
  ...REDIS_RECOGNIZERS,
  ...REDIS_CUCKOO_RECOGNIZERS,
  ...NATIVE_RECOGNIZERS,
  ...SQL_RECOGNIZERS,
  ...EXTRA_RECOGNIZERS,
  ...DECLARED_RECOGNIZERS,
  calculatorUrl,
  genericNamed,
];

/** Every stable recogniser id (plus "annotation"). */
export const RECOGNIZER_IDS: readonly string[] = ['annotation', ...new Set(RECOGNIZERS.flatMap((r) => r.ids))];
