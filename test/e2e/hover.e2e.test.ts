import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { exactFalsePositiveRate } from '../../src/core/classic';
import { formatProbability } from '../../src/analysis/format';
import { captureFailures, openWorkbench, REPO_ROOT, Workbench } from './workbench';

describe('e2e: the workbench shows our hover to a real mouse', function () {
  this.timeout(900_000); // a hang guard: each wait inside has its own
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench(path.join(REPO_ROOT, 'test/integration/workspace'));
  });

  captureFailures(() => workbench);

  after(async () => {
    await workbench?.close();
  });

  it('hovering the annotation shows the exact false-positive rate', async () => {
    await workbench.openFile('annotated.txt');
    const text = await workbench.hoverOverText('bloom-lens:');
    await workbench.screenshot('e2e-hover-annotation');
    assert.match(text, /Bloom Lens/);
    assert.ok(text.includes(formatProbability(exactFalsePositiveRate(9585059, 1000000, 7))), text);
    assert.match(text, /FP at capacity \(exact\)/);
  });
});
