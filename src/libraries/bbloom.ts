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
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'AndreasBriese/bbloom', file: 'bbloom.go', function: 'New, calcSizeByWrongPositives, getSize' }],
  allocations: [{ id: 'bbloom', label: 'bbloom (Go)', call: (n, p) => `bbloom.New(float64(${n}), ${p})`, derive: bbloom }],
};
