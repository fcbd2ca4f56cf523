#!/usr/bin/env node
// A stand-in for the VS Code executable that @vscode/test-electron's runTests() spawns: it takes
// the same arguments (--extensionDevelopmentPath=..., --extensionTestsPath=..., a folder) and runs
// the tests in a real VS Code (code-server + Chromium), exiting with the tests' exit code.
// With --web the extension runs in VS Code's web worker extension host (the one vscode.dev uses) from its
// package.json "browser" entry; the host's console lines marked "BLOOM-LENS " are printed here.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import codeServer from './code-server.cjs';

const { startCodeServer, workbenchUrl, launchBrowser, REPO_ROOT } = codeServer;

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const extensionDevelopmentPath = flag('extensionDevelopmentPath');
const extensionTestsPath = flag('extensionTestsPath');
const folder = args.find((a) => !a.startsWith('--')) ?? REPO_ROOT;
const timeoutMs = Number(process.env.BLOOM_LENS_TEST_TIMEOUT_MS ?? 1_800_000);
const verbose = process.env.BLOOM_LENS_VERBOSE === '1';
const web = args.includes('--web');
const EXTENSION_ID = 'bloom-lens.bloom-lens';

const server = await startCodeServer({
  userDataDir: flag('user-data-dir'), extensionsDir: flag('extensions-dir'),
  log: (line) => { if (verbose) process.stderr.write(line); },
  // testing-in-real-vscode.md: this user setting makes code-server run the development extension in the web worker host.
  settings: web ? { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : {},
});
let browser;
let page;
let exitCode = 1;
const consoleLines = [];
const artifacts = join(REPO_ROOT, 'test-artifacts');
const runName = web ? 'web' : 'integration';

/** A failed or stuck run leaves a screenshot, the browser console and the extension host logs in test-artifacts/. */
async function captureFailure(reason) {
  mkdirSync(artifacts, { recursive: true });
  await page?.screenshot({ path: join(artifacts, `${runName}-${reason}.png`) }).catch(() => {});
  writeFileSync(join(artifacts, `${runName}-${reason}-console.log`), consoleLines.join('\n'));
  const logs = join(server.userDataDir, 'logs');
  if (existsSync(logs)) cpSync(logs, join(artifacts, `${runName}-${reason}-logs`), { recursive: true });
  console.error(`artifacts of the ${reason}: test-artifacts/${runName}-${reason}.png, -console.log, -logs/`);
}
try {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (message) => { if (consoleLines.length < 20_000) consoleLines.push(`[${message.type()}] ${message.text()}`); });
  const exited = new Promise((resolveExit) => {
    page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));
  });
  await page.exposeFunction('codeAutomationLog', (type, messages) => {
    const parts = Array.isArray(messages) ? messages : [messages];
    const text = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
    if (consoleLines.length < 20_000) consoleLines.push(`[extension host ${type}] ${text}`);
    if (text.startsWith('BLOOM-LENS ')) console.log(text.slice('BLOOM-LENS '.length));
    else if (verbose) console.log(`[extension host ${type}]`, text);
  });
  page.on('pageerror', (error) => {
    consoleLines.push(`[pageerror] ${error.message}`);
    if (verbose) console.error(`[workbench] ${error.message}`);
  });
  // Playwright's default navigation timeout (30 s) is shorter than the workbench's load at machine load 15: the run's
  // own timeout is the hang guard.
  await page.goto(workbenchUrl({ origin: server.origin, port: server.port, folder, extensionDevelopmentPath, extensionTestsPath }), { timeout: timeoutMs });
  const timeout = new Promise((resolveTimeout) => setTimeout(() => resolveTimeout('timeout'), timeoutMs).unref());
  const outcome = await Promise.race([exited, timeout]);
  if (outcome === 'timeout') {
    console.error(`${runName} tests did not finish within ${timeoutMs / 1000} s`);
    await captureFailure('timeout');
  } else {
    exitCode = outcome;
    if (exitCode !== 0) await captureFailure('failure');
  }
} catch (error) {
  console.error(`could not run the tests in VS Code: ${error?.message ?? error}`);
  await captureFailure('error');
} finally {
  await browser?.close().catch(() => {});
  await server.stop();
}
process.exit(exitCode);
