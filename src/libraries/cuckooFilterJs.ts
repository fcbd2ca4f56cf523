/**
 * cuckoo-filter (npm, vijayee/cuckoo-filter): `new CuckooFilter(cfSize, bSize, fpSize)` and `new ScalableCuckooFilter(cfSize,
 * bSize, fpSize, scale)`. cfSize counts BUCKETS (default (1 << 18) / bSize), bSize is the slots per bucket (default 4),
 * fpSize the fingerprint in BYTES (default 2, at most 4). Each must be an integer or the constructor throws a TypeError:
 * `new CuckooFilter(1000000, 0.01)` (a capacity and a rate, as other libraries take them) throws 'Invalid Bucket Size'.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { DeclaredParam, EntryPoint, FingerprintLibraryModule, SourceCitation } from './types';

const FILTER: SourceCitation = { repository: 'vijayee/cuckoo-filter', file: 'src/cuckoo-filter.js', function: 'constructor(cfSize, bSize, fpSize): bSize 4, fpSize 2, cfSize (1 << 18) / bSize when falsy; TypeError unless each is an integer, "Fingerprint is larger than 4 bytes"; add: j = hash % cfSize, maxCuckooCount = 500 swaps' };
const FINGERPRINT: SourceCitation = { repository: 'vijayee/cuckoo-filter', file: 'src/fingerprint.js', function: 'Fingerprint(buf, fpSize): the first fpSize bytes of fnv_1a(buf)' };
const SCALABLE: SourceCitation = { repository: 'vijayee/cuckoo-filter', file: 'src/scalable-cuckoo-filter.js', function: 'constructor(cfSize, bSize, fpSize, scale = 2): first CuckooFilter(cfSize, bSize, fpSize); add: new CuckooFilter(cfSize * scale^filters, ...) once none is reliable' };

/** The table the constructor allocates, or its TypeError. */
export function vijayeeCuckoo(cfSize: number | undefined, bSize: number | undefined, fpBytes: number | undefined, scalable = false): LibraryDerivation {
  const slots = bSize ?? 4;
  const bytes = fpBytes ?? 2;
  const refuse = (why: string): LibraryDerivation => ({ rejects: [why], structure: cuckooTable(undefined, Number.isInteger(slots) ? slots : 4, 8 * (Number.isInteger(bytes) ? bytes : 2), 'not allocated') });
  if (!Number.isInteger(slots)) return refuse(`bSize ${slots}: not an integer, the constructor throws TypeError('Invalid Bucket Size') (the second argument is the slots per bucket, not a false-positive rate)`);
  if (!Number.isInteger(bytes)) return refuse(`fpSize ${bytes}: not an integer, the constructor throws TypeError('Invalid Fingerprint Size')`);
  if (bytes > 4) return refuse(`fpSize ${bytes}: the constructor throws TypeError('Fingerprint is larger than 4 bytes')`);
  const buckets = cfSize ?? (1 << 18) / slots;
  if (!Number.isInteger(buckets)) return refuse(`cfSize ${buckets}: not an integer, the constructor throws TypeError('Invalid Cuckoo Filter Size')`);
  const notes = [`cfSize counts buckets: ${buckets} buckets x ${slots} slots hold at most ${buckets * slots} fingerprints of ${bytes} bytes`];
  return {
    structure: cuckooTable(buckets, slots, 8 * bytes, cfSize === undefined ? `default (1 << 18) / ${slots} buckets` : 'cfSize buckets (hash % cfSize, any integer)', scalable ? { whenFull: 'grows' } : { whenFull: 'drops-a-key' }),
    notes,
  };
}

const JS = ['javascript', 'typescript'];
const REQUIRES = /require\s*\(\s*['"]cuckoo-filter['"]\s*\)|from\s+['"]cuckoo-filter['"]/;
const BUCKETS: DeclaredParam = { role: 'n', unit: 'count', position: 0 };
const SLOTS: DeclaredParam = { role: 'bucketSlots', unit: 'count', position: 1 };
const FP: DeclaredParam = { role: 'fingerprintBits', unit: 'bytes', position: 2 };
const callees = (name: string): string[] => [name, `cuckoo.${name}`];

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...callees('CuckooFilter').flatMap((callee): EntryPoint[] => [
    { kind: 'call', recognizer: 'js.cuckoo-filter.new', title: 'cuckoo-filter new CuckooFilter(cfSize, bSize, fpSize)', callee, arity: [0, 1], languages: JS, requires: REQUIRES,
      params: [BUCKETS], derive: (params) => vijayeeCuckoo(params.n, undefined, undefined), source: FILTER },
    { kind: 'call', recognizer: 'js.cuckoo-filter.new', title: 'cuckoo-filter new CuckooFilter(cfSize, bSize, fpSize)', callee, arity: [2, 2], overload: { position: 1, wholeNumber: true }, languages: JS, requires: REQUIRES,
      params: [BUCKETS, SLOTS], derive: (params, _named, stated) => vijayeeCuckoo(params.n, stated.get('bucketSlots'), undefined), source: FILTER },
    { kind: 'call', recognizer: 'js.cuckoo-filter.new', title: 'cuckoo-filter new CuckooFilter(cfSize, bSize, fpSize)', callee, arity: [3, 3], languages: JS, requires: REQUIRES,
      params: [BUCKETS, SLOTS, FP], derive: (params, _named, stated) => vijayeeCuckoo(params.n, stated.get('bucketSlots'), stated.get('fingerprintBits')), source: FILTER },
    // a fraction second (a capacity and a rate, the way other libraries are called): the constructor throws
    { kind: 'call', recognizer: 'js.cuckoo-filter.new', title: 'cuckoo-filter new CuckooFilter(cfSize, bSize) with a fractional bSize', callee, arity: [2, 2], overload: { position: 1, wholeNumber: false }, languages: JS, requires: REQUIRES,
      params: [BUCKETS, { role: 'p', unit: 'probability', position: 1 }],
      notes: ['cuckoo-filter takes no false-positive rate: the second argument is the bucket size (slots per bucket), which must be an integer'],
      derive: (params) => vijayeeCuckoo(params.n, params.p ?? Number.NaN, undefined), source: FILTER },
  ]),
  ...callees('ScalableCuckooFilter').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'js.cuckoo-filter.scalable', title: 'cuckoo-filter new ScalableCuckooFilter(cfSize, bSize, fpSize, scale)', callee, arity: [0, 4], languages: JS, requires: REQUIRES,
    params: [BUCKETS, SLOTS, FP, { role: 'expansion', unit: 'count', position: 3 }],
    derive: (params, _named, stated) => {
      const first = vijayeeCuckoo(params.n, stated.get('bucketSlots'), stated.get('fingerprintBits'), true);
      const scale = stated.get('expansion') ?? 2;
      return first.rejects ? first : { ...first, notes: [...(first.notes ?? []), `scalable: filter i has cfSize · ${scale}^i buckets`] };
    },
    source: SCALABLE,
  })),
];

export const CUCKOO_FILTER_JS: FingerprintLibraryModule = {
  id: 'cuckoo-filter-js',
  displayName: 'cuckoo-filter (npm)',
  recognizers: ['js.cuckoo-filter.new', 'js.cuckoo-filter.scalable'],
  entryPoints: ENTRY_POINTS,
  sources: [FILTER, FINGERPRINT, SCALABLE],
};
