/** Guava BloomFilter (Java). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { ceilTo, groupedInteger, LN2, LN2_SQUARED, probabilityLiteral, result, sizeNote } from './util';

/** BloomFilter.create: m = (long)(-n ln p / ln²2), storage in 64-bit words; k = max(1, round(m/n ln 2)). */
export function guava(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const insertions = Math.max(n, 1); // Guava bumps 0 to 1
  if (n < 1) notes.push(`Guava raises expectedInsertions = ${n} to 1`);
  const rawBits = Math.trunc((-insertions * Math.log(p)) / LN2_SQUARED); // optimalNumOfBits
  const k = Math.max(1, Math.round((rawBits / insertions) * LN2)); // optimalNumOfHashFunctions
  const headK = Math.max(1, Math.round(-Math.log(p) / LN2)); // guava HEAD (PR #7494)
  const m = ceilTo(Math.max(rawBits, 1), 64); // LockFreeBitArray: long[ceil(bits / 64)]
  sizeNote(notes, 'Guava rounds the bit array up to whole 64-bit words', rawBits, m);
  if (headK !== k) notes.push(`newer Guava computes k = round(-ln p / ln 2) = ${headK} instead of ${k}`);
  return result(m, k, notes, { n: insertions });
}

export const GUAVA: LibraryModule = {
  id: 'guava',
  displayName: 'Guava',
  recognizers: ['guava.create'],
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
