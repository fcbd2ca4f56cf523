/** go-zero core/bloom: a bit array in Redis of a stated number of bits, always 14 hashes. */
import { classicModel } from './models';
import type { LibraryModule, SourceCitation } from './types';
import { result } from './util';

/** `maps = 14` hashes (bloom.go); positions are hash(data‖i) mod bits. */
const GO_ZERO_HASHES = 14;
const SOURCE: SourceCitation = { repository: 'zeromicro/go-zero', file: 'core/bloom/bloom.go', function: 'New, maps, getLocations' };

export const GO_ZERO: LibraryModule = {
  id: 'go-zero-bloom',
  displayName: 'go-zero bloom (Redis bitmap)',
  recognizers: ['go-zero.bloom.new'],
  entryPoints: [{
    kind: 'call', recognizer: 'go-zero.bloom.new', title: 'go-zero bloom.New(store, key, bits)', callee: 'bloom.New', arity: [3, 3], languages: ['go'], requires: /go-zero\/core\/bloom|core\/bloom"/,
    params: [{ role: 'm', unit: 'bits', position: 2 }],
    derive: (params) => (params.m !== undefined ? result(params.m, GO_ZERO_HASHES, [`go-zero always uses ${GO_ZERO_HASHES} hashes`]) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
