/**
 * Drives a real VS Code workbench (code-server) in Chromium with the extension loaded from this
 * repository, as a user would: open files, move the mouse, read what is shown, take screenshots.
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

interface CodeServerModule {
  startCodeServer(options?: { settings?: Record<string, unknown> }): Promise<{ port: number; origin: string; stop(): Promise<void> }>;
  workbenchUrl(options: { origin: string; port: number; folder: string; extensionDevelopmentPath?: string }): string;
  launchBrowser(): Promise<Browser>;
}

// A runtime require keeps the launcher helpers shared with scripts/ (not bundled).
const codeServer = require(path.join(REPO_ROOT, 'scripts/code-server.cjs')) as CodeServerModule;

export interface Workbench {
  readonly page: Page;
  close(): Promise<void>;
  screenshot(name: string): Promise<string>;
  openFile(relativePath: string): Promise<void>;
  /** Hovers over the line containing `text` (at `token`, a word on that line, when given); returns the hover's text. */
  hoverOverText(text: string, token?: string): Promise<string>;
}

export async function openWorkbench(folder: string, settings: Record<string, unknown> = {}): Promise<Workbench> {
  const server = await codeServer.startCodeServer({ settings });
  const browser = await codeServer.launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
    async openFile(relativePath) {
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      await input.fill(relativePath);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(relativePath) }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await page.waitForSelector(`.tab.active[data-resource-name="${path.basename(relativePath)}"], .tab.active[aria-label*="${path.basename(relativePath)}"]`, { timeout: 15_000 });
      await page.waitForSelector('.monaco-editor .view-lines .view-line', { timeout: 15_000 });
    },
    async hoverOverText(text, token) {
      const line = page.locator('.monaco-editor .view-lines .view-line', { hasText: text }).first();
      const span = token !== undefined
        ? line.locator('span span', { hasText: new RegExp(`^${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first()
        : line.locator('span span', { hasText: text }).first().or(line.locator('span').first()).first();
      await span.waitFor({ state: 'visible', timeout: 15_000 });
      const box = await span.boundingBox();
      if (!box) throw new Error(`"${text}" is not on screen`);
      // Approach like a person: move near, then onto the text, and wait for the hover widget.
      await page.mouse.move(box.x + 2, box.y - 30);
      await page.mouse.move(box.x + Math.min(20, box.width / 2), box.y + box.height / 2, { steps: 5 });
      const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Bloom Lens' });
      await hover.first().waitFor({ state: 'visible', timeout: 20_000 });
      await page.waitForTimeout(400); // let the fade-in finish before anyone takes a screenshot
      return (await hover.first().innerText()).trim();
    },
  };
  return workbench;
}
