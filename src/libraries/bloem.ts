/**
 * bloem (npm, wiedi/node-bloem): `new Bloem(size, slices)` (m bits, k), `new SafeBloem(capacity, error_rate)` (sized by
 * calculateSize / calculateSlices, refuses adds past capacity) and `new ScalingBloem(error_rate, { initial_capacity,
 * scaling, ratio })` (a chain of SafeBloems; the first one at error_rate · (1 - ratio)).
 */
import { classicModel } from './models';
import type { DeclaredParam, EntryPoint, LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, result } from './util';

const SIZE: SourceCitation = { repository: 'wiedi/node-bloem', file: 'bloem.js', function: 'calculateSize(capacity, error_rate): Math.ceil(capacity * Math.log(error_rate) / -0.480453); calculateSlices(size, capacity): size / capacity * Math.log(2) (not rounded)' };
const HASHES: SourceCitation = { repository: 'wiedi/node-bloem', file: 'bloem.js', function: 'calulateHashes(key, size, slices): for (i = 0; i < slices; i++) (h1 + i * h2) % size: ceil(slices) positions' };
const BLOEM: SourceCitation = { repository: 'wiedi/node-bloem', file: 'bloem.js', function: 'Bloem(size, slices, buffer): BitBuffer(size)' };
const SAFE: SourceCitation = { repository: 'wiedi/node-bloem', file: 'bloem.js', function: 'SafeBloem(capacity, error_rate, buffer): Bloem(calculateSize, calculateSlices); add returns false once count >= capacity' };
const SCALING: SourceCitation = { repository: 'wiedi/node-bloem', file: 'bloem.js', function: 'ScalingBloem(error_rate, options): ratio 0.9, scaling 2, initial_capacity 1000; first SafeBloem(initial_capacity, error_rate * (1 - ratio)), next SafeBloem(capacity * scaling, error_rate * ratio)' };

/** bloem's ln²2 constant as the source writes it. */
const LOG2SQ = 0.480453;

/** The positions a key sets: the loop runs i = 0, 1, ... while i < slices, so a fractional slices rounds up. */
const probes = (slices: number): number => Math.max(0, Math.ceil(slices));

/** SafeBloem(capacity, error_rate): m = ceil(n ln p / -0.480453), slices = m / n · ln 2 (a fraction), ceil(slices) probes. */
export function safeBloem(n: number, p: number): LibraryDerivation {
  if (!(p > 0 && p < 1)) return { rejects: [`error_rate ${p}: calculateSize needs 0 < error_rate < 1 (log of it)`] };
  const m = Math.ceil((n * Math.log(p)) / -LOG2SQ);
  const slices = (m / n) * LN2;
  const k = probes(slices);
  return result(m, k, [`slices = ${m} / ${n} · ln 2 = ${slices.toFixed(3)}: the hashing loop runs while i < slices, ${k} positions per key`, 'SafeBloem.add returns false (and stores nothing) once capacity keys were added']);
}

const JS = ['javascript', 'typescript'];
const REQUIRES = /require\s*\(\s*['"]bloem['"]\s*\)|from\s+['"]bloem['"]/;
const N: DeclaredParam = { role: 'n', unit: 'count', position: 0 };
const P1: DeclaredParam = { role: 'p', unit: 'probability', position: 1 };
const callees = (name: string): string[] => [name, `bloem.${name}`];

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...callees('SafeBloem').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'js.bloem.safeBloem', title: 'bloem new SafeBloem(capacity, error_rate)', callee, arity: [2, 3], languages: JS, requires: REQUIRES,
    params: [N, P1], derive: (params) => (params.n !== undefined && params.p !== undefined ? safeBloem(params.n, params.p) : {}), source: SAFE,
  })),
  ...callees('Bloem').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'js.bloem.bloem', title: 'bloem new Bloem(size, slices)', callee, arity: [2, 3], languages: JS, requires: REQUIRES,
    params: [{ role: 'm', unit: 'bits', position: 0 }, { role: 'k', unit: 'hashes', position: 1 }],
    derive: (params) => (params.m !== undefined && params.k !== undefined ? result(params.m, probes(params.k), []) : {}), source: BLOEM,
  })),
  ...callees('ScalingBloem').map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'js.bloem.scalingBloem', title: 'bloem new ScalingBloem(error_rate, { initial_capacity, scaling, ratio })', callee, arity: [1, 2], languages: JS, requires: REQUIRES,
    params: [{ role: 'p', unit: 'probability', position: 0 }, { role: 'n', unit: 'count', names: ['initial_capacity'] }, { role: 'expansion', unit: 'count', names: ['scaling'] }, { role: 'ratio', unit: 'probability', names: ['ratio'] }],
    defaults: { n: { value: 1000, text: 'bloem ScalingBloem default initial_capacity 1000' } },
    derive: (params, _named, stated) => {
      if (params.p === undefined) return {};
      const ratio = stated.get('ratio') ?? 0.9;
      const scaling = stated.get('expansion') ?? 2;
      const first = safeBloem(params.n ?? 1000, params.p * (1 - ratio));
      return { ...first, notes: [`scalable: the first SafeBloem is sized for error_rate · (1 - ${ratio}) = ${params.p * (1 - ratio)}; each next one holds ${scaling}x the keys at ${ratio}x the rate`, ...(first.notes ?? [])] };
    },
    source: SCALING,
  })),
];

export const BLOEM_MODULE: LibraryModule = {
  id: 'bloem',
  displayName: 'bloem (npm)',
  recognizers: ['js.bloem.safeBloem', 'js.bloem.bloem', 'js.bloem.scalingBloem'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SIZE, HASHES, BLOEM, SAFE, SCALING],
};
