import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { captureFailures, expectText, openWorkbench, REPO_ROOT, Workbench, UI_TIMEOUT_MS } from './workbench';

describe('e2e: CodeLens, warnings with quick fixes and commands in the workbench', function () {
  this.timeout(900_000); // a hang guard: each wait inside has its own
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench(path.join(REPO_ROOT, 'test/integration/workspace'));
  });

  captureFailures(() => workbench);

  after(async () => {
    await workbench?.close();
  });

  it('shows the CodeLens line above a Guava config', async () => {
    await workbench.openFile('Sessions.java');
    const lens = workbench.page.locator('.codelens-decoration', { hasText: 'Bloom:' }).first();
    await lens.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await expectText(lens, /Bloom: 9\.59 Mbit, k=7, FP 1\.004% \(avg [0-9.]+%\) · Open designer/);
    await workbench.screenshot('e2e-codelens');
  });

  it('underlines a worst-case-sized recycling filter and offers the average-case quick fix', async () => {
    const { page } = workbench;
    await workbench.openFile('gateway.go');
    // The BL003 warning squiggle appears once the worker's capacity comparison is in.
    await page.locator('.squiggly-warning').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const text = await workbench.hoverOverText('bloom.New(1000000', 'New');
    assert.match(text, /Sized for the worst case/);
    assert.match(text, /Bloom Lens\(BL003\)/);
    await workbench.screenshot('e2e-warning-hover');
    // Put the cursor on the config and open the quick-fix menu (Ctrl+.).
    await page.locator('.monaco-editor .view-lines .view-line', { hasText: 'bloom.New(1000000' }).first().locator('span span', { hasText: /^New$/ }).first().click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget');
    await menu.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await expectText(menu, /Recycle after \d+ messages \(average-case sizing at 1\.00%\)/);
    await workbench.screenshot('e2e-quick-fix');
    await page.keyboard.press('Escape');
  });

  it('runs Scan Workspace from the command palette and lists the filters', async () => {
    const { page } = workbench;
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await input.fill('>Bloom Lens: Scan Workspace');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Scan Workspace for Bloom Filters' }).first().waitFor({ timeout: UI_TIMEOUT_MS });
    await page.keyboard.press('Enter');
    const toast = page.locator('.notifications-toasts', { hasText: /Bloom filter configurations? in \d+ file/ });
    await toast.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const message = await expectText(toast, /(\d+) Bloom filter configuration/);
    await workbench.screenshot('e2e-scan-workspace');
    const count = Number(/(\d+) Bloom filter configuration/.exec(message)?.[1]);
    assert.ok(count >= 7, message);
  });
});
