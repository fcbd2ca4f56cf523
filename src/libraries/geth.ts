/** go-ethereum's offline state pruning filter: `geth snapshot prune-state --bloomfilter.size <MB>`, 4 hashes. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

/** Sizes below 256 MB are raised to 256 (flags.go); the filter is bloomfilter.New(size · 1024 · 1024 · 8, 4) (pruner/bloom.go). */
export function gethStateBloom(mBits: number): LibraryDerivation {
  const floor = 256 * 1024 * 1024 * 8;
  const m = Math.max(mBits, floor);
  return result(m, 4, m > mBits ? ['sizes below 256 MB are raised to 256 MB'] : []);
}

const FLAGS: SourceCitation = { repository: 'ethereum/go-ethereum', file: 'cmd/geth/snapshot.go, cmd/utils/flags.go', function: 'BloomFilterSizeFlag (default 2048)' };
const PRUNER: SourceCitation = { repository: 'ethereum/go-ethereum', file: 'core/state/pruner/bloom.go', function: 'newStateBloomWithSize' };

export const GETH: LibraryModule = {
  id: 'geth-state-bloom',
  displayName: 'go-ethereum state pruning filter',
  recognizers: ['geth.bloomfilterSize'],
  entryPoints: [{
    kind: 'settings', recognizer: 'geth.bloomfilterSize', title: 'geth --bloomfilter.size (MB)', triggers: ['m'], requires: /\bgeth\b/,
    derive: (params) => (params.m !== undefined ? gethStateBloom(params.m) : {}),
    settings: [{ role: 'm', unit: 'mebibytes', form: 'flag', name: 'bloomfilter.size', source: FLAGS }],
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [FLAGS, PRUNER],
};
