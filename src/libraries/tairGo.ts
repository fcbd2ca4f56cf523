/**
 * alibaba/tair-go (github.com/alibaba/tair-go/tair, mirrored as tair-opensource/tair-go): TairBloom commands. The
 * client's BfReserve takes (ctx, key, initCapacity, errorRate), capacity BEFORE the rate, the reverse of go-redis'
 * BFReserve(ctx, key, errorRate, capacity); it sends BF.RESERVE key errorRate capacity. BfInsert takes a BfInsertArgs
 * built by Capacity(n) and ErrorRate(p). TairBloom (the server module) is not open source: how it sizes its scalable
 * filter from these is not read, so no library derivation is claimed.
 */
import { classicModel } from './models';
import type { EntryPoint, LibraryModule, SourceCitation } from './types';

const RESERVE: SourceCitation = { repository: 'alibaba/tair-go', file: 'tair/tairbloom.go', function: 'tairCmdable.BfReserve(ctx, key string, initCapacity int64, errorRate float64): args BF.RESERVE key errorRate initCapacity' };
const INSERT_ARGS: SourceCitation = { repository: 'alibaba/tair-go', file: 'tair/tairbloom.go', function: 'BfInsertArgs.Capacity(initCapacity int64), BfInsertArgs.ErrorRate(errorRate float64), JoinArgs: CAPACITY n ERROR p' };

const REQUIRES = /alibaba\/tair-go|tair-opensource\/tair-go/;
const NOTE = 'TairBloom is closed source: the filter it allocates for this capacity and rate is not known here (textbook sizing shown)';

const ENTRY_POINTS: readonly EntryPoint[] = [
  { kind: 'call', recognizer: 'tair-go.bfReserve', title: 'tair-go BfReserve(ctx, key, initCapacity, errorRate)', callee: '.BfReserve', arity: [4, 4], languages: ['go'], requires: REQUIRES,
    params: [{ role: 'n', unit: 'count', position: 2 }, { role: 'p', unit: 'probability', position: 3 }], notes: [NOTE], source: RESERVE },
  { kind: 'settings', recognizer: 'tair-go.bfInsert', title: 'tair-go BfInsertArgs Capacity / ErrorRate', triggers: ['n', 'p'], languages: ['go'], requires: REQUIRES,
    settings: [{ role: 'n', unit: 'count', form: 'method', name: 'Capacity', source: INSERT_ARGS }, { role: 'p', unit: 'probability', form: 'method', name: 'ErrorRate', source: INSERT_ARGS }],
    notes: [NOTE] },
];

export const TAIR_GO: LibraryModule = {
  id: 'tair-go',
  displayName: 'tair-go TairBloom (Go)',
  recognizers: ['tair-go.bfReserve', 'tair-go.bfInsert'],
  entryPoints: ENTRY_POINTS,
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [RESERVE, INSERT_ARGS],
};
