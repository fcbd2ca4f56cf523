#!/usr/bin/env node
/**
 * Precision at repository scale (issue 20), outside CI: scans whole public repositories at fixed commits with
 * the built CLI (`dist/cli.js`) and compares every finding with the hand labels in
 * test/fixtures/precision/labels.json. Prints precision per repository and per recogniser.
 *
 *   node scripts/build.mjs && node scripts/precision.mjs [--dir /tmp/precision] [--sample out.json]
 *
 * Copies: each repository is exported once into `<dir>/<owner+name>` from a bare git directory
 * (`/work/.mirror/<owner+name>/repo`, as the `fetch` tool leaves it, or `--mirrors DIR`); blobs a shallow
 * mirror lacks are skipped. `--sample FILE` writes the findings that have no label yet (to label by hand).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const workDir = option('dir', '/tmp/precision');
const mirrors = option('mirrors', '/work/.mirror');
const samplePath = option('sample', undefined);

const corpus = JSON.parse(readFileSync(join(root, 'test/fixtures/precision/labels.json'), 'utf8'));

/** Exports the tree of `commit` into `target`, file by file (a missing blob is skipped). */
function exportCopy(gitDir, commit, target) {
  const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', commit], { maxBuffer: 1 << 30 }).toString('utf8');
  for (const entry of listing.split('\0')) {
    const match = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (!match || match[1] === '120000' || match[1] === '160000') continue;
    const blob = spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', match[2]], { maxBuffer: 1 << 30 });
    if (blob.status !== 0) continue;
    const path = join(target, match[3]);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, blob.stdout);
  }
  writeFileSync(join(target, '.precision-commit'), commit);
}

function copyOf(repository, commit) {
  const slug = repository.replace('/', '+');
  const target = join(workDir, slug);
  const stamp = join(target, '.precision-commit');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === commit) return target;
  const gitDir = join(mirrors, slug, 'repo');
  if (!existsSync(gitDir)) throw new Error(`no copy of ${repository}: fetch it (github:${repository}) or pass --mirrors`);
  console.error(`exporting ${repository}@${commit.slice(0, 10)} into ${target}`);
  mkdirSync(target, { recursive: true });
  exportCopy(gitDir, commit, target);
  return target;
}

/**
 * A finding shows exactly the expected parameters, with a BL001 when `invalid` is true and none when it is false, and
 * the expected FP rate within 1% when `fp` is given (a cuckoo filter's bucket size shows only in its rate).
 */
const meets = (finding, expect) => JSON.stringify(Object.fromEntries(Object.entries(finding.params).filter(([name]) => name !== 'hashing')))
  === JSON.stringify(expect.params ?? {}) && (expect.invalid === undefined || expect.invalid === finding.diagnostics.some((d) => d.code === 'BL001'))
  && (expect.fp === undefined || Math.abs((finding.derived?.fp ?? 0) - expect.fp) <= 0.01 * expect.fp);
const changed = [];
const labels = new Map(corpus.labels.map((label) => [`${label.repository}|${label.file}|${label.line}|${label.recognizer}`, label]));
const tally = (table, key, verdict) => {
  const row = (table[key] ??= { right: 0, wrongRole: 0, notConfig: 0, unlabelled: 0 });
  row[verdict]++;
};
const byRepository = {};
const byRecognizer = {};
const bySample = {};
const unlabelled = [];
let findingCount = 0;
const seen = new Set();
for (const { repository, commit } of corpus.repositories) {
  const copy = copyOf(repository, commit);
  const out = spawnSync('node', [join(root, 'dist/cli.js'), 'scan', '.', '--format', 'json', '--fail-on', 'never'], { cwd: copy, maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`scan of ${repository} failed: ${out.stderr}`);
  const { findings } = JSON.parse(out.stdout.toString('utf8'));
  findingCount += findings.length;
  for (const finding of findings) {
    const line = finding.range.start.line + 1;
    const key = `${repository}|${finding.file}|${line}|${finding.recognizer}`;
    seen.add(key);
    const label = labels.get(key);
    let verdict = label ? { right: 'right', 'wrong-role-or-value': 'wrongRole', 'not-a-configuration': 'notConfig' }[label.verdict] : 'unlabelled';
    if (label?.expect && meets(finding, label.expect)) verdict = 'right'; // a wrong finding, fixed as its label says
    if (label?.verdict === 'right' && label.params && JSON.stringify(label.params) !== JSON.stringify(finding.params)) {
      changed.push(`${repository} ${finding.file}:${line} ${finding.recognizer} judged right with ${JSON.stringify(label.params)}, now ${JSON.stringify(finding.params)}`);
    }
    tally(byRepository, repository, verdict);
    tally(bySample, label?.sample ?? (label ? 'first' : 'none'), verdict);
    tally(byRecognizer, finding.recognizer, verdict);
    if (!label) unlabelled.push({ repository, commit, file: finding.file, line, recognizer: finding.recognizer, params: finding.params });
  }
}

const rows = (table) => Object.entries(table).sort(([a], [b]) => a.localeCompare(b)).map(([key, row]) => {
  const judged = row.right + row.wrongRole + row.notConfig;
  const precision = judged ? `${((100 * row.right) / judged).toFixed(1)}%` : '-';
  return `  ${key.padEnd(36)} ${String(row.right).padStart(4)} right ${String(row.wrongRole).padStart(3)} wrong-role ${String(row.notConfig).padStart(3)} not-config ${String(row.unlabelled).padStart(4)} unlabelled  precision ${precision}`;
});
const total = Object.values(byRepository).reduce((sum, row) => ({ right: sum.right + row.right, judged: sum.judged + row.right + row.wrongRole + row.notConfig }), { right: 0, judged: 0 });
// A labelled finding the scan no longer reports: a false positive fixed, or (if it was right) a finding lost.
const gone = corpus.labels.filter((label) => !seen.has(`${label.repository}|${label.file}|${label.line}|${label.recognizer}`));
console.log(`${findingCount} findings in ${corpus.repositories.length} repositories`);
console.log('per repository:');
console.log(rows(byRepository).join('\n'));
console.log('per recogniser:');
console.log(rows(byRecognizer).join('\n'));
console.log('per sample (first: drawn from the scan before the changes; held-out: drawn after the first fixes):');
console.log(rows(bySample).join('\n'));
console.log(`precision over labelled findings: ${total.right}/${total.judged} = ${total.judged ? ((100 * total.right) / total.judged).toFixed(1) : '-'}%`);
// A right finding reported now by another recogniser or on another line (`supersededBy`, checked here) is no loss.
const supersededBy = (label) => label.supersededBy && seen.has(`${label.repository}|${label.file}|${label.supersededBy.line}|${label.supersededBy.recognizer}`);
const lost = gone.filter((l) => l.verdict === 'right' && !supersededBy(l));
console.log(`labelled findings no longer reported: ${gone.length} (${gone.filter((l) => l.verdict === 'right').length} of them labelled right, ${lost.length} lost)`);
for (const label of gone.filter((l) => l.verdict === 'right')) {
  const by = supersededBy(label) ? `superseded by ${label.supersededBy.recognizer} at line ${label.supersededBy.line}` : 'lost';
  console.log(`  ${by}: ${label.repository} ${label.file}:${label.line} ${label.recognizer}`);
}
console.log(`findings judged right whose parameters changed (re-judge them): ${changed.length}`);
for (const line of changed) console.log(`  ${line}`);
if (samplePath) writeFileSync(samplePath, JSON.stringify(unlabelled, null, 1));
