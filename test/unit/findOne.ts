/** The one finding of `recognizer` in a snippet, or a failed assertion listing what was found instead. */
import * as assert from 'node:assert/strict';
import { detectConfigs } from '../../src/detect/index';
import type { Finding } from '../../src/detect/types';

export function find(text: string, fileName: string, recognizer: string): Finding {
  const findings = detectConfigs(text, { fileName });
  const finding = findings.find((f) => f.recognizer === recognizer);
  assert.ok(finding, `no ${recognizer}: ${findings.map((f) => `${f.recognizer} ${JSON.stringify(f.params)}`).join('; ')}`);
  return finding;
}
