/**
 * The README's "Verified against the running libraries" table, written from what the conformance suite
 * measured, so it cannot drift. A run records one row per library in test/conformance/verified.json
 * (committed; no timings or dates, so a rerun with the same seeds writes the same file) and rewrites
 * the README between the markers. The unit test test/unit/conformance-readme.test.ts fails when the
 * committed README section differs from what verified.json renders.
 */

export const README_BEGIN = '<!-- conformance-table:begin (written by npm run conformance; do not edit) -->';
export const README_END = '<!-- conformance-table:end -->';

/** One library as the last run saw it. */
export interface VerifiedLibrary {
  readonly id: string;
  readonly name: string;
  readonly version?: string;
  readonly status: string;
  readonly tolerance: number;
  readonly configs: readonly VerifiedConfig[];
}

export interface VerifiedConfig {
  readonly label: string;
  readonly status: string;
  /** undefined: Bloom Lens derives no m (no recogniser). */
  readonly mAgree?: boolean;
  readonly kAgree?: boolean;
  readonly fpOurs?: number;
  readonly fpMeasured?: number;
  /** The library's own error when it refused (and Bloom Lens's BL001 matched it when status is PASS). */
  readonly refused?: string;
}

/** Modules whose library cannot run here: why, and what their sizing follows instead. */
export const NOT_RUNNABLE: readonly { readonly library: string; readonly why: string }[] = [
  { library: 'RedisBloom, Valkey bloom, Redisson, Redis clients', why: 'a Redis server module; not packaged in Debian 12 or npm' },
  { library: 'Apache Cassandra, HBase, Hudi, ORC, Spark, Algebird', why: 'JVM servers or libraries not packaged in Debian 12' },
  { library: 'ClickHouse', why: 'not packaged in Debian 12' },
  { library: 'Bitcoin Core, bitcoinj', why: 'not packaged in Debian 12' },
  { library: 'Rust crates (fastbloom, bloomfilter, growable-bloom-filter, rbloom), Python (pybloom)', why: 'crates.io and PyPI are not reachable here' },
  { library: 'Go: bbloom, boom, holiman/bloomfilter, goleveldb, Pebble, TiKV', why: 'not packaged in Debian 12 (goleveldb, Pebble and TiKV size as LevelDB and RocksDB, which run)' },
  { library: 'Partow bloom, Apache Commons Collections, eBPF bloom maps', why: 'not packaged in Debian 12, or needs a kernel with BPF' },
];

/** 0.01234 -> "1.234%" (four significant digits, as the suite prints). */
function percent(rate: number): string {
  if (rate === 0) return '0';
  return `${Number((rate * 100).toPrecision(4))}%`;
}

function mkColumn(library: VerifiedLibrary): string {
  const built = library.configs.filter((c) => c.refused === undefined);
  const compared = built.filter((c) => c.mAgree !== undefined);
  if (compared.length === 0) return '(no recogniser: FP only)';
  const equal = compared.filter((c) => c.mAgree && c.kAgree !== false).length;
  return equal === compared.length ? `equal (${equal} of ${built.length})` : `equal in ${equal} of ${built.length}`;
}

function fpColumn(library: VerifiedLibrary): string {
  const rows = library.configs.filter((c) => c.refused === undefined && c.fpMeasured !== undefined);
  if (rows.length === 0) return 'm and k only (not measured)';
  return rows.map((c) => `${c.fpOurs !== undefined ? percent(c.fpOurs) : '—'} / ${percent(c.fpMeasured as number)}${c.status === 'XFAIL' ? ' (known issue)' : ''}`).join(', ');
}

function refusalColumn(library: VerifiedLibrary): string {
  const refused = library.configs.filter((c) => c.refused !== undefined);
  if (refused.length === 0) return '—';
  const messages = [...new Set(refused.map((c) => c.refused as string))];
  const ok = refused.every((c) => c.status === 'PASS');
  return `${refused.length}: ${messages.map((m) => `"${m.replace(/\|/g, '\\|')}"`).join('; ')}${ok ? ' (BL001 quotes it)' : ' (MISMATCH)'}`;
}

/** The markdown between the README markers. */
export function renderVerifiedTable(libraries: readonly VerifiedLibrary[]): string {
  const lines = [
    '| library (version) | configurations | m and k | FP: Bloom Lens / measured | refusals (library throws) | tolerance | status |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const library of libraries) {
    const configs = library.configs.map((c) => c.label).join('; ');
    lines.push(`| ${library.name}${library.version ? ` ${library.version}` : ''} | ${configs} | ${mkColumn(library)} | ${fpColumn(library)} | ${refusalColumn(library)} | ${Math.round(library.tolerance * 100)}% | ${library.status} |`);
  }
  lines.push('', 'Not run here (their sizing follows the source line cited in each module, `src/libraries/`):', '');
  for (const entry of NOT_RUNNABLE) lines.push(`- ${entry.library}: ${entry.why}.`);
  return lines.join('\n');
}

/** README text with the section between the markers replaced (throws when the markers are missing). */
export function replaceVerifiedSection(readme: string, table: string): string {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no "${README_BEGIN}" ... "${README_END}" section`);
  return `${readme.slice(0, begin + README_BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}

/** The section as committed (between the markers), for the unit test. */
export function committedVerifiedSection(readme: string): string | undefined {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  return begin < 0 || end < begin ? undefined : readme.slice(begin + README_BEGIN.length + 1, end - 1);
}
