/** AndreasBriese/bbloom (Go). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
import { nextPowerOfTwo, result, sizeNote } from './util';

/** bbloom.New(n, p) or New(m, k): size rounded up to a power of two (min 512). */
export function bbloom(first: number, second: number): LibraryDerivation {
  const notes: string[] = [];
  let entries: number;
  let locs: number;
  if (second < 1) {
    const size = (-1 * first * Math.log(second)) / 0.69314718056 ** 2; // calcSizeByWrongPositives
    locs = Math.trunc(Math.ceil((0.69314718056 * size) / first));
    entries = Math.trunc(size);
  } else {
    entries = Math.trunc(first);
    locs = Math.trunc(second);
  }
  const m = Math.max(512, nextPowerOfTwo(entries)); // getSize: power of two, at least 512
  sizeNote(notes, 'bbloom rounds the size up to a power of two (min 512)', entries, m);
  return result(m, locs, notes);
}

export const BBLOOM: LibraryModule = {
  id: 'bbloom',
  displayName: 'bbloom',
  recognizers: ['go.bbloom.new'],
  // New(params ...float64): the second argument below 1 is a FP rate (calcSizeByWrongPositives), from 1 on a hash count
  entryPoints: [
    { kind: 'call', recognizer: 'go.bbloom.new', title: 'bbloom.New(float64(n), p)', callee: 'bbloom.New', arity: [2, 2], languages: ['go'],
      params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 1 }],
      derive: (params) => (params.n !== undefined && params.p !== undefined ? bbloom(params.n, params.p) : {}),
      source: { repository: 'AndreasBriese/bbloom', file: 'bbloom.go', function: 'New (params[1] < 1: calcSizeByWrongPositives(params[0], params[1]))' },
      matchedBy: "src/detect/recognizers/libraries.ts (bbloom): one New call means (n, p) or (m, k) by the value of its second argument" },
    { kind: 'call', recognizer: 'go.bbloom.new', title: 'bbloom.New(float64(m), float64(k))', callee: 'bbloom.New', arity: [2, 2], languages: ['go'],
      params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
      derive: (params) => (params.m !== undefined && params.k !== undefined ? bbloom(params.m, params.k) : {}),
      source: { repository: 'AndreasBriese/bbloom', file: 'bbloom.go', function: 'New (params[1] >= 1: entries = params[0] bits, locs = params[1])' },
      matchedBy: "src/detect/recognizers/libraries.ts (bbloom): one New call means (n, p) or (m, k) by the value of its second argument" },
    { kind: 'call', recognizer: 'go.bbloom.new', title: 'bbloom.NewWithBoolset(&bs, locs)', callee: 'bbloom.NewWithBoolset', arity: [2, 2], languages: ['go'],
      params: [{ role: 'k', unit: 'hashes', position: 1 }],
      notes: ['m is 8 bits per byte of the restored bitset, rounded up to a power of two, known only at run time'],
      source: { repository: 'AndreasBriese/bbloom', file: 'bbloom.go', function: 'NewWithBoolset (New(float64(len(*bs)<<3), float64(locs)))' },
      matchedBy: "src/detect/recognizers/libraries.ts (bbloom): shares New's recogniser; m comes from the bitset's length at run time" },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'AndreasBriese/bbloom', file: 'bbloom.go', function: 'New, calcSizeByWrongPositives, getSize' }],
  allocations: [{ id: 'bbloom', label: 'bbloom (Go)', call: (n, p) => `bbloom.New(float64(${n}), ${p})`, derive: bbloom }],
};
