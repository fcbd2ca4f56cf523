import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { captureFailures, designerFrame, focusWorkbench, hoverOn, openWorkbench, REPO_ROOT, runCommand, Workbench } from './workbench';

/** Brings the designer's tab to the front if it is hidden behind another editor. */
async function showDesignerTab(page: Page): Promise<void> {
  const tab = page.locator('.tab', { hasText: 'Bloom Lens Designer' }).first();
  if (await tab.count()) await tab.click();
}

/** Number of distinct colours drawn on a canvas (a blank canvas has at most one). */
async function canvasColours(frame: Frame, id: string): Promise<number> {
  return frame.evaluate((canvasId) => {
    const canvas = document.getElementById(canvasId) as HTMLCanvasElement | null;
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 16) colours.add((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]);
    return colours.size;
  }, id);
}

/**
 * A keystroke's redraw (solve, answer strip, hints, and the first chart's update once its worker answers) may cost
 * at most this many plain updates of that chart. Measured on a 2-core machine at load ~10: 0.8 to 2.7 (the
 * pre-fix code, which rebuilt and redrew three charts on the main thread, about 20); the limit leaves 3x for noise.
 */
const REDRAW_RATIO_LIMIT = 8;

/** Waits until a chart has been drawn (scrolling it into view: charts off screen are drawn when they appear). */
async function chartDrawn(frame: Frame, id: string): Promise<void> {
  await frame.locator(`#chart-${id}`).scrollIntoViewIfNeeded();
  await frame.waitForFunction((chart) => Number(document.querySelector(`figure[data-chart="${chart}"]`)?.getAttribute('data-draws') ?? '0') > 0, id, { timeout: 30_000 });
}

/** Waits until no redraw is pending (the panel has drawn the last input). */
async function settled(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => document.body.dataset.redrawPending === 'false', undefined, { timeout: 30_000 });
}

/** Moves the mouse onto an element of the panel and waits until no editor hover covers the panel. */
async function moveMouseOnto(page: Page, frame: Frame, selector: string): Promise<void> {
  const box = await frame.locator(selector).boundingBox();
  if (box) await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 4 });
  await page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first().waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
}

async function setField(frame: Frame, key: string, value: string): Promise<void> {
  const input = frame.locator(`#input-${key} input`);
  await input.fill(value);
}

async function bodyData(frame: Frame, key: string): Promise<string | undefined> {
  return frame.evaluate((name) => document.body.dataset[name], key);
}

async function waitForBodyData(frame: Frame, key: string, value: string, timeout = 30_000): Promise<void> {
  await frame.waitForFunction(([name, wanted]) => document.body.dataset[name] === wanted, [key, value] as const, { timeout });
}

describe('e2e: the designer panel in a real VS Code', function () {
  this.timeout(240_000);
  let workbench: Workbench;
  let page: Page;
  const folder = mkdtempSync(path.join(tmpdir(), 'bloom-lens-designer-'));

  before(async () => {
    cpSync(path.join(REPO_ROOT, 'demo/workspace'), folder, { recursive: true });
    writeFileSync(path.join(folder, 'annotated.txt'), 'Session cache sizing.\n\n# bloom-lens: m=9585059 n=1000000 k=7 p=0.01\n\nThe gateway allocates the filter above.\n');
    workbench = await openWorkbench(folder, { 'workbench.colorTheme': 'Default Dark Modern' });
    page = workbench.page;
  });

  captureFailures(() => workbench);

  after(async () => {
    await workbench?.close();
  });

  it('opens from the palette, draws its charts and fills the table; a keystroke costs a small multiple of one chart update', async () => {
    await runCommand(page, 'Bloom Lens: Open Designer');
    const frame = await designerFrame(page);
    // Charts below the fold are drawn when they scroll into view.
    for (const id of ['items', 'k', 'paradox']) await chartDrawn(frame, id);
    for (const id of ['chart-items', 'chart-k', 'chart-paradox']) assert.ok(await canvasColours(frame, id) > 2, `${id} drew`);
    await frame.locator('#results').scrollIntoViewIfNeeded();
    await frame.waitForFunction(() => document.querySelectorAll('#results tbody tr').length >= 15);
    await frame.locator('#libraries').scrollIntoViewIfNeeded();
    await frame.waitForFunction(() => document.querySelectorAll('#libraries tbody tr').length >= 20);
    await frame.evaluate(() => window.scrollTo(0, 0));

    // M = 1e6 bits: type a new n keystroke by keystroke. Each redraw's cost is measured in the page and compared
    // with one plain update of the same chart, measured in the same page just before and after: no wall-clock
    // figure decides, only the ratio.
    await setField(frame, 'p', '');
    await setField(frame, 'k', '');
    await setField(frame, 'm', '1e6');
    await setField(frame, 'n', '');
    await settled(frame);
    const baselineBefore = await frame.evaluate(() => (window as unknown as { bloomLensBaseline(runs: number): number | undefined }).bloomLensBaseline(15));
    await frame.evaluate(() => { (window as unknown as { bloomLensTimings: number[] }).bloomLensTimings.length = 0; (window as unknown as { bloomLensLatencies: number[] }).bloomLensLatencies.length = 0; });
    await frame.locator('#input-n input').pressSequentially('100000', { delay: 60 });
    await settled(frame);
    const baselineAfter = await frame.evaluate(() => (window as unknown as { bloomLensBaseline(runs: number): number | undefined }).bloomLensBaseline(15));
    const timings = await frame.evaluate(() => [...(window as unknown as { bloomLensTimings: number[] }).bloomLensTimings]);
    const latencies = await frame.evaluate(() => [...(window as unknown as { bloomLensLatencies: number[] }).bloomLensLatencies]);
    assert.ok(baselineBefore !== undefined && baselineAfter !== undefined, 'the first chart is drawn');
    assert.ok(timings.length >= 1 && timings.length <= 6, `at most one redraw per keystroke: ${timings.length}`);
    const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const baseline = Math.max((baselineBefore! + baselineAfter!) / 2, 0.05); // 0.05 ms: about the timer's resolution in a webview
    const ratio = median(timings) / baseline;
    console.log(`      redraw breakdown (last keystroke, ms): ${await bodyData(frame, 'redrawBreakdown')}`);
    console.log(`      at M = 1e6: redraw median ${median(timings).toFixed(1)} ms (max ${Math.max(...timings).toFixed(1)}) over ${timings.length} redraws; `
      + `one chart update ${baselineBefore!.toFixed(1)} / ${baselineAfter!.toFixed(1)} ms; ratio ${ratio.toFixed(2)} (limit ${REDRAW_RATIO_LIMIT}); `
      + `keystroke-to-redraw latency median ${median(latencies).toFixed(1)} ms`);
    assert.ok(ratio <= REDRAW_RATIO_LIMIT, `a keystroke's redraw costs ${ratio.toFixed(2)} chart updates (limit ${REDRAW_RATIO_LIMIT})`);
    assert.equal(await frame.locator('#summary-m').innerText(), '1.00 Mbit (122 KiB)');
    assert.match(await frame.locator('#summary-fp').innerText(), /at 100k$/);
    await frame.locator('#results').scrollIntoViewIfNeeded();
    // The table renders when it scrolls into view: wait for this design's rows (m = 1e6 bits, n = 100000).
    await frame.waitForFunction(() => /\(1000000 bits\)/.test(document.getElementById('results')?.textContent ?? ''), undefined, { timeout: 30_000 });
    const results = await frame.locator('#results').innerText();
    assert.match(results, /n \(elements\)\t100k\t100000\t/);
    assert.match(await frame.locator('#status').innerText(), /k = 7/);

    // Invalid input is marked at the field with the reason.
    await setField(frame, 'p', '150%');
    assert.match(await frame.locator('#input-p-hint').innerText(), /strictly between 0 and 1/);
    await setField(frame, 'p', '');

    // The worker's charts arrive (recycling capacity, one- vs two-phase).
    await waitForBodyData(frame, 'recycling', 'done', 60_000);
    assert.ok(await canvasColours(frame, 'chart-capacity') > 2);
    assert.ok(await canvasColours(frame, 'chart-phases') > 2);
    console.log(`      worker recycling charts at M = 1e6: ${await bodyData(frame, 'recyclingMs')} ms in the worker`);

    // Simulation on demand, with progress; the chart draws.
    await frame.locator('#simulate').click();
    await waitForBodyData(frame, 'simulation', 'done', 120_000);
    assert.ok(await canvasColours(frame, 'chart-simulation') > 2);
    assert.match(await frame.locator('#chart-simulation-summary').innerText(), /inside the 99% interval/);
    await workbench.screenshot('e2e-designer-simulation');
  });

  it('ignores hostile messages in both directions', async () => {
    const frame = await designerFrame(page);
    const before = await frame.locator('#input-n input').inputValue();
    // Host -> webview: a forged init with a bad shape.
    await frame.evaluate(() => window.postMessage({ type: 'init', state: { version: 1, inputs: { n: 'evil' } }, prefill: true }, '*'));
    await waitForBodyData(frame, 'ignoredMessages', '1');
    assert.equal(await frame.locator('#input-n input').inputValue(), before);
    // Webview -> host: malformed messages through the webview's own channel (the function the VS Code API wraps,
    // on the outer webview frame); the host ignores them and says so.
    const outer = frame.parentFrame();
    assert.ok(outer, 'the webview has an outer frame');
    await outer.evaluate(() => {
      const post = (window as unknown as { __vscode_post_message__(channel: string, data: unknown): void }).__vscode_post_message__;
      post('onmessage', { message: { type: 'apply', values: { n: -1 } } });
      post('onmessage', { message: { type: 'export', markdown: 'x', images: [{ name: '../../evil.png', dataUrl: 'data:image/png;base64,AAAA' }] } });
      post('onmessage', { message: { type: 'runShell', command: 'rm -rf /' } });
    });
    await waitForBodyData(frame, 'ignoredByHost', '3');
  });

  it('opens pre-filled from the hover link and applies the design to the source as one undoable edit', async () => {
    await focusWorkbench(page);
    await workbench.openFile('annotated.txt');
    await hoverOn(page, 'bloom-lens:', 'm=9585059');
    const link = page.locator('.monaco-hover:not(.hidden) a', { hasText: /open in designer/i }).first();
    await link.waitFor({ state: 'visible', timeout: 15_000 });
    await link.click();
    let frame = await designerFrame(page);
    await frame.waitForFunction(() => /annotated\.txt:3/.test(document.getElementById('origin')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await frame.waitForFunction(() => document.body.dataset.ready === 'prefilled', undefined, { timeout: 30_000 });
    // Move the mouse over to the panel, as a person would: the editor's hover closes.
    await moveMouseOnto(page, frame, 'h1');
    assert.equal(await frame.locator('#input-m input').inputValue(), '9585059');
    assert.equal(await frame.locator('#input-k input').inputValue(), '7');
    await setField(frame, 'n', '2M');
    await settled(frame);
    // The answer strip says it at once: twice the elements in the same memory misses the 1% target.
    assert.match(await frame.locator('#summary-verdict').innerText(), /✗ misses 1\.00%/);
    assert.equal(await frame.locator('#summary-verdict').getAttribute('data-verdict'), 'misses');
    await frame.locator('#apply').click();
    await waitForBodyData(frame, 'applyResult', 'ok');
    const editorText = async (): Promise<string> => (await page.locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
    await page.waitForFunction(() => /n=2000000/.test(document.querySelector('.monaco-editor .view-lines')?.textContent ?? ''), undefined, { timeout: 15_000 });
    assert.match(await editorText(), /bloom-lens: m=9585059 n=2000000 k=7 p=0\.01/);
    await workbench.screenshot('e2e-designer-applied');
    // One undo restores the original text.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Z');
    await page.waitForFunction(() => /n=1000000/.test(document.querySelector('.monaco-editor .view-lines')?.textContent ?? ''), undefined, { timeout: 15_000 });
    frame = await designerFrame(page);
    assert.equal(await frame.locator('#input-n input').inputValue(), '2M');
  });

  it('keeps the answer strip in view while scrolling and typing', async () => {
    await showDesignerTab(page);
    const frame = await designerFrame(page);
    const stripInView = (): Promise<boolean> => frame.evaluate(() => {
      const box = document.getElementById('summary')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    });
    await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(await frame.evaluate(() => window.scrollY > 200), 'the panel scrolled');
    assert.ok(await stripInView(), 'the strip is in view at the bottom of the panel');
    // Typing into a field far down (alpha) keeps it in view too, and the strip follows the design.
    await frame.locator('#input-alpha input').scrollIntoViewIfNeeded();
    await setField(frame, 'prior', '1e-4');
    await setField(frame, 'n', '1.5M');
    await settled(frame);
    assert.ok(await stripInView(), 'the strip is in view after typing');
    assert.match(await frame.locator('#summary-fp').innerText(), /at 1\.50M$/);
    assert.ok(await frame.evaluate(() => {
      const strip = document.getElementById('summary')!.getBoundingClientRect();
      const apply = document.getElementById('apply')!.getBoundingClientRect();
      return apply.top >= strip.top && apply.bottom <= strip.bottom;
    }), 'Apply to source is in the strip');
    await setField(frame, 'prior', '');
    await frame.evaluate(() => window.scrollTo(0, 0));
  });

  it('works with the keyboard alone: tab order, labels, visible focus, typing, Apply with Enter and Copy with Space', async () => {
    await showDesignerTab(page);
    const frame = await designerFrame(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
    // Put the focus into the panel's document (on its heading, which is not a control), then only keys.
    await frame.locator('h1').click();
    const focused = (): Promise<{ id: string; label: string; ring: boolean }> => frame.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return { id: '', label: '', ring: false };
      const probe = document.createElement('div');
      probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--vscode-focusBorder') || '#0078d4';
      document.body.append(probe);
      const focusColour = getComputedStyle(probe).color;
      probe.remove();
      const ring = (node: Element): boolean => {
        const style = getComputedStyle(node);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor === focusColour;
        return outline || style.borderTopColor === focusColour || style.borderBottomColor === focusColour;
      };
      const nodes: Element[] = [active, ...(active.shadowRoot ? Array.from(active.shadowRoot.querySelectorAll('*')) : [])];
      const labelled = active.getAttribute('aria-label') ?? (active.id ? document.querySelector(`vscode-label[for="${active.id}"]`)?.textContent : '') ?? active.textContent ?? '';
      return { id: active.id, label: (labelled || active.textContent || '').trim(), ring: nodes.some(ring) };
    });
    const tabTo = async (id: string, key = 'Tab', most = 30): Promise<string[]> => {
      const seen: string[] = [];
      for (let i = 0; i < most; i++) {
        await page.keyboard.press(key);
        const now = await focused();
        seen.push(now.id);
        assert.ok(now.ring, `focus on #${now.id} is visible`);
        assert.ok(now.label.length > 0, `#${now.id} has a label`);
        if (now.id === id) return seen;
      }
      throw new Error(`#${id} was not reached with ${key}: ${seen.join(', ')}`);
    };
    // Clears the focused field with End and Backspace (Ctrl+A in a webview goes through the workbench and may
    // land after the next key) and types the new text.
    const retype = async (text: string): Promise<void> => {
      const length = await frame.evaluate(() => ((document.activeElement as HTMLElement & { value?: string })?.value ?? '').length);
      await page.keyboard.press('End');
      for (let i = 0; i < length; i++) await page.keyboard.press('Backspace');
      if (text) await page.keyboard.type(text, { delay: 30 });
    };
    // Order: the strip's actions first (as on screen), then the inputs.
    assert.deepEqual((await tabTo('input-n')).slice(-3), ['apply', 'copy', 'input-n']);
    await retype('3M');
    await tabTo('input-p');
    await retype('0.5%');
    await tabTo('input-m');
    await retype('');
    await tabTo('input-k');
    await retype('');
    await settled(frame);
    for (const [key, value] of [['n', '3M'], ['p', '0.5%'], ['m', ''], ['k', '']]) assert.equal(await frame.locator(`#input-${key} input`).inputValue(), value);
    assert.match(await frame.locator('#summary-verdict').innerText(), /✓ meets 0\.500%/);
    assert.match(await frame.locator('#input-m-hint').innerText(), /solved/);
    // Back to Apply with Shift+Tab; Enter applies.
    await tabTo('apply', 'Shift+Tab');
    await frame.evaluate(() => { delete document.body.dataset.applyResult; });
    await page.keyboard.press('Enter');
    await waitForBodyData(frame, 'applyResult', 'ok');
    await page.waitForFunction(() => /n=3000000/.test(document.querySelector('.monaco-editor .view-lines')?.textContent ?? ''), undefined, { timeout: 15_000 });
    // Copy with Space: the host confirms.
    await frame.locator('h1').click();
    await tabTo('copy');
    await page.keyboard.press('Space');
    await page.locator('.notifications-toasts', { hasText: /copied the .* snippet/ }).first().waitFor({ state: 'visible', timeout: 15_000 });
    // The charts have text alternatives.
    assert.ok((await frame.locator('#chart-items').getAttribute('aria-label'))!.length > 0);
    assert.match(await frame.locator('#chart-items-summary').innerText(), /exact false-positive rate reaches/);
  });

  it('is restored after a window reload, with what was typed', async () => {
    // Type here (not relying on an earlier test) and wait until the panel has saved it with setState.
    await showDesignerTab(page);
    const frameBefore = await designerFrame(page);
    await setField(frameBefore, 'p', '0.2%');
    await setField(frameBefore, 'n', '2.5M');
    await waitForBodyData(frameBefore, 'savedN', '2.5M');
    const originBefore = await frameBefore.locator('#origin').innerText();
    // "Developer: Reload Window" shuts the workbench down properly (state saved), as a person would reload.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await page.locator('.tab', { hasText: 'Bloom Lens Designer' }).first().waitFor({ timeout: 60_000 });
    await showDesignerTab(page);
    const frame = await designerFrame(page, 90_000);
    // Readiness, not time: the panel marks when it has answered the host's first message after the restore.
    await frame.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 60_000 });
    console.log(`      restored panel: started with ${await bodyData(frame, 'startedWith')}, ready = ${await bodyData(frame, 'ready')}`);
    assert.equal(await frame.locator('#input-n input').inputValue(), '2.5M');
    assert.equal(await frame.locator('#input-p input').inputValue(), '0.2%');
    assert.equal(await frame.locator('#origin').innerText(), originBefore);
    await chartDrawn(frame, 'items');
    assert.ok(await canvasColours(frame, 'chart-items') > 2);
  });

  it('is legible in light and high-contrast themes (screenshots)', async () => {
    for (const [theme, name] of [['Dark Modern', 'dark'], ['Light Modern', 'light'], ['Dark High Contrast', 'high-contrast'], ['Light High Contrast', 'high-contrast-light']] as const) {
      await runCommand(page, 'Preferences: Color Theme');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Light Modern' }).first().waitFor({ timeout: 15_000 });
      await page.locator('.quick-input-widget input').fill(theme);
      const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${theme}"]`).first();
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await showDesignerTab(page);
      const frame = await designerFrame(page);
      const themeClass = name === 'high-contrast' ? 'vscode-high-contrast' : name === 'high-contrast-light' ? 'vscode-high-contrast-light' : `vscode-${name}`;
      await frame.waitForFunction((cls) => document.body.classList.contains(cls), themeClass, { timeout: 30_000 });
      await chartDrawn(frame, 'k');
      assert.ok(await canvasColours(frame, 'chart-k') > 2);
      await workbench.screenshot(`e2e-designer-${name}`);
    }
  });
});
