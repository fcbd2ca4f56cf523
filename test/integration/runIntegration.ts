/**
 * Runs the integration suites inside a real VS Code extension host through @vscode/test-electron's
 * runTests. Here (no internet) the "VS Code executable" is scripts/vscode-launcher.mjs, which runs
 * code-server + Chromium; with BLOOM_LENS_VSCODE set to a desktop VS Code binary it uses that instead.
 * Prints the report written by the extension host and a line "INTEGRATION-RESULT {passed, failed}".
 */
import { runTests } from '@vscode/test-electron';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

async function main(): Promise<void> {
  const repoRoot = resolve(__dirname, '../../..');
  const reportPath = resolve(__dirname, 'integration-report.json');
  rmSync(reportPath, { force: true });
  let status = 0;
  try {
    await runTests({
      vscodeExecutablePath: process.env.BLOOM_LENS_VSCODE ?? resolve(repoRoot, 'scripts/vscode-launcher.mjs'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: resolve(__dirname, 'index'),
      launchArgs: [resolve(repoRoot, 'test/integration/workspace')],
    });
  } catch (error) {
    status = 1;
    console.error(`integration run failed: ${(error as Error).message}`);
  }
  if (!existsSync(reportPath)) {
    console.error('the extension host wrote no report (did the extension load?)');
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { lines: string[]; passed: number; failed: number };
  console.log(report.lines.join('\n'));
  console.log(`INTEGRATION-RESULT ${JSON.stringify({ passed: report.passed, failed: report.failed })}`);
  process.exit(status !== 0 || report.failed > 0 ? 1 : 0);
}

void main();
