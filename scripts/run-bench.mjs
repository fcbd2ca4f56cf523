// Runs every benchmark in out/test/bench (each prints its numbers and ratios and exits non-zero
// when a budget is missed). Prints a closing summary.
import { readdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dir = 'out/test/bench';
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.js')).sort() : [];
let failedBenches = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', `${dir}/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failedBenches++;
}
console.log(`\nbench: ${files.length - failedBenches} passed, ${failedBenches} failed`);
process.exit(failedBenches > 0 ? 1 : 0);
