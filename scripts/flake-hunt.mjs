// The flake hunt: repeats the suites that can race, N times each, beside a process keeping one core busy, and
// counts the failures per test. A test that fails by chance is a bug: this makes it show, with a count.
//
// Usage: node scripts/flake-hunt.mjs [--runs 20] [--suites unit,integration,web,e2e] [--throttle 4] [--no-busy]
//   --throttle N   runs the e2e suite with the browser's CPU throttled N times (BLOOM_LENS_CPU_THROTTLE)
// Builds once (npm test's build), then runs `node scripts/run-tests.mjs --<suite>` per run and suite. Writes every
// run's log to test-artifacts/flake-hunt/ and a summary to test-artifacts/flake-hunt/summary.md; exits non-zero if
// any run failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(option('runs', '20'));
const suites = option('suites', 'unit,integration,web,e2e').split(',');
const throttle = option('throttle', '4');
const busy = !process.argv.includes('--no-busy');
const out = join('test-artifacts', 'flake-hunt');
mkdirSync(out, { recursive: true });

const build = spawnSync('node', ['scripts/build.mjs', '--tests'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const spinner = busy ? spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }) : undefined;
const stop = () => spinner?.kill();
process.on('exit', stop);
process.on('SIGINT', () => { stop(); process.exit(130); });

/** Failed tests' titles from mocha's spec reporter: the numbered entries of its failure list ("  1) suite\n  title:"). */
function failedTitles(log) {
  const titles = [];
  const lines = log.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = /^ {2}(\d+)\) (.+)$/.exec(lines[i]);
    if (!head) continue;
    const parts = [head[2].trim()];
    for (let j = i + 1; j < lines.length && /^ {5,}\S/.test(lines[j]); j++) {
      parts.push(lines[j].trim());
      if (lines[j].trim().endsWith(':')) break;
    }
    titles.push(parts.join(' / ').replace(/:$/, ''));
  }
  // An extension-host child that ended without its result line counts as one failure of the suite.
  for (const line of lines) if (/did not complete \(exit status/.test(line)) titles.push(line.trim());
  return titles;
}

const failures = new Map(); // "suite: title" -> count
const perSuite = Object.fromEntries(suites.map((s) => [s, { runs: 0, red: 0, seconds: 0 }]));
for (let run = 1; run <= runs; run++) {
  for (const suite of suites) {
    const started = Date.now();
    const env = { ...process.env, ...(suite === 'e2e' && Number(throttle) > 1 ? { BLOOM_LENS_CPU_THROTTLE: throttle } : {}) };
    const child = spawnSync(process.execPath, ['scripts/run-tests.mjs', `--${suite}`], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const log = `${child.stdout ?? ''}\n${child.stderr ?? ''}`;
    writeFileSync(join(out, `${suite}-${run}.log`), log);
    const seconds = (Date.now() - started) / 1000;
    const summary = /tests: (\d+) passed, (\d+) failed/.exec(log);
    const red = child.status !== 0;
    perSuite[suite].runs++;
    perSuite[suite].seconds += seconds;
    if (red) perSuite[suite].red++;
    const titles = red ? failedTitles(log) : [];
    if (red && titles.length === 0) titles.push(`(exit status ${child.status}, no failure listed: see ${suite}-${run}.log)`);
    for (const title of titles) failures.set(`${suite}: ${title}`, (failures.get(`${suite}: ${title}`) ?? 0) + 1);
    console.log(`run ${run} ${suite}: ${red ? 'RED' : 'green'} ${summary ? `${summary[1]} passed, ${summary[2]} failed` : ''} in ${seconds.toFixed(0)} s, load ${loadavg()[0].toFixed(1)}${titles.length ? `\n  ${titles.join('\n  ')}` : ''}`);
  }
}
stop();

const lines = [
  `# Flake hunt: ${runs} runs of ${suites.join(', ')}${busy ? ', one core kept busy' : ''}${suites.includes('e2e') ? `, e2e throttled ${throttle}x` : ''}`,
  '',
  '| suite | runs | red | mean time |',
  '|---|---|---|---|',
  ...suites.map((s) => `| ${s} | ${perSuite[s].runs} | ${perSuite[s].red} | ${(perSuite[s].seconds / Math.max(perSuite[s].runs, 1)).toFixed(0)} s |`),
  '',
  failures.size ? '| failing test | failures |' : 'No failures.',
  ...(failures.size ? ['|---|---|', ...[...failures].sort((a, b) => b[1] - a[1]).map(([title, count]) => `| ${title.replace(/\|/g, '\\|')} | ${count} |`)] : []),
];
writeFileSync(join(out, 'summary.md'), `${lines.join('\n')}\n`);
console.log(`\n${lines.join('\n')}`);
process.exit(failures.size ? 1 : 0);
