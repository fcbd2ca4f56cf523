/**
 * The conformance suite: runs each real library's harness, asks Bloom Lens (predict.ts) for m, k and
 * the FP, compares, prints one table per library and writes test-artifacts/conformance.json.
 * Started by scripts/conformance/run.mjs (which installs the libraries and builds the harnesses);
 * environment: CONFORMANCE_ROOT (repository root), CONFORMANCE_CACHE (built harnesses, npm cache),
 * CONFORMANCE_ONLY (comma-separated library ids), CONFORMANCE_SKIP (ids that could not be prepared, with
 * reasons, JSON), CONFORMANCE_JAVA_CP.
 *
 * Status of one configuration:
 *   PASS     m and k equal the library's and the faithful model's FP is inside the interval;
 *   PENDING  m and k agree, but Bloom Lens has no model of this layout yet (the textbook rate stands in;
 *            its comparison is printed but does not decide the run);
 *   XFAIL    a disagreement listed in known-issues.ts (reported upstream, not fixed yet);
 *   XPASS    a listed disagreement no longer happens: remove it from known-issues.ts (fails the run);
 *   FAIL     any other disagreement (fails the run).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KNOWN_ISSUES, knownIssue, Check } from './known-issues';
import { LIBRARIES as BLOOM_LIBRARIES, LibrarySpec, RawResult, HarnessId } from './libraries';
import { BEYOND_LIBRARIES } from './beyondLibraries';
import type { Prediction } from './predict';
import { renderVerifiedTable, replaceVerifiedSection, VerifiedLibrary } from './readme';
import { compareRate, measuredInterval, Z_999 } from './stats';

type Status = 'PASS' | 'PENDING' | 'XFAIL' | 'XPASS' | 'FAIL';

interface ConfigReport {
  readonly id: string;
  readonly label: string;
  readonly status: Status;
  readonly n: number;
  readonly m: { readonly ours?: number; readonly theirs: number; readonly agree?: boolean; readonly core?: number; readonly coreSource?: string };
  readonly k: { readonly ours?: number; readonly theirs?: number; readonly agree?: boolean };
  readonly fp: {
    readonly ours?: number; readonly oursSd?: number; readonly model: string; readonly faithful: boolean;
    readonly measured: number; readonly sd: number; readonly low: number; readonly high: number;
    readonly queries: number; readonly positives: number; readonly groups: number;
    readonly zScore?: number; readonly allowed?: number; readonly withinInterval?: boolean;
  };
  readonly problems: readonly string[];
  readonly expected: readonly string[];
  readonly unexpectedPasses: readonly string[];
  readonly notes: readonly string[];
  /** The library's refusal (its error text) and Bloom Lens's BL001 message, when either refuses. */
  readonly refusal?: { readonly theirs?: string; readonly ours?: string };
  readonly raw: RawResult;
}

interface LibraryReport {
  readonly id: string;
  readonly name: string;
  readonly version?: string;
  readonly tolerance: number;
  readonly toleranceWhy: string;
  readonly status: Status | 'SKIPPED' | 'ERROR';
  readonly seconds: number;
  readonly configs: readonly ConfigReport[];
  readonly notes: readonly string[];
  readonly error?: string;
}

const LIBRARIES: readonly LibrarySpec[] = [...BLOOM_LIBRARIES, ...BEYOND_LIBRARIES];
const root = process.env.CONFORMANCE_ROOT ?? process.cwd();
const cache = process.env.CONFORMANCE_CACHE ?? join(root, 'scripts/conformance/.cache');
const harnessDir = join(root, 'scripts/conformance/harness');
const only = process.env.CONFORMANCE_ONLY ? new Set(process.env.CONFORMANCE_ONLY.split(',').map((s) => s.trim()).filter(Boolean)) : undefined;
const skipped: Record<string, string> = process.env.CONFORMANCE_SKIP ? JSON.parse(process.env.CONFORMANCE_SKIP) : {};

function command(harness: HarnessId, args: readonly string[], scratch: string): [string, string[]] {
  const bin = join(cache, 'bin');
  switch (harness) {
    case 'guava':
      return ['java', ['-cp', process.env.CONFORMANCE_JAVA_CP ?? '', 'GuavaHarness', ...args]];
    case 'rocksdb':
      return [join(bin, 'rocksdb'), [scratch, ...args]];
    case 'leveldb':
      return [join(bin, 'leveldb'), [scratch, ...args]];
    case 'libbloom':
      return [join(bin, 'libbloom'), [...args]];
    case 'go':
      return [join(bin, 'conformance-go'), [...args]];
    case 'npm':
      return [process.execPath, [join(harnessDir, 'js/npm-harness.mjs'), join(cache, 'npm'), ...args]];
    case 'postgres':
      return [process.execPath, [join(harnessDir, 'pg/pg-harness.mjs'), ...args]];
    case 'beyond-npm':
      return [process.execPath, [join(harnessDir, 'js/beyond-harness.mjs'), join(cache, 'npm'), ...args]];
    case 'beyond-go':
      return [join(bin, 'conformance-go-cuckoo'), [...args]];
  }
}

function runHarness(harness: HarnessId, args: readonly string[]): Promise<RawResult[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'bloomlens-conf-'));
  const [cmd, argv] = command(harness, args, scratch);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) => {
      rmSync(scratch, { recursive: true, force: true });
      reject(error);
    });
    child.on('close', (code) => {
      rmSync(scratch, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`${harness} harness exited with ${code}: ${err.trim().slice(-2000)}`));
      try {
        resolve(out.split('\n').filter((line) => line.trim().startsWith('{')).map((line) => JSON.parse(line) as RawResult));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function aptVersion(pkg: string): string | undefined {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function judge(library: LibrarySpec, id: string, label: string, raw: RawResult): ConfigReport {
  const problems: string[] = [];
  const expected: string[] = [];
  const unexpectedPasses: string[] = [];
  const config = library.configs.find((c) => c.id === id);
  if (!config) throw new Error(`harness returned unknown config ${id}`);
  const prediction: Prediction = library.predict(config, raw);
  if (raw.refused !== undefined || prediction.refused !== undefined) return judgeRefusal(id, label, raw, prediction);

  // A harness that measures only m and k (PostgreSQL BRIN) reports no queries: nothing to compare the FP with.
  const fpMeasured = raw.queries > 0;
  const interval = fpMeasured
    ? measuredInterval({ queries: raw.queries, positives: raw.positives, groups: raw.reps, ...(raw.sumSquares !== undefined ? { sumSquares: raw.sumSquares } : {}) })
    : { rate: Number.NaN, sd: 0, sdBinomial: 0, low: 0, high: 0 };
  const verdict = prediction.fp !== undefined && fpMeasured ? compareRate(prediction.fp, interval, library.tolerance, prediction.fpSd ?? 0) : undefined;

  const record = (check: Check, ok: boolean | undefined, text: string): void => {
    const issue = knownIssue(library.id, id, check);
    if (ok === false) (issue ? expected : problems).push(issue ? `${text} (known: ${issue.reason})` : text);
    else if (ok === true && issue) unexpectedPasses.push(`${check} now agrees: remove the known issue (${issue.reason.slice(0, 80)}...)`);
  };
  const mAgree = prediction.m !== undefined ? prediction.m === raw.m : undefined;
  const kAgree = prediction.k !== undefined && raw.k !== undefined ? prediction.k === raw.k : undefined;
  record('m', mAgree, `m: Bloom Lens ${prediction.m} bits, library ${raw.m} bits`);
  if (prediction.k !== undefined && raw.k === undefined) problems.push(`k: Bloom Lens ${prediction.k}, but the library has no k`);
  record('k', kAgree, `k: Bloom Lens ${prediction.k}, library ${raw.k}`);
  // Harnesses that query every member report false negatives; a filter must have none.
  if (typeof raw.falseNegatives === 'number') record('fn', raw.falseNegatives === 0, `fn: ${raw.falseNegatives} of ${raw.n * raw.reps} members reported absent`);
  // The core's own sizing (no known issues: the core is expected to match the library exactly).
  if (prediction.core) {
    if (prediction.core.m !== raw.m) problems.push(`core m: ${prediction.core.source} gives ${prediction.core.m} bits, library ${raw.m}`);
    if (prediction.core.k !== undefined && prediction.core.k !== raw.k) problems.push(`core k: ${prediction.core.source} gives ${prediction.core.k}, library ${raw.k}`);
  }
  let pending = false;
  if (!fpMeasured) {
    // m and k only
  } else if (verdict === undefined) {
    if (prediction.faithful) problems.push('fp: Bloom Lens gives no FP for this configuration');
    else pending = true;
  } else if (prediction.faithful) {
    record('fp', verdict.pass, `fp: Bloom Lens ${fmtRate(prediction.fp)} outside ${fmtRate(interval.rate)} ± ${fmtRate(verdict.allowed)} (${verdict.zScore.toFixed(1)} sd)`);
  } else {
    pending = true;
  }
  let status: Status;
  if (problems.length > 0) status = 'FAIL';
  else if (unexpectedPasses.length > 0) status = 'XPASS';
  else if (expected.length > 0) status = 'XFAIL';
  else if (pending) status = 'PENDING';
  else status = 'PASS';

  return {
    id, label, status, n: raw.n,
    m: { ...(prediction.m !== undefined ? { ours: prediction.m } : {}), theirs: raw.m, ...(mAgree !== undefined ? { agree: mAgree } : {}), ...(prediction.core ? { core: prediction.core.m, coreSource: prediction.core.source } : {}) },
    k: { ...(prediction.k !== undefined ? { ours: prediction.k } : {}), ...(raw.k !== undefined ? { theirs: raw.k } : {}), ...(kAgree !== undefined ? { agree: kAgree } : {}) },
    fp: {
      ...(prediction.fp !== undefined ? { ours: prediction.fp } : {}), ...(prediction.fpSd ? { oursSd: prediction.fpSd } : {}), model: prediction.model, faithful: prediction.faithful,
      measured: interval.rate, sd: interval.sd, low: interval.low, high: interval.high,
      queries: raw.queries, positives: raw.positives, groups: raw.reps,
      ...(verdict ? { zScore: verdict.zScore, allowed: verdict.allowed, withinInterval: verdict.pass } : {}),
    },
    problems, expected, unexpectedPasses, notes: prediction.notes, raw,
  };
}

/**
 * A configuration the library refuses (it throws) or Bloom Lens reports as BL001: both must refuse, and Bloom
 * Lens's BL001 must quote the library's own error message (and show no rates, which predict.ts checks).
 */
function judgeRefusal(id: string, label: string, raw: RawResult, prediction: Prediction): ConfigReport {
  const problems: string[] = [];
  if (raw.refused === undefined) problems.push(`Bloom Lens reports BL001 (${prediction.refused}), but the library builds the filter (m = ${raw.m}, k = ${raw.k})`);
  else if (prediction.refused === undefined) problems.push(`the library refuses ("${raw.refused}"), but Bloom Lens shows m = ${prediction.m}, k = ${prediction.k}, FP ${fmtRate(prediction.fp)} and no BL001`);
  else if (!prediction.refused.includes(raw.refused)) problems.push(`Bloom Lens's BL001 does not quote the library's error "${raw.refused}": ${prediction.refused}`);
  return {
    id, label, status: problems.length > 0 ? 'FAIL' : 'PASS', n: raw.n,
    m: { theirs: raw.m, ...(prediction.m !== undefined ? { ours: prediction.m } : {}) }, k: { ...(raw.k !== undefined ? { theirs: raw.k } : {}) },
    fp: { model: prediction.model, faithful: prediction.faithful, measured: 0, sd: 0, low: 0, high: 0, queries: raw.queries, positives: raw.positives, groups: raw.reps },
    problems, expected: [], unexpectedPasses: [], notes: prediction.notes,
    refusal: { ...(raw.refused !== undefined ? { theirs: raw.refused } : {}), ...(prediction.refused !== undefined ? { ours: prediction.refused } : {}) }, raw,
  };
}

function fmtRate(rate: number | undefined): string {
  if (rate === undefined) return '—';
  if (rate === 0) return '0';
  return rate >= 0.001 ? `${(rate * 100).toFixed(3)}%` : `${(rate * 100).toPrecision(3)}%`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function printLibrary(report: LibraryReport, library: LibrarySpec): void {
  const head = `\n== ${report.name} [${report.id}]${report.version ? ` ${report.version}` : ''} — ${report.status} (${report.seconds.toFixed(1)} s)`;
  console.log(head);
  console.log(`   tolerance ${(report.tolerance * 100).toFixed(0)}%: ${report.toleranceWhy}`);
  if (report.error) console.log(`   ${report.status}: ${report.error}`);
  if (report.configs.length > 0) {
    const hasCore = report.configs.some((c) => c.m.core !== undefined);
    const rows = [['config', 'm ours', ...(hasCore ? ['m core'] : []), 'm theirs', 'k ours', 'k theirs', 'FP ours', 'FP measured ± 99.9%', 'z', 'model', 'status']];
    for (const c of report.configs) {
      if (c.refusal) {
        rows.push([c.label, c.refusal.ours ? 'BL001' : c.m.ours?.toString() ?? '—', ...(hasCore ? ['—'] : []), c.refusal.theirs ? 'throws' : c.m.theirs.toString(), '—', c.k.theirs?.toString() ?? '—', '—', '—', '—', 'refusal', c.status]);
        continue;
      }
      rows.push([
        c.label, c.m.ours?.toString() ?? '—', ...(hasCore ? [c.m.core?.toString() ?? '—'] : []), c.m.theirs.toString(), c.k.ours?.toString() ?? '—', c.k.theirs?.toString() ?? '—',
        c.fp.oursSd ? `${fmtRate(c.fp.ours)} ± ${fmtRate(Z_999 * c.fp.oursSd)}` : fmtRate(c.fp.ours), c.fp.queries > 0 ? `${fmtRate(c.fp.measured)} ± ${fmtRate(Z_999 * c.fp.sd)}` : 'not measured', c.fp.zScore !== undefined ? c.fp.zScore.toFixed(1) : '—',
        c.fp.faithful ? c.fp.model : c.fp.ours !== undefined ? 'textbook stand-in' : 'no model yet', c.status,
      ]);
    }
    const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
    for (const row of rows) console.log('   ' + row.map((cell, col) => pad(cell, widths[col])).join('  '));
    if (hasCore) console.log(`   m core: Bloom Lens's core sizing (${report.configs.find((c) => c.m.coreSource)?.m.coreSource}), checked against the library; "m ours" is what detection shows.`);
    for (const c of report.configs) {
      if (c.refusal?.theirs) console.log(`   ${c.id}: the library throws "${c.refusal.theirs}"${c.refusal.ours ? '; Bloom Lens: BL001, no rates' : ''}`);
      for (const p of c.problems) console.log(`   FAIL ${c.id}: ${p}`);
      for (const p of c.unexpectedPasses) console.log(`   XPASS ${c.id}: ${p}`);
    }
    const expectedOnce = new Set(report.configs.flatMap((c) => c.expected.map((e) => e.replace(/^[a-z]+: .*? \(known: /, '').replace(/\)$/, ''))));
    for (const e of expectedOnce) console.log(`   XFAIL (known issue): ${e}`);
    if (report.configs.some((c) => !c.fp.faithful)) {
      console.log(`   PENDING: ${report.configs.find((c) => !c.fp.faithful)?.fp.model}; the FP comparison above is informative only.`);
    }
  }
  for (const note of library.notes ?? []) console.log(`   note: ${note}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const selected = LIBRARIES.filter((library) => !only || only.has(library.id));
  // Libraries sharing a harness run in one process; different harnesses run two at a time.
  const byHarness = new Map<HarnessId, LibrarySpec[]>();
  for (const library of selected) {
    if (skipped[library.id]) continue;
    byHarness.set(library.harness, [...(byHarness.get(library.harness) ?? []), library]);
  }
  const results = new Map<string, { raws?: RawResult[]; error?: string; seconds: number }>();
  const jobs = [...byHarness.entries()].flatMap(([harness, libraries]) => libraries.map((library) => ({ harness, library })));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const { harness, library } = jobs[next++];
      const t0 = Date.now();
      try {
        const raws = await runHarness(harness, library.configs.map((c) => c.arg));
        results.set(library.id, { raws, seconds: (Date.now() - t0) / 1000 });
      } catch (error) {
        results.set(library.id, { error: error instanceof Error ? error.message : String(error), seconds: (Date.now() - t0) / 1000 });
      }
      process.stderr.write(`conformance: ${library.id} done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
  };
  await Promise.all([worker(), worker()]);

  const reports: LibraryReport[] = [];
  for (const library of selected) {
    const base = { id: library.id, name: library.name, tolerance: library.tolerance, toleranceWhy: library.toleranceWhy, notes: library.notes ?? [] };
    if (skipped[library.id]) {
      reports.push({ ...base, status: 'SKIPPED', seconds: 0, configs: [], error: skipped[library.id] });
      continue;
    }
    const result = results.get(library.id);
    if (!result?.raws) {
      reports.push({ ...base, status: 'ERROR', seconds: result?.seconds ?? 0, configs: [], error: result?.error ?? 'not run' });
      continue;
    }
    let configs: ConfigReport[];
    try {
      configs = result.raws.map((raw) => judge(library, raw.id, library.configs.find((c) => c.id === raw.id)?.label ?? raw.id, raw));
      if (configs.length !== library.configs.length) throw new Error(`harness returned ${configs.length} of ${library.configs.length} configurations`);
    } catch (error) {
      reports.push({ ...base, status: 'ERROR', seconds: result.seconds, configs: [], error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const order: Status[] = ['FAIL', 'XPASS', 'XFAIL', 'PENDING', 'PASS'];
    const status = order.find((s) => configs.some((c) => c.status === s)) ?? 'PASS';
    const version = (library.packageSource === 'apt' ? aptVersion(library.packageName) : undefined) ?? (result.raws[0]?.version as string | undefined);
    reports.push({ ...base, status, seconds: result.seconds, configs, ...(version ? { version } : {}) });
  }

  for (const report of reports) printLibrary(report, LIBRARIES.find((l) => l.id === report.id) as LibrarySpec);

  const count = (s: string): number => reports.filter((r) => r.status === s).length;
  const seconds = (Date.now() - started) / 1000;
  // A library that could not be installed or run fails the run too: a silent skip would be a false green.
  const failed = reports.filter((r) => r.status === 'FAIL' || r.status === 'XPASS' || r.status === 'ERROR' || r.status === 'SKIPPED');
  console.log(`\nconformance: ${reports.length} libraries — ${count('PASS')} pass, ${count('PENDING')} pending a layout model, ${count('XFAIL')} known issues, `
    + `${count('FAIL')} fail, ${count('XPASS')} xpass, ${count('ERROR')} error, ${count('SKIPPED')} skipped; harness time ${seconds.toFixed(1)} s`);

  mkdirSync(join(root, 'test-artifacts'), { recursive: true });
  writeFileSync(join(root, 'test-artifacts/conformance.json'), JSON.stringify({
    generatedAt: new Date().toISOString(), seconds, z: Z_999,
    rule: '|model − measured| ≤ z_0.9995 · sd + tolerance · model; sd = max(binomial, between-group) ',
    knownIssues: KNOWN_ISSUES, libraries: reports,
  }, null, 2) + '\n');
  console.log(`conformance: wrote ${join(root, 'test-artifacts/conformance.json')}`);
  writeVerified(reports);
  if (failed.length > 0) {
    console.log(`conformance: FAILED: ${failed.map((r) => `${r.id} (${r.status})`).join(', ')}`);
    process.exitCode = 1;
  }
}

/** What the README table shows of one library (deterministic: no timings). */
function verifiedOf(report: LibraryReport): VerifiedLibrary {
  return {
    id: report.id, name: report.name, ...(report.version ? { version: report.version } : {}), status: report.status, tolerance: report.tolerance,
    configs: report.configs.map((c) => ({
      label: c.label, status: c.status,
      ...(c.m.agree !== undefined ? { mAgree: c.m.agree } : {}), ...(c.k.agree !== undefined ? { kAgree: c.k.agree } : {}),
      ...(c.refusal ? (c.refusal.theirs !== undefined ? { refused: c.refusal.theirs } : {}) : c.fp.queries > 0 ? { ...(c.fp.ours !== undefined ? { fpOurs: c.fp.ours } : {}), fpMeasured: c.fp.measured } : {}),
    })),
  };
}

/**
 * Records this run in test/conformance/verified.json (libraries not run keep their last record) and rewrites the
 * README's table from it; test/unit/conformance-readme.test.ts checks the two agree.
 */
function writeVerified(reports: readonly LibraryReport[]): void {
  const file = join(root, 'test/conformance/verified.json');
  const previous: VerifiedLibrary[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const byId = new Map(previous.map((library) => [library.id, library]));
  for (const report of reports) byId.set(report.id, verifiedOf(report));
  const ordered = LIBRARIES.map((library) => byId.get(library.id)).filter((library): library is VerifiedLibrary => library !== undefined);
  writeFileSync(file, JSON.stringify(ordered, null, 2) + '\n');
  const readmeFile = join(root, 'README.md');
  const readme = readFileSync(readmeFile, 'utf8');
  const updated = replaceVerifiedSection(readme, renderVerifiedTable(ordered));
  if (updated !== readme) {
    writeFileSync(readmeFile, updated);
    console.log('conformance: README.md "Verified against the running libraries" table rewritten from this run (commit it with test/conformance/verified.json)');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
