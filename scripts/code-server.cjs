// Starts a real VS Code (code-server, installed by scripts/setup-code-server.mjs) and drives Debian's
// Chromium with playwright-core. Used by the integration-test launcher, the e2e tests and the demo.
'use strict';
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const { existsSync, mkdtempSync, mkdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const REPO_ROOT = resolve(__dirname, '..');
const CODE_SERVER_ENTRY = join(REPO_ROOT, '.vscode-test/code-server/node_modules/code-server/out/node/entry.js');
const CHROMIUM = process.env.BLOOM_LENS_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1 and resolves once it answers HTTP.
 * Returns { port, origin, stop() }.
 */
async function startCodeServer({ userDataDir, extensionsDir, port, log = () => {}, settings = {} } = {}) {
  if (!existsSync(CODE_SERVER_ENTRY)) {
    throw new Error(`code-server is not installed; run "npm run setup:vscode" first (${CODE_SERVER_ENTRY} missing)`);
  }
  const base = mkdtempSync(join(tmpdir(), 'bloom-lens-vscode-'));
  userDataDir ??= join(base, 'user-data');
  extensionsDir ??= join(base, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'editor.hover.delay': 150,
    'git.openRepositoryInParentFolders': 'never',
    'git.enabled': false,
    'workbench.colorTheme': 'Default Dark Modern',
    ...settings,
  }, null, 2));
  port ??= await freePort();
  const child = spawn(process.execPath, [CODE_SERVER_ENTRY, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--disable-telemetry',
    '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override'], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env }, detached: true,
  });
  child.stdout.on('data', (d) => log(`[code-server] ${d}`));
  child.stderr.on('data', (d) => log(`[code-server] ${d}`));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with status ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) { stopProcess(child); throw new Error('code-server did not start within 60 s'); }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, origin, userDataDir, extensionsDir, stop: () => stopProcess(child) };
}

/** Stops code-server and its children; resolves once it has exited (SIGKILL after 2 s). */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const kill = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } resolveStop(); }, 2000);
    child.once('exit', () => { clearTimeout(kill); resolveStop(); });
    try { process.kill(-child.pid, 'SIGTERM'); } catch { clearTimeout(kill); resolveStop(); }
  });
}

/** The workbench URL for a folder, optionally running extension tests (payload as VS Code's web test runner uses it). */
function workbenchUrl({ origin, port, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const params = new URLSearchParams({ folder });
  const payload = [];
  const remote = (path) => `vscode-remote://127.0.0.1:${port}${resolve(path)}`;
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  if (payload.length > 0) params.set('payload', JSON.stringify(payload));
  return `${origin}/?${params.toString()}`;
}

async function launchBrowser() {
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

module.exports = { REPO_ROOT, CODE_SERVER_ENTRY, CHROMIUM, CHROMIUM_ARGS, freePort, startCodeServer, workbenchUrl, launchBrowser };
