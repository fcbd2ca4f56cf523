/**
 * Drives a real VS Code workbench (code-server) in Chromium with the extension loaded from this
 * repository, as a user would: open files, move the mouse, read what is shown, take screenshots.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AssertionError } from 'node:assert/strict';
import type { Browser, Frame, Locator, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

interface CodeServerModule {
  startCodeServer(options?: { settings?: Record<string, unknown> }): Promise<{ port: number; origin: string; userDataDir: string; stop(): Promise<void> }>;
  workbenchUrl(options: { origin: string; port: number; folder: string; extensionDevelopmentPath?: string }): string;
  launchBrowser(): Promise<Browser>;
}

// A runtime require keeps the launcher helpers shared with scripts/ (not bundled).
const codeServer = require(path.join(REPO_ROOT, 'scripts/code-server.cjs')) as CodeServerModule;

export interface Workbench {
  readonly page: Page;
  close(): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** Opens a file by Quick Open; unless told it has none, waits until its filters are analysed (see waitForAnalysis). */
  openFile(relativePath: string, options?: { hasFilters?: boolean }): Promise<void>;
  /**
   * The extension's readiness signal: its status-bar item for the active file, which appears once the file is
   * fully analysed (findings, diagnostics, worker results). Returns the number of configurations it reports.
   */
  waitForAnalysis(fileName: string): Promise<number>;
  /**
   * Hovers over the line containing `text` (at `token`, a word on that line, when given) as a person does:
   * onto the word, and if no hover comes, away and back again (three tries). Returns the hover's text.
   */
  hoverOverText(text: string, token?: string): Promise<string>;
  /** Leaves a screenshot, the browser console and the extension host logs in test-artifacts/ (for a failed test). */
  captureFailure(name: string): Promise<void>;
}

/** Registers an afterEach that captures the workbench's state when a test fails. */
export function captureFailures(workbench: () => Workbench | undefined): void {
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed') await workbench()?.captureFailure(`failed-${test.fullTitle()}`);
  });
}

/**
 * How long a wait for the workbench's UI (a widget, a row, a tab) may take before the test fails: a hang guard,
 * generous because CI machines are busy and the e2e suite may run with the browser's CPU throttled.
 */
export const UI_TIMEOUT_MS = 60_000;

/** How long a web-first assertion waits for the state it expects before it fails (generous: CI may be busy). */
export const EXPECT_TIMEOUT_MS = UI_TIMEOUT_MS;
const EXPECT_POLL_MS = 50;

/**
 * A web-first assertion, as Playwright's `expect(...).toHaveText()` (which playwright-core lacks): reads the value
 * again and again until it matches `expected` (a string: equal; a RegExp: matches), and fails after `timeoutMs`
 * with the last value seen. Every read of something an action just changed goes through here, never a bare read,
 * so a busy machine that shows the new state late is still green. Returns the matching value.
 */
export async function eventually(read: () => Promise<string>, expected: string | RegExp, what: string, timeoutMs = EXPECT_TIMEOUT_MS): Promise<string> {
  const matches = (value: string): boolean => (typeof expected === 'string' ? value === expected : expected.test(value));
  let last = '(not read yet)';
  // Counted polls rather than a clock: the wait is at least `timeoutMs` (longer when reads are slow), never shorter.
  for (let waitedMs = 0; ; waitedMs += EXPECT_POLL_MS) {
    try {
      last = await read();
      if (matches(last)) return last;
    } catch (error) {
      last = `(read failed: ${(error as Error).message.split('\n')[0]})`;
    }
    if (waitedMs >= timeoutMs) {
      throw new AssertionError({ message: `${what}: expected ${expected} within ${timeoutMs / 1000} s; last seen ${JSON.stringify(last)}`, actual: last, expected, operator: typeof expected === 'string' ? 'strictEqual' : 'match' });
    }
    await new Promise((resolve) => setTimeout(resolve, EXPECT_POLL_MS));
  }
}

/** Waits until the element's rendered text matches (see `eventually`). */
export const expectText = (locator: Locator, expected: string | RegExp, timeoutMs?: number): Promise<string> =>
  eventually(() => locator.innerText({ timeout: 1_000 }), expected, `text of ${locator}`, timeoutMs);

/** Waits until an input's value matches. */
export const expectValue = (locator: Locator, expected: string | RegExp, timeoutMs?: number): Promise<string> =>
  eventually(() => locator.inputValue({ timeout: 1_000 }), expected, `value of ${locator}`, timeoutMs);

/** Waits until an attribute's value matches (a missing attribute reads as ''). */
export const expectAttribute = (locator: Locator, name: string, expected: string | RegExp, timeoutMs?: number): Promise<string> =>
  eventually(async () => (await locator.getAttribute(name, { timeout: 1_000 })) ?? '', expected, `${name} of ${locator}`, timeoutMs);

const HOVER_TRIES = 3;
const HOVER_WAIT_MS = 20_000;

/**
 * Hovers the mouse over `token` on the editor line containing `lineText`, like a person: the token's box comes
 * from a DOM Range over the line's text (a comment is one span; indentation and CodeLens zones move things), the
 * mouse comes from above, and a hover that does not come is retried by moving away and back (three tries).
 * Returns the hover text once it is fully faded in.
 */
export async function hoverOn(page: Page, lineText: string, token: string): Promise<string> {
  const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first();
  for (let attempt = 1; ; attempt++) {
    const line = page.locator('.monaco-editor .view-lines .view-line', { hasText: lineText }).first();
    await line.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    const box = await line.evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').replace(/\u00a0/g, ' ').indexOf(wanted);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const rect = range.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      }
      return undefined;
    }, token);
    if (!box) throw new Error(`"${token}" is not on the line "${lineText}"`);
    await page.mouse.move(box.x + 2, box.y - 60);
    await page.mouse.move(box.x + Math.min(box.width / 2, 30), box.y + box.height / 2, { steps: 5 });
    try {
      await hover.waitFor({ state: 'visible', timeout: HOVER_WAIT_MS });
      // Fully faded in (a screenshot of a half-transparent hover helps nobody): a state, not a delay.
      await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.monaco-hover:not(.hidden)'))
        .some((h) => (h.textContent ?? '').includes('Bloom Lens') && getComputedStyle(h.closest('.monaco-resizable-hover, .monaco-hover-content, .monaco-hover') ?? h).opacity === '1'), undefined, { timeout: HOVER_WAIT_MS });
      return (await hover.innerText()).trim();
    } catch (error) {
      if (attempt >= HOVER_TRIES) throw new Error(`no Bloom Lens hover over "${token}" after ${HOVER_TRIES} tries: ${(error as Error).message}`);
      await page.mouse.move(5, 5); // away, so the next approach is a new hover
    }
  }
}

/** Moves the keyboard focus out of any webview iframe (keys typed there do not reach the workbench). */
export async function focusWorkbench(page: Page): Promise<void> {
  await page.locator('.part.statusbar').click({ position: { x: 5, y: 5 } }).catch(() => undefined);
  await page.keyboard.press('Escape');
}

/** Runs a command from the palette (retrying while the extension's commands are still being registered). */
export async function runCommand(page: Page, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await focusWorkbench(page);
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await input.fill(`>${title}`);
    const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${title}"]`).first();
    try {
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (attempt >= 6) throw error;
      // The command list fills as extensions register: wait for the palette's next render, not a fixed time.
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    }
  }
}

/** The designer webview's inner frame (the one holding the answer strip), once it has rendered. */
export async function designerFrame(page: Page, timeoutMs = UI_TIMEOUT_MS): Promise<Frame> {
  const found = (): Promise<Frame | undefined> => Promise.all(page.frames().map(async (frame) => {
    try {
      return (await frame.$('#summary-verdict')) ? frame : undefined;
    } catch {
      return undefined; // a frame navigating
    }
  })).then((frames) => frames.find((frame) => frame !== undefined));
  let frame = await found();
  // Frames appear and load on their own schedule: look again whenever one has loaded (or every second).
  for (let waitedMs = 0; !frame;) {
    if (waitedMs >= timeoutMs) throw new Error('the designer webview did not appear');
    const navigated = await page.waitForEvent('framenavigated', { timeout: 1_000 }).then(() => true, () => false);
    if (!navigated) waitedMs += 1_000; // counted only when a whole second passed without a frame loading
    frame = await found();
  }
  return frame;
}

/**
 * CPU throttling of the browser (BLOOM_LENS_CPU_THROTTLE=4: four times slower; scripts/run-tests.mjs sets 4 unless
 * told otherwise), through the DevTools protocol, so
 * a race between an action and the state it changes loses every time here instead of once in a while on a busy
 * CI machine. The page and each webview (a cross-origin iframe that site isolation runs in its own renderer) are
 * throttled as they appear.
 */
const CPU_THROTTLE_RATE = Number(process.env.BLOOM_LENS_CPU_THROTTLE ?? '1');

async function throttleCpu(page: Page): Promise<void> {
  if (!(CPU_THROTTLE_RATE > 1)) return;
  const throttle = async (target: Page | Frame): Promise<void> => {
    const session = await page.context().newCDPSession(target);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE_RATE });
  };
  await throttle(page);
  const seen = new WeakSet<Frame>();
  page.on('framenavigated', (frame) => {
    if (seen.has(frame) || frame === page.mainFrame()) return;
    seen.add(frame);
    // Only an out-of-process frame has a session of its own; an in-process frame is throttled with its page.
    throttle(frame).catch(() => undefined);
  });
}

export async function openWorkbench(folder: string, settings: Record<string, unknown> = {}): Promise<Workbench> {
  const server = await codeServer.startCodeServer({ settings });
  const browser = await codeServer.launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Hang guards, not speed limits: a workbench loading beside a busy core took over 30 s (Playwright's default).
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(2 * UI_TIMEOUT_MS);
  await throttleCpu(page);
  const consoleLines: string[] = [];
  page.on('console', (message) => { if (consoleLines.length < 5000) consoleLines.push(`[${message.type()}] ${message.text()}`); });
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  await page.goto(codeServer.workbenchUrl({ origin: server.origin, port: server.port, folder, extensionDevelopmentPath: REPO_ROOT }));
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  await page.waitForSelector('.explorer-folders-view, .explorer-viewlet', { timeout: 60_000 }).catch(() => undefined);

  const workbench: Workbench = {
    page,
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
    async screenshot(name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    async waitForAnalysis(fileName) {
      const item = page.locator(`.statusbar-item[aria-label^="Bloom Lens: "][aria-label$=" in ${fileName}"], .statusbar-item [aria-label^="Bloom Lens: "][aria-label$=" in ${fileName}"]`).first();
      await item.waitFor({ state: 'attached', timeout: 60_000 });
      const label = (await item.getAttribute('aria-label')) ?? '';
      return Number(/Bloom Lens: (\d+)/.exec(label)?.[1] ?? NaN);
    },
    async captureFailure(name) {
      const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${safe}.png`) }).catch(() => undefined);
      writeFileSync(path.join(ARTIFACTS, `${safe}-console.log`), consoleLines.join('\n'));
      const logs = path.join(server.userDataDir, 'logs');
      if (existsSync(logs)) cpSync(logs, path.join(ARTIFACTS, `${safe}-logs`), { recursive: true });
    },
    async openFile(relativePath, options = {}) {
      await focusWorkbench(page); // keys typed into a webview never reach the workbench
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await input.fill(relativePath);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(relativePath) }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await page.keyboard.press('Enter');
      await page.waitForSelector(`.tab.active[data-resource-name="${path.basename(relativePath)}"], .tab.active[aria-label*="${path.basename(relativePath)}"]`, { timeout: UI_TIMEOUT_MS });
      await page.waitForSelector('.monaco-editor .view-lines .view-line', { timeout: UI_TIMEOUT_MS });
      if (options.hasFilters !== false) await workbench.waitForAnalysis(path.basename(relativePath));
    },
    hoverOverText: (text, token) => hoverOn(page, text, token ?? text),
  };
  return workbench;
}
