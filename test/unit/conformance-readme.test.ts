/**
 * The README's "Verified against the running libraries" table is written by `npm run conformance` from
 * test/conformance/verified.json: the committed section must be exactly what that record renders, so a
 * hand edit (or a run whose record was not committed) fails here.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { committedVerifiedSection, renderVerifiedTable, replaceVerifiedSection, VerifiedLibrary } from '../conformance/readme';
import { BEYOND_LIBRARIES } from '../conformance/beyondLibraries';
import { LIBRARIES } from '../conformance/libraries';

const ROOT = resolve(__dirname, '../../..');
const verified = JSON.parse(readFileSync(join(ROOT, 'test/conformance/verified.json'), 'utf8')) as VerifiedLibrary[];
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README: the conformance table is generated from the last run', () => {
  it('the committed README section equals what test/conformance/verified.json renders', () => {
    assert.equal(committedVerifiedSection(readme), renderVerifiedTable(verified));
  });

  it('every library the suite runs has a recorded row, in the suite\'s order, and every recorded row passed or is a listed known issue', () => {
    assert.deepEqual(verified.map((library) => library.id), [...LIBRARIES, ...BEYOND_LIBRARIES].map((library) => library.id)); // the suite's order (main.ts)
    for (const library of verified) assert.ok(['PASS', 'XFAIL', 'PENDING'].includes(library.status), `${library.id}: ${library.status}`);
  });

  it('rewriting the section is idempotent and keeps the text around it', () => {
    const once = replaceVerifiedSection(readme, renderVerifiedTable(verified));
    assert.equal(once, readme);
    const changed = replaceVerifiedSection(readme, 'x');
    assert.equal(committedVerifiedSection(changed), 'x');
    assert.equal(changed.slice(0, 200), readme.slice(0, 200));
  });

  it('a refusal is shown with the library\'s own message, and a mismatch would be visible', () => {
    const table = renderVerifiedTable([{
      id: 'demo', name: 'demo lib', status: 'FAIL', tolerance: 0.02,
      configs: [{ label: 'a', status: 'PASS', mAgree: true, kAgree: true, fpOurs: 0.01, fpMeasured: 0.0101 }, { label: 'b', status: 'FAIL', refused: 'too big' }],
    }]);
    assert.match(table, /\| demo lib \| a; b \| equal \(1 of 1\) \| 1% \/ 1\.01% \| 1: "too big" \(MISMATCH\) \| 2% \| FAIL \|/);
  });
});
