/** greatroar/blobloom (Go): a blocked Bloom filter of 512-bit blocks, sized by Optimize(Config) or by (nbits, nhashes). */
import { blockedModel } from './models';
import type { LibraryModule, SourceCitation } from './types';

const OPTIMIZE: SourceCitation = { repository: 'greatroar/blobloom', file: 'optimize.go', function: 'Config (Capacity, FPRate, MaxBits), NewOptimized, NewSyncOptimized, Optimize' };
const NEW: SourceCitation = { repository: 'greatroar/blobloom', file: 'bloomfilter.go', function: 'New, NewSync, fixBitsAndHashes' };
const REQUIRES = /greatroar\/blobloom/;

export const BLOBLOOM: LibraryModule = {
  id: 'blobloom',
  displayName: 'blobloom (Go, blocked)',
  recognizers: ['go.blobloom.newOptimized', 'go.blobloom.new'],
  entryPoints: [
    // Config is a struct with a blank field, so its fields are always named
    ...['blobloom.NewOptimized', 'blobloom.NewSyncOptimized'].map((callee) => ({
      kind: 'call' as const, recognizer: 'go.blobloom.newOptimized', title: `blobloom ${callee.slice('blobloom.'.length)}(Config)`, callee, arity: [1, 1] as const, languages: ['go'], requires: REQUIRES,
      params: [{ role: 'n' as const, unit: 'count' as const, names: ['Capacity'] }, { role: 'p' as const, unit: 'probability' as const, names: ['FPRate'] }],
      notes: ['blobloom corrects the bits per key for its 512-bit blocks (optimize.go, correctC) and rounds the size up to a whole block'],
      source: OPTIMIZE,
    })),
    // New(nbits, nhashes): nbits rounded up to a multiple of 512, nhashes below 2 raised to 2
    ...['blobloom.New', 'blobloom.NewSync'].map((callee) => ({
      kind: 'call' as const, recognizer: 'go.blobloom.new', title: `blobloom ${callee.slice('blobloom.'.length)}(nbits, nhashes)`, callee, arity: [2, 2] as const, languages: ['go'], requires: REQUIRES,
      params: [{ role: 'm' as const, unit: 'bits' as const, position: 0 }, { role: 'k' as const, unit: 'hashes' as const, position: 1 }],
      derive: (params: { m?: number; k?: number }) => (params.m !== undefined && params.k !== undefined ? { m: Math.ceil(Math.max(params.m, 1) / 512) * 512, k: Math.max(params.k, 2) } : {}),
      source: NEW,
    })),
  ],
  layout: { kind: 'blocked', blockBits: 512 },
  model: blockedModel(512, 'blobloom blocked filter (512-bit blocks)'),
  sources: [OPTIMIZE, NEW],
};
