/**
 * Entry point VS Code calls inside the extension host (extensionTestsPath): runs every
 * out/test/integration/suite/*.test.js with mocha and writes a readable report beside this file,
 * which the launcher prints (the host's own console does not reach the terminal).
 */
import Mocha from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 600_000 }); // a hang guard: a busy machine may take minutes, and no test is judged by its speed
  const suiteDir = join(__dirname, 'suite');
  for (const file of readdirSync(suiteDir).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(join(suiteDir, file));
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  const write = (): void => writeFileSync(join(__dirname, 'integration-report.json'), JSON.stringify({ lines, passed, failed }));
  // Measurements the suites report (globalThis.bloomLensReport) go into the printed report.
  (globalThis as { bloomLensReport?: (line: string) => void }).bloomLensReport = (line) => lines.push(`      ${line}`);
  return new Promise((resolveRun, reject) => {
    const runner = mocha.run((failures) => {
      lines.push(`integration (in VS Code ${require('vscode').version}): ${passed} passing, ${failed} failing`);
      write();
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolveRun();
    });
    runner.on('suite', (suite) => { if (suite.title) lines.push(`  ${suite.fullTitle()}`); });
    runner.on('pass', (test) => { passed++; lines.push(`    ✓ ${test.title} (${test.duration ?? 0} ms)`); });
    runner.on('fail', (test, error) => {
      failed++;
      lines.push(`    ✗ ${test.title}`, `      ${String((error as Error)?.stack ?? error).split('\n').slice(0, 6).join('\n      ')}`);
      write();
    });
  });
}
