/**
 * Drives a real VS Code workbench (code-server) in Chromium with the extension loaded from this
 * repository, as a user would: open files, move the mouse, read what is shown, take screenshots.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';

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

const HOVER_TRIES = 3;
const HOVER_WAIT_MS = 10_000;

export async function openWorkbench(folder: string, settings: Record<string, unknown> = {}): Promise<Workbench> {
  const server = await codeServer.startCodeServer({ settings });
  const browser = await codeServer.launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      await input.fill(relativePath);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(relativePath) }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await page.waitForSelector(`.tab.active[data-resource-name="${path.basename(relativePath)}"], .tab.active[aria-label*="${path.basename(relativePath)}"]`, { timeout: 15_000 });
      await page.waitForSelector('.monaco-editor .view-lines .view-line', { timeout: 15_000 });
      if (options.hasFilters !== false) await workbench.waitForAnalysis(path.basename(relativePath));
    },
    async hoverOverText(text, token) {
      const line = page.locator('.monaco-editor .view-lines .view-line', { hasText: text }).first();
      const span = token !== undefined
        ? line.locator('span span', { hasText: new RegExp(`^${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first()
        : line.locator('span span', { hasText: text }).first().or(line.locator('span').first()).first();
      await span.waitFor({ state: 'visible', timeout: 15_000 });
      const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' }).first();
      for (let attempt = 1; ; attempt++) {
        const box = await span.boundingBox();
        if (!box) throw new Error(`"${text}" is not on screen`);
        // Like a person: away from the text (any hover closes), then onto it, and wait for the hover widget.
        await page.mouse.move(box.x + box.width + 300, box.y + 200);
        await page.mouse.move(box.x + Math.min(20, box.width / 2), box.y + box.height / 2, { steps: 5 });
        try {
          await hover.waitFor({ state: 'visible', timeout: HOVER_WAIT_MS });
          break;
        } catch (error) {
          if (attempt >= HOVER_TRIES) throw new Error(`no Bloom Lens hover over "${token ?? text}" after ${HOVER_TRIES} tries: ${(error as Error).message}`);
        }
      }
      // The widget fades in; screenshots wait for its opacity to settle, not for a fixed time.
      await page.waitForFunction(() => {
        const widget = document.querySelector('.monaco-hover:not(.hidden)');
        return widget !== null && getComputedStyle(widget).opacity === '1';
      }, undefined, { timeout: 5_000 }).catch(() => undefined);
      return (await hover.innerText()).trim();
    },
  };
  return workbench;
}
