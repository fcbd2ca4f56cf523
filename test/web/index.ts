/**
 * Entry point VS Code calls inside the **web worker** extension host (the one vscode.dev uses): runs the web
 * suite with mocha's browser build. Bundled for the browser (no node APIs). Every line of the report goes to
 * the console prefixed "BLOOM-LENS "; VS Code forwards the host's console to the test launcher
 * (codeAutomationLog), which prints those lines and reads the closing "BLOOM-LENS WEB-RESULT {...}".
 */
import 'mocha/mocha.js';

interface BrowserMocha {
  setup(options: { ui: string; reporter: unknown; timeout: number; color?: boolean }): void;
  run(done: (failures: number) => void): { on(event: string, listener: (...args: never[]) => void): void };
}

const say = (line: string): void => console.log(`BLOOM-LENS ${line}`);

export function run(): Promise<void> {
  const mocha = (globalThis as unknown as { mocha: BrowserMocha }).mocha;
  // A silent reporter: the lines below are the report.
  mocha.setup({ ui: 'bdd', reporter: function Silent() { /* nothing */ }, timeout: 600_000 }); // a hang guard: a busy machine may take minutes, and no test is judged by its speed
  require('./suite'); // defines the suites now that describe/it exist
  let passed = 0;
  let failed = 0;
  return new Promise((resolveRun, reject) => {
    const runner = mocha.run((failures) => {
      say(`WEB-RESULT ${JSON.stringify({ passed, failed })}`);
      if (failures > 0) reject(new Error(`${failures} web test(s) failed`));
      else resolveRun();
    });
    runner.on('suite', (suite: { title: string; fullTitle(): string }) => { if (suite.title) say(`  ${suite.fullTitle()}`); });
    runner.on('pass', (test: { title: string; duration?: number }) => { passed++; say(`    ✓ ${test.title} (${test.duration ?? 0} ms)`); });
    runner.on('fail', (test: { title: string }, error: Error) => {
      failed++;
      say(`    ✗ ${test.title}`);
      for (const line of String(error?.stack ?? error).split('\n').slice(0, 6)) say(`      ${line}`);
    });
  });
}
