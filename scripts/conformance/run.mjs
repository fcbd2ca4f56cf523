// `npm run conformance`: checks Bloom Lens's m, k and FP against the real libraries on this machine.
//  1. installs what is missing (idempotent): Debian packages with apt-get, npm packages into
//     scripts/conformance/.cache/npm (never project dependencies);
//  2. builds the harnesses (C, C++, Java, Go) into scripts/conformance/.cache, rebuilding only when a
//     source is newer than its binary;
//  3. bundles test/conformance/main.ts with esbuild and runs it (tables on stdout,
//     test-artifacts/conformance.json, exit code non-zero on any disagreement).
// Options: --only=a,b (library ids), --no-install (fail instead of installing), --list.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const cache = join(here, '.cache');
const harness = join(here, 'harness');
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',').filter(Boolean);
const noInstall = args.includes('--no-install');
const t0 = Date.now();
const log = (text) => process.stderr.write(`conformance: ${text}\n`);

/** Debian packages each harness needs. */
const APT = {
  guava: ['libguava-java', 'openjdk-17-jdk-headless'],
  rocksdb: ['librocksdb-dev', 'g++'],
  leveldb: ['libleveldb-dev', 'g++'],
  libbloom: ['libbloom-dev', 'gcc'],
  go: ['golang-go', 'golang-github-willf-bloom-dev', 'golang-github-greatroar-blobloom-dev'],
  postgres: ['postgresql', 'postgresql-contrib'],
  npm: [],
  'beyond-npm': [],
  'beyond-go': ['golang-go', 'golang-github-seiflotfy-cuckoofilter-dev'],
};
/** npm packages (exact versions) installed into the cache folder for the npm harness. */
const NPM = { 'bloom-filters': '3.0.4', bloomfilter: '1.1.0', '@dsnp/parquetjs': '1.8.9', 'bloom-filter': '0.2.0', bfilter: '2.4.0', 'binary-fuse-filter': '1.0.0' };
/** Which harness each library id uses (mirrors test/conformance/libraries.ts). */
const LIBRARY_HARNESS = {
  guava: 'guava', 'bits-and-blooms': 'go', blobloom: 'go', libbloom: 'libbloom', 'bloom-filters': 'npm', bloomfilter: 'npm',
  'parquet-sbbf': 'npm', bitcore: 'npm', bcoin: 'npm', 'bloom-filters-partitioned': 'npm', 'bloom-filters-scalable': 'npm', rocksdb: 'rocksdb', 'rocksdb-ribbon': 'rocksdb', 'rocksdb-legacy': 'rocksdb', leveldb: 'leveldb', 'postgres-bloom': 'postgres', 'postgres-brin': 'postgres',
  // issue 19, test/conformance/beyondLibraries.ts
  'bloom-filters-counting': 'beyond-npm', 'bloom-filters-cuckoo': 'beyond-npm', 'bloom-filters-xor': 'beyond-npm',
  'binary-fuse-filter': 'beyond-npm', 'seiflotfy-cuckoo': 'beyond-go', 'rocksdb-ribbon-compare': 'rocksdb',
};
if (args.includes('--list')) {
  console.log(Object.keys(LIBRARY_HARNESS).join('\n'));
  process.exit(0);
}
const libraries = only ?? Object.keys(LIBRARY_HARNESS);
for (const id of libraries) if (!LIBRARY_HARNESS[id]) throw new Error(`unknown library ${id} (try --list)`);
const harnesses = [...new Set(libraries.map((id) => LIBRARY_HARNESS[id]))];
/** Harness -> why it cannot run (its libraries are reported as SKIPPED, which fails the run). */
const broken = {};

function installed(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function aptInstall() {
  const wanted = [...new Set(harnesses.flatMap((h) => APT[h]))];
  const missing = wanted.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  if (noInstall) {
    for (const h of harnesses) if (APT[h].some((p) => missing.includes(p))) broken[h] = `missing Debian packages: ${APT[h].filter((p) => missing.includes(p)).join(', ')} (--no-install)`;
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (argv) => {
    log(`${[...sudo, ...argv].join(' ')}`);
    const r = spawnSync(sudo[0] ?? argv[0], [...sudo.slice(1), ...(sudo.length ? argv : argv.slice(1))], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return r.status === 0;
  };
  const aptArgs = ['-o', 'DPkg::Lock::Timeout=600', '-y', '--no-install-recommends'];
  let ok = run(['apt-get', ...aptArgs, 'install', ...missing]);
  if (!ok) {
    run(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'update']);
    ok = run(['apt-get', ...aptArgs, 'install', ...missing]);
  }
  if (!ok) {
    // Install harness by harness, so one unavailable package only takes its own libraries down.
    for (const h of harnesses) {
      const need = APT[h].filter((p) => !installed(p));
      if (need.length && !run(['apt-get', ...aptArgs, 'install', ...need])) broken[h] = `apt-get install ${need.join(' ')} failed`;
    }
  }
}

function npmInstall() {
  if (!harnesses.includes('npm') && !harnesses.includes('beyond-npm')) return;
  const dir = join(cache, 'npm');
  const current = (name) => {
    const file = join(dir, 'node_modules', name, 'package.json');
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version.replace(/^v/, '') : undefined;
  };
  const missing = Object.entries(NPM).filter(([name, version]) => current(name) !== version);
  if (missing.length === 0) return;
  if (noInstall) {
    broken.npm = `missing npm packages: ${missing.map(([n]) => n).join(', ')} (--no-install)`;
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bloom-lens-conformance-cache', private: true }, null, 2) + '\n');
  log(`npm install ${missing.map(([n, v]) => `${n}@${v}`).join(' ')} (into ${dir})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error',
    ...Object.entries(NPM).map(([n, v]) => `${n}@${v}`)], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) broken.npm = 'npm install into the conformance cache failed';
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
function stale(output, sources) {
  const built = mtime(output);
  return built === 0 || sources.some((s) => mtime(s) > built);
}

function build(h, output, sources, argv, env = {}) {
  if (broken[h]) return;
  if (!stale(output, sources)) return;
  log(`building ${h} harness`);
  mkdirSync(dirname(output), { recursive: true });
  const r = spawnSync(argv[0], argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  if (r.status !== 0) broken[h] = `building the ${h} harness failed (${argv.join(' ')})`;
}

function buildHarnesses() {
  const bin = join(cache, 'bin');
  const keys = join(harness, 'keys.h');
  if (harnesses.includes('rocksdb')) {
    build('rocksdb', join(bin, 'rocksdb'), [join(harness, 'rocksdb.cc'), keys], ['g++', '-O2', '-std=c++17', `-I${harness}`, join(harness, 'rocksdb.cc'), '-lrocksdb', '-o', join(bin, 'rocksdb')]);
  }
  if (harnesses.includes('leveldb')) {
    build('leveldb', join(bin, 'leveldb'), [join(harness, 'leveldb.cc'), keys], ['g++', '-O2', '-std=c++17', `-I${harness}`, join(harness, 'leveldb.cc'), '-lleveldb', '-o', join(bin, 'leveldb')]);
  }
  if (harnesses.includes('libbloom')) {
    build('libbloom', join(bin, 'libbloom'), [join(harness, 'libbloom.c'), keys], ['gcc', '-O2', `-I${harness}`, join(harness, 'libbloom.c'), '-lbloom', '-o', join(bin, 'libbloom')]);
  }
  if (harnesses.includes('go')) {
    // GOPATH mode over Debian's /usr/share/gocode: offline, no module proxy, no go.sum.
    build('go', join(bin, 'conformance-go'), [join(harness, 'go/main.go')], ['go', 'build', '-o', join(bin, 'conformance-go'), join(harness, 'go/main.go')],
      { GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(cache, 'gocache'), GOPROXY: 'off', GOFLAGS: '', GOTOOLCHAIN: 'local' });
  }
  if (harnesses.includes('beyond-go')) {
    build('beyond-go', join(bin, 'conformance-go-cuckoo'), [join(harness, 'go-cuckoo/main.go')], ['go', 'build', '-o', join(bin, 'conformance-go-cuckoo'), join(harness, 'go-cuckoo/main.go')],
      { GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(cache, 'gocache'), GOPROXY: 'off', GOFLAGS: '', GOTOOLCHAIN: 'local' });
  }
  if (harnesses.includes('guava')) {
    build('guava', join(cache, 'java', 'GuavaHarness.class'), [join(harness, 'java/GuavaHarness.java')],
      ['javac', '-cp', guavaClasspath(), '-d', join(cache, 'java'), join(harness, 'java/GuavaHarness.java')]);
  }
}

function guavaClasspath() {
  const jars = ['/usr/share/java/guava.jar', '/usr/share/java/failureaccess.jar'].filter(existsSync);
  return [...jars, join(cache, 'java')].join(':');
}

async function bundleSuite() {
  const esbuild = await import('esbuild');
  const outfile = join(cache, 'conformance.cjs');
  // jsonc-parser's UMD `main` requires its parts lazily, which esbuild cannot follow: its ES module build, as scripts/build.mjs does
  await esbuild.build({ entryPoints: [join(root, 'test/conformance/main.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'es2022', logLevel: 'warning', sourcemap: true,
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' } });
  return outfile;
}

mkdirSync(cache, { recursive: true });
aptInstall();
npmInstall();
if (broken.npm) broken['beyond-npm'] = broken.npm;
buildHarnesses();
const suite = await bundleSuite();
const skip = {};
for (const id of libraries) if (broken[LIBRARY_HARNESS[id]]) skip[id] = broken[LIBRARY_HARNESS[id]];
log(`prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s; running ${libraries.length} libraries`);
const r = spawnSync(process.execPath, ['--enable-source-maps', suite], {
  stdio: 'inherit', cwd: root,
  env: { ...process.env, CONFORMANCE_ROOT: root, CONFORMANCE_CACHE: cache, CONFORMANCE_ONLY: libraries.join(','), CONFORMANCE_SKIP: JSON.stringify(skip), CONFORMANCE_JAVA_CP: guavaClasspath() },
});
log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(r.status ?? 1);
