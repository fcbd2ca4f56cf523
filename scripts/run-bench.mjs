// Runs every benchmark in out/test/bench. Each prints its figures: absolute budgets (% of budget, for a person;
// asserted only with --strict) and ratios against a reference measured in the same run (always asserted).
// Gathers every figure into test-artifacts/bench.json and prints a closing summary.
import { readdirSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const strict = process.argv.includes('--strict');
const dir = 'out/test/bench';
const artifacts = resolve('test-artifacts');
mkdirSync(artifacts, { recursive: true });
const lines = join(artifacts, 'bench.jsonl');
rmSync(lines, { force: true });

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.js')).sort() : [];
let failedBenches = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', `${dir}/${file}`, ...(strict ? ['--strict'] : [])],
    { stdio: 'inherit', env: { ...process.env, BLOOM_LENS_BENCH_JSON: lines } });
  if (result.status !== 0) failedBenches++;
}

const figures = existsSync(lines) ? readFileSync(lines, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
rmSync(lines, { force: true });
writeFileSync(join(artifacts, 'bench.json'), JSON.stringify({ strict, date: new Date().toISOString(), figures }, null, 2));
const over = figures.filter((f) => f.kind === 'budget' && f.percentOfBudget > 100).length;
const ratios = figures.filter((f) => f.kind === 'ratio');
const failedRatios = ratios.filter((f) => f.ratio > f.maxRatio).length;
console.log(`\nbudgets: ${figures.length - ratios.length - over} within, ${over} over${strict ? ' (asserted: --strict)' : ' (not asserted; --strict asserts them)'}`);
console.log(`ratios: ${ratios.length - failedRatios} passed, ${failedRatios} failed`);
console.log(`figures: test-artifacts/bench.json`);
console.log(`bench: ${files.length - failedBenches} passed, ${failedBenches} failed`);
process.exit(failedBenches > 0 ? 1 : 0);
