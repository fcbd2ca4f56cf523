// Bloom Lens conformance harness for the npm libraries, installed by the runner into a cache folder
// (not project dependencies):
//   bloom-filters  BloomFilter.create(n, p); m = _size, k = _nbHashes.
//   bloomfilter    BloomFilter.withTargetError(n, p); m = .m, k = .k.
//   sbbf           @dsnp/parquetjs SplitBlockBloomFilter (Parquet split-block, xxHash64): the size is
//                  set with setOptionNumFilterBytes(bytes) and read back with getNumFilterBytes(); k = 8.
//   bitcore        bloom-filter (bitpay) BloomFilter.create(n, p); m = vData.length · 8, k = nHashFuncs.
//   bcoin          bfilter BloomFilter.fromRate(n, p, update) (update from the 8th field: -1 lifts the BIP37 limits);
//                  m = size, k = n.
// A library that throws while building the filter is reported as {"refused": "<its error message>"}.
// Usage: node npm-harness.mjs <cacheDir> <lib>:<id>:<n>:<p or bytes>:<reps>:<queriesPerRep>:<seed>[:<p, for sbbf>] ...
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';

const [cacheDir, ...configs] = process.argv.slice(2);
const modules = resolve(cacheDir, 'node_modules');
const require = createRequire(join(modules, 'noop.js'));
const version = (name) => JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;

const M64 = (1n << 64n) - 1n;
function mix(z) {
  z = (z + 0x9e3779b97f4a7c15n) & M64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}
/** The same keys as the native harnesses, as 16-digit hex strings. */
const key = (seed, i, absent) => mix((BigInt(seed) << 40n) + 2n * BigInt(i) + BigInt(absent)).toString(16).padStart(16, '0');

async function makeLibraries() {
  const bloomFilters = require('bloom-filters');
  const bloomfilterJs = await import(pathToFileURL(join(modules, 'bloomfilter', 'bloomfilter.js')).href);
  const sbbfModule = require('@dsnp/parquetjs/dist/lib/bloom/sbbf.js');
  const BitcoreFilter = require('bloom-filter');
  process.env.NODE_BACKEND = 'js'; // bcrypto's pure-JS murmur3 (the runner installs with --ignore-scripts, so no native build)
  const { BloomFilter: BcoinFilter } = require('bfilter');
  const SplitBlockBloomFilter = sbbfModule.default ?? sbbfModule;
  return {
    'bloom-filters': {
      version: version('bloom-filters'),
      create(n, p) {
        const f = bloomFilters.BloomFilter.create(n, p);
        return { m: f._size, k: f._nbHashes, add: (v) => f.add(v), has: (v) => f.has(v) };
      },
    },
    'bloom-filters-partitioned': {
      version: version('bloom-filters'),
      create(n, p) {
        const f = bloomFilters.PartitionedBloomFilter.create(n, p);
        return { m: f._nbHashes * f._m, k: f._nbHashes, add: (v) => f.add(v), has: (v) => f.has(v) };
      },
    },
    'bloom-filters-scalable': {
      version: version('bloom-filters'),
      // ScalableBloomFilter.create(initialSize, p) with n keys: m = the bits of every link, k = the links' count.
      create(n, p, initialSize) {
        const f = bloomFilters.ScalableBloomFilter.create(initialSize, p);
        const bits = () => f._filters.reduce((sum, link) => sum + link._nbHashes * link._m, 0);
        return { get m() { return bits(); }, get k() { return f._filters.length; }, add: (v) => f.add(v), has: (v) => f.has(v) };
      },
    },
    bloomfilter: {
      version: version('bloomfilter'),
      create(n, p) {
        const f = bloomfilterJs.BloomFilter.withTargetError(n, p);
        return { m: f.m, k: f.k, add: (v) => f.add(v), has: (v) => f.test(v) };
      },
    },
    bitcore: {
      version: version('bloom-filter'),
      create(n, p) {
        const f = BitcoreFilter.create(n, p);
        return { m: f.vData.length * 8, k: f.nHashFuncs, add: (v) => f.insert(Buffer.from(v)), has: (v) => f.contains(Buffer.from(v)) };
      },
    },
    bcoin: {
      version: version('bfilter'),
      create(n, p, update, seed) {
        const f = BcoinFilter.fromRate(n, p, update);
        f.tweak = (seed * 0x9e3779b1) >>> 0; // fromRate draws a random tweak; a fixed one keeps the run reproducible
        return { m: f.size, k: f.n, add: (v) => f.add(Buffer.from(v)), has: (v) => f.test(Buffer.from(v)) };
      },
    },
    sbbf: {
      version: version('@dsnp/parquetjs'),
      async create(n, bytes, p) {
        // The library's init() fills its block array with ONE shared Uint32Array
        // (Array(numBlocks).fill(initBlock())), so every key lands in the same 256 bits. The
        // harness records that (sharedBlocks) and probes the library's own hashing and block
        // logic on a correctly allocated array, built the way the library reads a filter back
        // (SplitBlockBloomFilter.from(buffer)).
        const probe = new SplitBlockBloomFilter().setOptionNumFilterBytes(bytes).init();
        const blocks = probe.getFilter();
        const sharedBlocks = blocks.length > 1 && blocks[0] === blocks[1];
        const f = SplitBlockBloomFilter.from(Buffer.alloc(probe.getNumFilterBytes()));
        // For the record: what the library itself allocates for (n, p) through init().
        const ownSizingBytes = p > 0 && p < 1 ? new SplitBlockBloomFilter().setOptionNumDistinct(n).setOptionFalsePositiveRate(p).init().getNumFilterBytes() : undefined;
        return {
          m: f.getNumFilterBytes() * 8,
          k: 8,
          extra: { sharedBlocks, bytes: f.getNumFilterBytes(), blocks: f.getNumFilterBlocks(), ownSizingBytes },
          add: async (v) => f.insert(v),
          has: async (v) => f.check(v),
        };
      },
    },
  };
}

const libraries = await makeLibraries();
for (const config of configs) {
  const [lib, id, nText, pText, repsText, perRepText, seedText, targetText] = config.split(':');
  const library = libraries[lib];
  if (!library) throw new Error(`unknown library ${lib}`);
  const n = Number(nText), p = Number(pText), reps = Number(repsText), perRep = Number(perRepText), seed = Number(seedText);
  let positives = 0, sumSquares = 0, m = 0, k = 0, extra = {};
  let refused;
  for (let r = 0; r < reps; r++) {
    let f;
    try {
      f = await library.create(n, p, Number(targetText), seed + r);
    } catch (error) {
      refused = error instanceof Error ? error.message : String(error);
      break;
    }
    extra = f.extra ?? {};
    for (let i = 0; i < n; i++) await f.add(key(seed, r * n + i, 0));
    ({ m, k } = f); // after the inserts: a scalable filter grows
    let hits = 0;
    for (let q = 0; q < perRep; q++) if (await f.has(key(seed, r * perRep + q, 1))) hits++;
    positives += hits;
    sumSquares += (hits / perRep) ** 2;
  }
  if (refused !== undefined) {
    process.stdout.write(JSON.stringify({ id, refused, m: 0, n, reps: 0, queries: 0, positives: 0, version: library.version }) + '\n');
    continue;
  }
  process.stdout.write(JSON.stringify({ id, m, k, n, reps, queries: reps * perRep, positives, sumSquares, version: library.version, ...extra }) + '\n');
}
