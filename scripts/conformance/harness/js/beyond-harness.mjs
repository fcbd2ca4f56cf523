// Bloom Lens conformance harness for the "beyond Bloom" npm filters (issue 19), installed by the runner into the
// conformance cache (never project dependencies):
//   counting     bloom-filters CountingBloomFilter.create(n, p): _size counters, reported as 4-bit counters (m = 4 _size).
//   cuckoo       bloom-filters CuckooFilter.create(n, p): _size buckets of _bucketSize fingerprints of _fingerprintLength hex
//                characters (4 bits each): m = buckets x b x 4 fl.
//   xor          bloom-filters XorFilter.create(keys, bits): m = slots x bits (param = bits, 8 or 16).
//   fuse         binary-fuse-filter populateBinaryFuse8(keys): m = Fingerprints.length x 8 (keys are 64-bit integers).
// Every member is queried too: `falseNegatives` counts members the filter reports absent.
// Usage: node beyond-harness.mjs <cacheDir> <lib>:<id>:<n>:<p or bits>:<reps>:<queriesPerRep>:<seed> ...
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
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
/** Distinct keys per (seed, i, member/absent): a 64-bit integer (fuse) or its 16-digit hex string (bloom-filters). */
const keyInteger = (seed, i, absent) => mix((BigInt(seed) << 40n) + 2n * BigInt(i) + BigInt(absent));
const keyText = (seed, i, absent) => keyInteger(seed, i, absent).toString(16).padStart(16, '0');

const bloomFilters = require('bloom-filters');
const { populateBinaryFuse8 } = require('binary-fuse-filter');

/** Each library builds one filter of n keys and returns its memory (bits), k when it has one, and a query. */
const LIBRARIES = {
  counting: {
    version: version('bloom-filters'),
    build(n, p, seed) {
      const f = bloomFilters.CountingBloomFilter.create(n, p);
      for (let i = 0; i < n; i++) f.add(keyText(seed, i, 0));
      const maxCounter = f._filter.reduce((max, [, count]) => Math.max(max, count), 0);
      return { m: 4 * f._size, k: f._nbHashes, extra: { counters: f._size, maxCounter }, has: (i, absent) => f.has(keyText(seed, i, absent)) };
    },
  },
  cuckoo: {
    version: version('bloom-filters'),
    build(n, p, seed) {
      const f = bloomFilters.CuckooFilter.create(n, p);
      let failedInserts = 0;
      for (let i = 0; i < n; i++) if (!f.add(keyText(seed, i, 0))) failedInserts++;
      const fingerprintBits = 4 * f._fingerprintLength; // hex characters of the XXH64 string
      return {
        m: f._size * f._bucketSize * fingerprintBits,
        extra: { buckets: f._size, bucketSlots: f._bucketSize, fingerprintBits, failedInserts },
        has: (i, absent) => f.has(keyText(seed, i, absent)),
      };
    },
  },
  xor: {
    version: version('bloom-filters'),
    build(n, bits, seed) {
      const keys = Array.from({ length: n }, (_, i) => keyText(seed, i, 0));
      const f = bloomFilters.XorFilter.create(keys, bits);
      return { m: f._filter.length * f._bits, extra: { slots: f._filter.length }, has: (i, absent) => f.has(keyText(seed, i, absent)) };
    },
  },
  fuse: {
    version: version('binary-fuse-filter'),
    build(n, _bits, seed) {
      const keys = Array.from({ length: n }, (_, i) => keyInteger(seed, i, 0));
      const [f, error] = populateBinaryFuse8(keys);
      if (error) throw error;
      return { m: f.Fingerprints.length * 8, extra: { slots: f.Fingerprints.length }, has: (i, absent) => f.contains(keyInteger(seed, i, absent)) };
    },
  },
};

for (const config of configs) {
  const [lib, id, nText, paramText, repsText, perRepText, seedText] = config.split(':');
  const library = LIBRARIES[lib];
  if (!library) throw new Error(`unknown library ${lib}`);
  const n = Number(nText), param = Number(paramText), reps = Number(repsText), perRep = Number(perRepText), seed = Number(seedText);
  let positives = 0, sumSquares = 0, falseNegatives = 0, m = 0, k, extra = {};
  for (let r = 0; r < reps; r++) {
    const repSeed = seed * 1000 + r;
    const filter = library.build(n, param, repSeed);
    ({ m, k } = filter);
    extra = filter.extra ?? {};
    for (let i = 0; i < n; i++) if (!filter.has(i, 0)) falseNegatives++;
    let hits = 0;
    for (let q = 0; q < perRep; q++) if (filter.has(q, 1)) hits++;
    positives += hits;
    sumSquares += (hits / perRep) ** 2;
  }
  const result = { id, m, ...(k !== undefined ? { k } : {}), n, reps, queries: reps * perRep, positives, sumSquares, falseNegatives, version: library.version, ...extra };
  process.stdout.write(JSON.stringify(result) + '\n');
}
