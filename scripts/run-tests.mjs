// Runs the unit tests (mocha in node) and then the integration tests (mocha inside a real VS Code
// extension host). Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import Mocha from 'mocha';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const only = process.argv.includes('--unit') ? 'unit' : process.argv.includes('--integration') ? 'integration' : 'all';

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

if (only !== 'integration') {
  const mocha = new Mocha({ timeout: 60_000, reporter: 'spec' });
  for (const file of filesUnder('out/test/unit', '.test.js')) mocha.addFile(resolve(file));
  const runner = await new Promise((done) => { const r = mocha.run(() => done(r)); });
  passed += runner.stats.passes;
  failed += runner.stats.failures;
}

if (only !== 'unit') {
  // The integration launcher prints its own counts as a JSON line starting with "INTEGRATION-RESULT ".
  const child = spawnSync(process.execPath, ['out/test/integration/runIntegration.js'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(child.stdout ?? '');
  const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('INTEGRATION-RESULT '));
  if (line) {
    const counts = JSON.parse(line.slice('INTEGRATION-RESULT '.length));
    passed += counts.passed;
    failed += counts.failed;
  }
  if (child.status !== 0 || !line) {
    console.error(`integration tests did not complete (exit status ${child.status})`);
    failed += line ? 0 : 1;
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
