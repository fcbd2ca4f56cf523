// Bloom Lens conformance harness for PostgreSQL's contrib bloom index: a throwaway cluster (initdb,
// trust auth, a Unix socket in a temp dir, a free port) run as the postgres user, always stopped on
// exit. Per configuration: a table of `rows` rows with `cols` int4 columns of random even values (bloom has operator classes for int4 and text only), an
// index USING bloom (c1..cN) WITH (length, col1..colN), then `queries` absent values on c1.
// m and k come from the index's metapage (pageinspect): BloomOptions.bloomLength (16-bit words) and
// bitSize[0]. Usage: node pg-harness.mjs <id>:<length>:<cols>:<bits>:<rows>:<queries>:<seed> ...
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const configs = process.argv.slice(2);
// The newest server Debian installed (/usr/lib/postgresql/<major>/bin), unless PG_BIN says otherwise.
const pgBin = process.env.PG_BIN ?? (() => {
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base) ? readdirSync(base).filter((d) => existsSync(join(base, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (majors.length === 0) throw new Error('no PostgreSQL server found under /usr/lib/postgresql (Debian package postgresql)');
  return join(base, majors[0], 'bin');
})();
const asRoot = process.getuid?.() === 0;

function asPostgres(command, args, options = {}) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * BRIN bloom (brin_bloom.c): `brin:<id>:<n_distinct_per_range>:<false_positive_rate>:<pages_per_range>` builds a BRIN
 * index with int4_bloom_ops on a small table and reads the first summary's nhashes and nbits (pageinspect
 * brin_page_items). Only m and k are measured (the FP of a page range needs its real row count). An ERROR while
 * building (the filter is too large for a page) is reported as {"refused": "<its message>"}.
 */
function brin(config, psql, version) {
  const [id, nDistinct, p, pagesPerRange] = config.split(':');
  const table = `tb_${id.replace(/[^a-z0-9_]/gi, '_')}`;
  psql(`CREATE TABLE ${table} (c int4); INSERT INTO ${table} SELECT g FROM generate_series(1, 1000) g;`);
  let line;
  try {
    psql(`CREATE INDEX ${table}_brin ON ${table} USING brin (c int4_bloom_ops(n_distinct_per_range = ${nDistinct}, false_positive_rate = ${p})) WITH (pages_per_range = ${pagesPerRange});`);
    const value = psql(`SELECT value FROM brin_page_items(get_raw_page('${table}_brin', 2), '${table}_brin') LIMIT 1;`);
    const k = Number(/nhashes:\s*(\d+)/.exec(value)?.[1]);
    const m = Number(/nbits:\s*(\d+)/.exec(value)?.[1]);
    line = { id, m, k, n: Number(nDistinct), reps: 0, queries: 0, positives: 0, summary: value, version };
  } catch (error) {
    const message = /ERROR:\s*(.*)/.exec(String(error.stderr ?? error.message))?.[1]?.trim() ?? String(error.message);
    line = { id, refused: message, m: 0, n: Number(nDistinct), reps: 0, queries: 0, positives: 0, version };
  }
  psql(`DROP TABLE ${table};`);
  process.stdout.write(JSON.stringify(line) + '\n');
}

const dir = mkdtempSync(join(tmpdir(), 'bloomlens-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
let started = false;
function stop() {
  if (started) {
    spawnSync(asRoot ? 'runuser' : join(pgBin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(pgBin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => { stop(); process.exit(130); });

try {
  const port = await freePort();
  asPostgres(join(pgBin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  asPostgres(join(pgBin, 'pg_ctl'), ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off -c max_parallel_workers_per_gather=0`, 'start']);
  started = true;
  const psql = (sql) => asPostgres(join(pgBin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-At', '-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres'], { input: sql }).trim();
  psql(readFileSync(join(here, 'probe.sql'), 'utf8'));
  const version = psql('SHOW server_version;');
  for (const config of configs) {
    if (config.startsWith('brin:')) {
      brin(config.slice(5), psql, version);
      continue;
    }
    const [id, length, cols, bits, rows, queries, seed] = config.split(':');
    const table = `t_${id.replace(/[^a-z0-9_]/gi, '_')}`;
    const columns = Array.from({ length: Number(cols) }, (_, i) => `c${i + 1}`);
    const options = [`length = ${length}`, ...columns.map((_, i) => `col${i + 1} = ${bits}`)].join(', ');
    const seedValue = (Number(seed) % 1000) / 1000;
    psql(`
      SELECT setseed(${seedValue / 2});
      CREATE TABLE ${table} (${columns.map((c) => `${c} int4`).join(', ')});
      INSERT INTO ${table} SELECT ${columns.map(() => 'floor(random() * 2 ^ 30)::int4 * 2').join(', ')} FROM generate_series(1, ${Number(rows)});
      CREATE INDEX ${table}_bloom ON ${table} USING bloom (${columns.join(', ')}) WITH (${options});
      VACUUM ANALYZE ${table};`);
    const meta = Buffer.from(psql(`SELECT encode(get_raw_page('${table}_bloom', 0), 'hex');`), 'hex');
    // Page header (24 bytes), then BloomMetaPageData: magickNumber uint32, nStart uint16, nEnd uint16,
    // BloomOptions { int32 vl_len_; int bloomLength (in 16-bit words); int bitSize[INDEX_MAX_KEYS] }.
    const magic = meta.readUInt32LE(24);
    const lengthWords = meta.readInt32LE(36);
    const bitSizes = columns.map((_, i) => meta.readInt32LE(40 + 4 * i));
    const result = psql(`SET enable_seqscan = off; SET enable_indexscan = off; SELECT returned, removed, matched, sum_squares, nodes FROM conformance_probe('${table}', ${Number(queries)}, ${Number(rows)}, ${seedValue / 2 + 0.5});`);
    const [returned, removed, found, sumSquares, nodes] = result.split('|');
    psql(`DROP TABLE ${table};`);
    process.stdout.write(JSON.stringify({
      id, m: lengthWords * 16, k: bitSizes[0], bitSizes, magic: `0x${magic.toString(16)}`, n: Number(cols), rows: Number(rows),
      reps: Number(queries), queries: Number(queries) * Number(rows), positives: Number(removed), returned: Number(returned),
      found: Number(found), sumSquares: Number(sumSquares), nodes, version,
    }) + '\n');
  }
} catch (error) {
  process.stderr.write(`postgres harness: ${error.stderr ?? ''}${error.message}\n`);
  process.exitCode = 2;
} finally {
  stop();
}
