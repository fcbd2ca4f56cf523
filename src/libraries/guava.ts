/** Guava BloomFilter (Java). */
import { classicModel } from './models';
import type { CallEntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { ceilTo, groupedInteger, LN2, LN2_SQUARED, probabilityLiteral, result, sizeNote } from './util';

/** Java's Double.toString, as Guava's checkArgument messages print a double ("0.0", "1.5", "1.0E-5"). */
function javaDouble(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity';
  const magnitude = Math.abs(x);
  if (x === 0 || (magnitude >= 1e-3 && magnitude < 1e7)) return Number.isInteger(x) ? `${x}.0` : String(x);
  const [mantissa, exponent] = x.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** BloomFilter.create's checkArgument on fpp (BloomFilter.java, create): its exact message, or undefined when accepted. */
export function guavaFppRefusal(p: number): string | undefined {
  if (!(p > 0)) return `Guava throws IllegalArgumentException: False positive probability (${javaDouble(p)}) must be > 0.0`;
  if (!(p < 1)) return `Guava throws IllegalArgumentException: False positive probability (${javaDouble(p)}) must be < 1.0`;
  return undefined;
}

/** BloomFilter.create's checkArgument on expectedInsertions (a Java long). */
export function guavaInsertionsRefusal(n: number): string | undefined {
  if (!Number.isInteger(n)) return `expectedInsertions = ${n} is not a whole number (a Java long)`;
  return n >= 0 ? undefined : `Guava throws IllegalArgumentException: Expected insertions (${n}) must be >= 0`;
}

/** LockFreeBitArray holds ceil(bits / 64) longs in an int-indexed array (Ints.checkedCast), and refuses 0 bits. */
const GUAVA_MAX_WORDS = 2 ** 31 - 1;

/**
 * BloomFilter.create: m = (long)(-n ln p / ln²2), storage in 64-bit words; k = max(1, round(m/n ln 2)).
 * 0 bits or more than 2^31 − 1 words make LockFreeBitArray throw, which create rethrows as
 * "Could not create BloomFilter of <m> bits" (checked against the running Guava by the conformance suite).
 */
export function guava(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const insertions = Math.max(n, 1); // Guava bumps 0 to 1
  if (n < 1) notes.push(`Guava raises expectedInsertions = ${n} to 1`);
  const rawBits = Math.trunc((-insertions * Math.log(p)) / LN2_SQUARED); // optimalNumOfBits
  if (rawBits < 1 || Math.ceil(rawBits / 64) > GUAVA_MAX_WORDS) {
    const why = rawBits < 1 ? 'a bit array of 0 bits' : `more than 2^31 − 1 = ${GUAVA_MAX_WORDS} 64-bit words`;
    return { rejects: [`Guava throws IllegalArgumentException: Could not create BloomFilter of ${rawBits} bits — it needs ${why}`] };
  }
  const k = Math.max(1, Math.round((rawBits / insertions) * LN2)); // optimalNumOfHashFunctions
  const headK = Math.max(1, Math.round(-Math.log(p) / LN2)); // guava HEAD (PR #7494)
  const m = ceilTo(rawBits, 64); // LockFreeBitArray: long[ceil(bits / 64)]
  sizeNote(notes, 'Guava rounds the bit array up to whole 64-bit words', rawBits, m);
  if (headK !== k) notes.push(`newer Guava computes k = round(-ln p / ln 2) = ${headK} instead of ${k}`);
  return result(m, k, notes, { n: insertions });
}

const CREATE: SourceCitation = { repository: 'google/guava', file: 'guava/src/com/google/common/hash/BloomFilter.java', function: 'create(Funnel, int|long[, double]), toBloomFilter(Funnel, long[, double]) (fpp 0.03 when omitted)' };
/** The file uses Guava's hashing (its import, or a Funnel: Guava's filters take one first). */
const GUAVA_HINT = /com\.google\.common\.hash|\bFunnels?\b/;

/** BloomFilter.create / toBloomFilter (funnel, expectedInsertions[, fpp]): the funnel first, the fpp 0.03 when left out. */
// (also written fully qualified, `com.google.common.hash.BloomFilter.create(...)`, with no import)
const GUAVA_CALLS: readonly CallEntryPoint[] = (['create', 'toBloomFilter'] as const).flatMap((method) => [2, 3].flatMap((count) => ['BloomFilter', 'com.google.common.hash.BloomFilter'].map((type): CallEntryPoint => ({
  kind: 'call', recognizer: 'guava.create', title: `Guava BloomFilter.${method}`, callee: `${type}.${method}`, arity: [count, count],
  languages: ['java', 'kotlin', 'scala', 'groovy'], requires: GUAVA_HINT,
  params: [
    { role: 'n', unit: 'count', position: 1, check: guavaInsertionsRefusal },
    ...(count === 3 ? [{ role: 'p' as const, unit: 'probability' as const, position: 2, check: guavaFppRefusal }] : []),
  ],
  ...(count === 2 ? { defaults: { p: { value: 0.03, text: 'Guava default fpp 0.03' } } } : {}),
  derive: (params) => (params.n !== undefined && params.p !== undefined ? guava(params.n, params.p) : {}),
  source: CREATE,
}))));

export const GUAVA: LibraryModule = {
  id: 'guava',
  displayName: 'Guava',
  recognizers: ['guava.create'],
  entryPoints: GUAVA_CALLS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [
    { repository: 'google/guava', file: 'guava/src/com/google/common/hash/BloomFilter.java', function: 'create, optimalNumOfBits, optimalNumOfHashFunctions' },
    { repository: 'google/guava', file: 'guava/src/com/google/common/hash/BloomFilterStrategies.java', function: 'MURMUR128_MITZ_64, LockFreeBitArray' },
  ],
  allocations: [{ id: 'guava', label: 'Guava (Java)', call: (n, p) => `BloomFilter.create(funnel, ${n}L, ${p})`, derive: guava }],
  snippets: [{
    id: 'guava', label: 'Guava (Java)',
    render: (d) => `// n = ${d.n}, p = ${probabilityLiteral(d.p)}, m = ${d.mBits} bits, k = ${d.k} (Guava derives its own m and k from n and p)\nBloomFilter<String> filter = BloomFilter.create(\n    Funnels.stringFunnel(StandardCharsets.UTF_8), ${groupedInteger(d.n)}L, ${probabilityLiteral(d.p)});`,
  }],
};
