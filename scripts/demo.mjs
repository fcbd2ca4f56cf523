// `npm run demo`: opens the extension in a real VS Code (code-server) on the sample workspace demo/workspace/
// and prints the URL to open in a browser. Runs until Ctrl+C. Installs code-server first if needed
// (scripts/setup-code-server.mjs, as for the tests). Environment: BLOOM_LENS_DEMO_PORT (default: a free port).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const { startCodeServer, workbenchUrl, CODE_SERVER_ENTRY, REPO_ROOT } = require('./code-server.cjs');

if (!existsSync(join(REPO_ROOT, 'dist/extension.js')) || !existsSync(join(REPO_ROOT, 'dist/webview.js'))) {
  console.error('dist/ is missing: run "npm run demo" (it builds first) or "node scripts/build.mjs".');
  process.exit(1);
}
if (!existsSync(CODE_SERVER_ENTRY)) {
  console.log('Installing code-server (once) ...');
  const setup = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/setup-code-server.mjs')], { stdio: 'inherit' });
  if (setup.status !== 0) {
    console.error('could not install code-server (see above)');
    process.exit(1);
  }
}

// Work on a copy so the demo's edits ("Apply to source") never touch the repository.
const workspace = mkdtempSync(join(tmpdir(), 'bloom-lens-demo-'));
cpSync(resolve(REPO_ROOT, 'demo/workspace'), workspace, { recursive: true });

const port = process.env.BLOOM_LENS_DEMO_PORT ? Number(process.env.BLOOM_LENS_DEMO_PORT) : undefined;
const server = await startCodeServer({ port, settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
const url = workbenchUrl({ origin: server.origin, port: server.port, folder: workspace, extensionDevelopmentPath: REPO_ROOT });

console.log(`
Bloom Lens is running in VS Code (code-server) on a sample workspace (${workspace}).

  Open: ${url}

Try: hover a configuration (capacity-notes.md, SessionCache.java, seen.go, ...), click "Open in designer",
or run "Bloom Lens: Open Designer" from the command palette (F1).
Press Ctrl+C to stop.
`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
