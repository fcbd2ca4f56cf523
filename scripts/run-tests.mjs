// Runs the unit tests (mocha in node), the integration tests (mocha inside a real VS Code extension host), the
// web suite (inside VS Code's web worker extension host) and the e2e tests (a real workbench in Chromium).
// Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import Mocha from 'mocha';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const only = ['unit', 'integration', 'web', 'e2e'].find((phase) => process.argv.includes(`--${phase}`)) ?? 'all';

function filesUnder(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  }).sort();
}

let passed = 0;
let failed = 0;

async function runMocha(dir, suffix) {
  const mocha = new Mocha({ timeout: 600_000, reporter: 'spec' }); // a hang guard: no test is judged by its speed
  for (const file of filesUnder(dir, suffix)) mocha.addFile(resolve(file));
  const runner = await new Promise((done) => { const r = mocha.run(() => done(r)); });
  passed += runner.stats.passes;
  failed += runner.stats.failures;
}

if (only !== 'unit') {
  // A real VS Code (code-server) and Chromium, installed once into .vscode-test/ (idempotent).
  const setup = spawnSync(process.execPath, ['scripts/setup-code-server.mjs'], { stdio: 'inherit' });
  if (setup.status !== 0) {
    console.error('could not install code-server for the integration tests');
    process.exit(1);
  }
}

if (only === 'all' || only === 'unit') {
  console.log('\n# unit tests (node)');
  await runMocha('out/test/unit', '.test.js');
}

/**
 * Runs a suite inside a VS Code extension host (a child process) and adds its counts, which the child prints
 * as a line "<marker> {passed, failed}". A child that ends without that line counts as one failure.
 */
function runInHost(what, args, marker) {
  const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(child.stdout ?? '');
  const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith(`${marker} `));
  if (line) {
    const counts = JSON.parse(line.slice(marker.length + 1));
    passed += counts.passed;
    failed += counts.failed;
  }
  if (child.status !== 0 || !line) {
    console.error(`${what} did not complete (exit status ${child.status})`);
    failed += line ? 0 : 1;
  }
}

if (only === 'all' || only === 'integration') {
  console.log('\n# integration tests (inside a real VS Code extension host)');
  runInHost('integration tests', ['out/test/integration/runIntegration.js'], 'INTEGRATION-RESULT');
}

if (only === 'all' || only === 'web') {
  console.log('\n# web tests (inside VS Code\'s web worker extension host, the browser build)');
  runInHost('web tests', ['scripts/vscode-launcher.mjs', '--web', `--extensionDevelopmentPath=${resolve('.')}`,
    `--extensionTestsPath=${resolve('out/test/web/index.js')}`, resolve('test/integration/workspace')], 'WEB-RESULT');
}

if (only === 'all' || only === 'e2e') {
  // The browser's CPU is throttled 4x unless told otherwise (BLOOM_LENS_CPU_THROTTLE=1: not at all), so a test that
  // reads the screen before the state it expects has arrived fails here every time, not once in a while in CI.
  process.env.BLOOM_LENS_CPU_THROTTLE ??= '4';
  console.log(`\n# e2e tests (a real VS Code workbench in Chromium, CPU throttled ${process.env.BLOOM_LENS_CPU_THROTTLE}x)`);
  await runMocha('out/test/e2e', '.e2e.test.js');
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
