/**
 * "Same job, other filters" in a real workbench (issue 19 items 3 and 4): the demo's RocksDB filter (10 bits/key)
 * gets a "smaller: Ribbon" CodeLens and hover row; the hover's link opens the designer at the section with the
 * finding's n and p; the table there holds compareStructures' rows at that n and p, the three questions filter it,
 * the chart is drawn, and absurd input gives a message, not NaN. Screenshot: e2e-designer-alternatives.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { analyzeFinding } from '../../src/analysis/analyze';
import { alternativeRequest } from '../../src/analysis/alternatives';
import { compareStructures } from '../../src/core/compareStructures';
import { detectConfigs } from '../../src/detect';
import type { FilterNeeds } from '../../src/libraries/alternatives';
import { alternativesTableRows } from '../../webview/alternatives';
import { captureFailures, designerFrame, eventually, expectAttribute, expectText, expectValue, hoverOn, openWorkbench, REPO_ROOT, Workbench, UI_TIMEOUT_MS } from './workbench';

/** The table's rows as "structure | bits/key | libraries", one per line. */
async function tableText(frame: Frame): Promise<string> {
  return frame.evaluate(() => Array.from(document.querySelectorAll('#alternatives tbody tr'))
    .map((tr) => Array.from(tr.children).map((cell) => cell.textContent ?? '')).map((cells) => `${cells[0]} | ${cells[1]} | ${cells[7]}`).join('\n'));
}

describe('e2e: same job, other filters (hover row, lens, designer section)', function () {
  this.timeout(900_000); // a hang guard: each wait inside has its own
  let workbench: Workbench;
  const folder = mkdtempSync(path.join(tmpdir(), 'bloom-lens-alternatives-'));
  // What the core says for the demo's RocksDB filter, computed here by the same code the extension runs.
  const source = readFileSync(path.join(REPO_ROOT, 'demo/workspace/rocks.cc'), 'utf8');
  const request = alternativeRequest(analyzeFinding(detectConfigs(source, { languageId: 'cpp', fileName: 'rocks.cc' })[0]))!;
  const rows = compareStructures(request.n, request.p);
  const expected = (needs: FilterNeeds): string => alternativesTableRows(rows, needs, 'c-cpp').map((cells) => `${cells[0]} | ${cells[1]} | ${cells[7]}`).join('\n');

  before(async () => {
    cpSync(path.join(REPO_ROOT, 'demo/workspace'), folder, { recursive: true });
    workbench = await openWorkbench(folder, { 'workbench.colorTheme': 'Default Dark Modern' });
  });
  after(async () => workbench?.close());
  captureFailures(() => workbench);

  it('says "smaller: RocksDB Ribbon" for RocksDB at 10 bits/key, and opens the designer at the comparison', async () => {
    const page = workbench.page;
    assert.equal(request.n, 1_000_000);
    await workbench.openFile('rocks.cc');
    // The lens gets the row once the extension's worker has compared the other filters.
    await expectText(page.locator('.codelens-decoration', { hasText: 'Bloom:' }).first(), /· smaller: Ribbon −29% · Open designer$/);
    await hoverOn(page, 'NewBloomFilterPolicy', 'NewBloomFilterPolicy');
    // The diagnostic's part of the hover may come first ("Loading..."): wait for the filter's part.
    const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first();
    await expectText(hover, /smaller\s+RocksDB Ribbon, 7\.1 bits\/key \(−29%\), same FP at 1e6 keys · compare/);
    const link = page.locator('.monaco-hover:not(.hidden) a', { hasText: /^compare$/ }).first();
    await link.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await link.click();

    const frame = await designerFrame(page);
    await frame.waitForFunction(() => document.body.dataset.section === 'alternatives', undefined, { timeout: UI_TIMEOUT_MS });
    // The finding's n (assumed: the code states bits per key only) and its delivered rate.
    await expectValue(frame.locator('#input-n input'), '1000000');
    await expectValue(frame.locator('#input-p input'), String(request.p));
    await expectAttribute(frame.locator('#alternatives-section'), 'aria-labelledby', 'alternatives-heading');
    const inView = await frame.evaluate(() => {
      const box = document.getElementById('alternatives-heading')!.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight;
    });
    assert.ok(inView, 'the panel opened scrolled to the section');

    // Every structure at this n and p, with the C/C++ libraries (rocks.cc), as compareStructures gives them.
    await eventually(() => tableText(frame), expected({ insertsAfterBuild: false, deletes: false, growing: false }), 'the table at n = 1e6 and the finding\'s p');
    await expectText(frame.locator('#alternatives-status'), '12 structures fit, for n = 1.00M keys at p = 0.966%.');
    await expectAttribute(frame.locator('#alternatives-status'), 'title', `n = 1000000, p = ${request.p}`);
    // As a person would: the mouse over to the panel's lower part (the editor's hover, which may cover its top, closes).
    const section = await frame.locator('#alternatives-section').boundingBox();
    if (section) await page.mouse.move(section.x + 8, page.viewportSize()!.height - 40, { steps: 4 });
    await page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first().waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await workbench.screenshot('e2e-designer-alternatives');
    // The chart below the table is drawn when it scrolls into view, with its text alternative.
    await frame.locator('#chart-alternatives').scrollIntoViewIfNeeded();
    await frame.waitForFunction(() => Number(document.querySelector('figure[data-chart="alternatives"]')?.getAttribute('data-draws') ?? '0') > 0, undefined, { timeout: UI_TIMEOUT_MS });
    await expectText(frame.locator('#chart-alternatives-summary'), /^Memory per key each structure that fits needs .* at n = 1\.00M; your design: [\d.]+ bits\/key at 0\.9\d+%\. At p = 0\.\d+% the smallest is the Ribbon \(RocksDB Standard128Ribbon\), [\d.]+ bits\/key\./);
    await expectAttribute(frame.locator('#chart-alternatives'), 'aria-label', 'Bits per key vs false-positive rate, n = 1.00M');
    await workbench.screenshot('e2e-designer-alternatives-chart');

    // The three questions: each leaves out what cannot do it.
    await frame.locator('#alternatives-insertsAfterBuild').click();
    await eventually(() => tableText(frame), expected({ insertsAfterBuild: true, deletes: false, growing: false }), 'keys added after the build: no static structure');
    assert.doesNotMatch(await tableText(frame), /Ribbon|XOR|fuse/);
    await frame.locator('#alternatives-deletes').click();
    await eventually(() => tableText(frame), expected({ insertsAfterBuild: true, deletes: true, growing: false }), 'deletes too: cuckoo, quotient, counting Bloom');
    await frame.locator('#alternatives-insertsAfterBuild').click();
    await frame.locator('#alternatives-deletes').click();
    await frame.locator('#alternatives-growing').click();
    await eventually(() => tableText(frame), expected({ insertsAfterBuild: false, deletes: false, growing: true }), 'n growing: no static structure');
    await expectText(frame.locator('#alternatives'), /when n grows: doubles \(the CQF resizes\)/);

    // Absurd input: a message in words, no NaN anywhere in the section.
    const n = frame.locator('#input-n input');
    await n.fill('0');
    await frame.locator('#alternatives-status').scrollIntoViewIfNeeded(); // typing scrolled to the field; the section draws when in view
    await expectText(frame.locator('#alternatives-status'), /^No comparison: n must be at least 1\.$/);
    await eventually(() => frame.locator('#alternatives-section').innerText(), /^(?![\s\S]*(?:NaN|Infinity|undefined))[\s\S]*No comparison: n must be at least 1/, 'the section in words, no NaN anywhere');
    await n.fill('1000000');
    await frame.locator('#alternatives-status').scrollIntoViewIfNeeded();
    await eventually(() => tableText(frame), expected({ insertsAfterBuild: false, deletes: false, growing: true }), 'the table again after a valid n');
  });
});
