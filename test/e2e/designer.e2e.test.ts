import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { captureFailures, designerFrame, eventually, expectAttribute, expectText, expectValue, focusWorkbench, hoverOn, openWorkbench, REPO_ROOT, runCommand, Workbench, UI_TIMEOUT_MS } from './workbench';

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
 * Each chart's draw count, and whether it is far off screen (beyond the 200 px margin in which the panel draws
 * charts about to scroll into view).
 */
async function chartDraws(frame: Frame): Promise<Map<string, { draws: number; offScreen: boolean }>> {
  const rows = await frame.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('figure[data-chart]')).map((figure) => {
    const box = figure.getBoundingClientRect();
    return { id: figure.dataset.chart ?? '', draws: Number(figure.dataset.draws ?? '0'), offScreen: box.bottom < -250 || box.top > window.innerHeight + 250 };
  }));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Waits until a chart has been drawn (scrolling it into view: charts off screen are drawn when they appear). */
async function chartDrawn(frame: Frame, id: string): Promise<void> {
  await frame.locator(`#chart-${id}`).scrollIntoViewIfNeeded();
  await frame.waitForFunction((chart) => Number(document.querySelector(`figure[data-chart="${chart}"]`)?.getAttribute('data-draws') ?? '0') > 0, id, { timeout: UI_TIMEOUT_MS });
}

/** Waits until no redraw is pending (the panel has drawn the last input). */
async function settled(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => document.body.dataset.redrawPending === 'false', undefined, { timeout: UI_TIMEOUT_MS });
}

/** Moves the mouse onto an element of the panel and waits until no editor hover covers the panel. */
async function moveMouseOnto(page: Page, frame: Frame, selector: string): Promise<void> {
  const box = await frame.locator(selector).boundingBox();
  if (box) await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 4 });
  await page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first().waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS }).catch(() => undefined);
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
  this.timeout(900_000); // a hang guard: each wait inside has its own
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

  it('opens from the palette, draws its charts and fills the table; a keystroke redraws once, and only what is on screen', async () => {
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

    // M = 1e6 bits: type a new n keystroke by keystroke. The work is counted, not timed: at most one redraw per
    // keystroke, and no chart off screen is drawn (the pre-fix code rebuilt and redrew three charts per keystroke).
    // The cost of a redraw against one plain update of the same chart is printed (measured 0.8 to 2.7 on a 2-core
    // machine at load ~10, about 20 before the fix); `npm run bench` is where speed is asserted.
    await setField(frame, 'p', '');
    await setField(frame, 'k', '');
    await setField(frame, 'm', '1e6');
    await setField(frame, 'n', '');
    await settled(frame);
    const baselineBefore = await frame.evaluate(() => (window as unknown as { bloomLensBaseline(runs: number): number | undefined }).bloomLensBaseline(15));
    await frame.evaluate(() => { (window as unknown as { bloomLensTimings: number[] }).bloomLensTimings.length = 0; (window as unknown as { bloomLensLatencies: number[] }).bloomLensLatencies.length = 0; });
    const drawsBefore = await chartDraws(frame);
    await frame.locator('#input-n input').pressSequentially('100000', { delay: 60 });
    await settled(frame);
    const drawsAfter = await chartDraws(frame);
    const baselineAfter = await frame.evaluate(() => (window as unknown as { bloomLensBaseline(runs: number): number | undefined }).bloomLensBaseline(15));
    const timings = await frame.evaluate(() => [...(window as unknown as { bloomLensTimings: number[] }).bloomLensTimings]);
    const latencies = await frame.evaluate(() => [...(window as unknown as { bloomLensLatencies: number[] }).bloomLensLatencies]);
    assert.ok(baselineBefore !== undefined && baselineAfter !== undefined, 'the first chart is drawn');
    assert.ok(timings.length >= 1 && timings.length <= 6, `at most one redraw per keystroke: ${timings.length}`);
    const offScreen = [...drawsBefore].filter(([id, before]) => before.offScreen && drawsAfter.get(id)?.offScreen);
    assert.ok(offScreen.length >= 2, `charts off screen while typing: ${JSON.stringify([...drawsBefore])}`);
    for (const [id, before] of offScreen) assert.equal(drawsAfter.get(id)!.draws, before.draws, `the off-screen chart ${id} was redrawn while typing`);
    assert.ok(drawsAfter.get('items')!.draws > drawsBefore.get('items')!.draws, 'the first chart follows the typing');
    const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const baseline = Math.max((baselineBefore! + baselineAfter!) / 2, 0.05); // 0.05 ms: about the timer's resolution in a webview
    console.log(`      redraw breakdown (last keystroke, ms): ${await bodyData(frame, 'redrawBreakdown')}`);
    console.log(`      at M = 1e6: redraw median ${median(timings).toFixed(1)} ms (max ${Math.max(...timings).toFixed(1)}) over ${timings.length} redraws; `
      + `one chart update ${baselineBefore!.toFixed(1)} / ${baselineAfter!.toFixed(1)} ms; ratio ${(median(timings) / baseline).toFixed(2)}; `
      + `keystroke-to-redraw latency median ${median(latencies).toFixed(1)} ms`);
    await expectText(frame.locator('#summary-m'), '1.00 Mbit (122 KiB)');
    await expectText(frame.locator('#summary-fp'), /at 100k$/);
    await frame.locator('#results').scrollIntoViewIfNeeded();
    // The table renders when it scrolls into view: wait for this design's rows (m = 1e6 bits, n = 100000).
    await frame.waitForFunction(() => /\(1000000 bits\)/.test(document.getElementById('results')?.textContent ?? ''), undefined, { timeout: UI_TIMEOUT_MS });
    await expectText(frame.locator('#results'), /n \(elements\)\t100k\t100000\t/);
    await expectText(frame.locator('#status'), /k = 7/);

    // Invalid input is marked at the field with the reason.
    await setField(frame, 'p', '150%');
    await expectText(frame.locator('#input-p-hint'), /strictly between 0 and 1/);
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
    await expectText(frame.locator('#chart-simulation-summary'), /inside the 99% interval/);
    await workbench.screenshot('e2e-designer-simulation');
  });

  it('ignores hostile messages in both directions', async () => {
    const frame = await designerFrame(page);
    const before = await frame.locator('#input-n input').inputValue();
    // Host -> webview: a forged init with a bad shape.
    await frame.evaluate(() => window.postMessage({ type: 'init', state: { version: 1, inputs: { n: 'evil' } }, prefill: true }, '*'));
    await waitForBodyData(frame, 'ignoredMessages', '1');
    await expectValue(frame.locator('#input-n input'), before);
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
    await link.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await link.click();
    let frame = await designerFrame(page);
    await frame.waitForFunction(() => /annotated\.txt:3/.test(document.getElementById('origin')?.textContent ?? ''), undefined, { timeout: UI_TIMEOUT_MS });
    await frame.waitForFunction(() => document.body.dataset.ready === 'prefilled', undefined, { timeout: UI_TIMEOUT_MS });
    // Move the mouse over to the panel, as a person would: the editor's hover closes.
    await moveMouseOnto(page, frame, 'h1');
    await expectValue(frame.locator('#input-m input'), '9585059');
    await expectValue(frame.locator('#input-k input'), '7');
    await setField(frame, 'n', '2M');
    await settled(frame);
    // The answer strip says it at once: twice the elements in the same memory misses the 1% target.
    await expectText(frame.locator('#summary-verdict'), /✗ misses 1\.00%/);
    await expectAttribute(frame.locator('#summary-verdict'), 'data-verdict', 'misses');
    await frame.locator('#apply').click();
    await waitForBodyData(frame, 'applyResult', 'ok');
    const editorText = async (): Promise<string> => (await page.locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
    await eventually(editorText, /bloom-lens: m=9585059 n=2000000 k=7 p=0\.01/, 'the annotation after Apply');
    await workbench.screenshot('e2e-designer-applied');
    // One undo restores the original text.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Z');
    await eventually(editorText, /bloom-lens: m=9585059 n=1000000 k=7 p=0\.01/, 'the annotation after one undo');
    frame = await designerFrame(page);
    await expectValue(frame.locator('#input-n input'), '2M');
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
    await expectText(frame.locator('#summary-fp'), /at 1\.50M$/);
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
    for (const [key, value] of [['n', '3M'], ['p', '0.5%'], ['m', ''], ['k', '']]) await expectValue(frame.locator(`#input-${key} input`), value);
    await expectText(frame.locator('#summary-verdict'), /✓ meets 0\.500%/);
    await expectText(frame.locator('#input-m-hint'), /solved/);
    // Back to Apply with Shift+Tab; Enter applies.
    await tabTo('apply', 'Shift+Tab');
    await frame.evaluate(() => { delete document.body.dataset.applyResult; });
    await page.keyboard.press('Enter');
    await waitForBodyData(frame, 'applyResult', 'ok');
    await page.waitForFunction(() => /n=3000000/.test(document.querySelector('.monaco-editor .view-lines')?.textContent ?? ''), undefined, { timeout: UI_TIMEOUT_MS });
    // Copy with Space: the host confirms.
    await frame.locator('h1').click();
    await tabTo('copy');
    await page.keyboard.press('Space');
    await page.locator('.notifications-toasts', { hasText: /copied the .* snippet/ }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    // The charts have text alternatives.
    await expectAttribute(frame.locator('#chart-items'), 'aria-label', /\S/);
    await expectText(frame.locator('#chart-items-summary'), /exact false-positive rate reaches/);
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
    await expectValue(frame.locator('#input-n input'), '2.5M');
    await expectValue(frame.locator('#input-p input'), '0.2%');
    await expectText(frame.locator('#origin'), originBefore);
    await chartDrawn(frame, 'items');
    assert.ok(await canvasColours(frame, 'chart-items') > 2);
  });

  it('is legible in light and high-contrast themes (screenshots)', async () => {
    for (const [theme, name] of [['Dark Modern', 'dark'], ['Light Modern', 'light'], ['Dark High Contrast', 'high-contrast'], ['Light High Contrast', 'high-contrast-light']] as const) {
      await runCommand(page, 'Preferences: Color Theme');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Light Modern' }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('.quick-input-widget input').fill(theme);
      const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${theme}"]`).first();
      await row.waitFor({ timeout: UI_TIMEOUT_MS });
      await row.click();
      await showDesignerTab(page);
      const frame = await designerFrame(page);
      const themeClass = name === 'high-contrast' ? 'vscode-high-contrast' : name === 'high-contrast-light' ? 'vscode-high-contrast-light' : `vscode-${name}`;
      await frame.waitForFunction((cls) => document.body.classList.contains(cls), themeClass, { timeout: UI_TIMEOUT_MS });
      await chartDrawn(frame, 'k');
      assert.ok(await canvasColours(frame, 'chart-k') > 2);
      await workbench.screenshot(`e2e-designer-${name}`);
    }
  });
});
