/** btcd btcutil/bloom (BIP37 in Go): NewFilter(elements, tweak, fprate, flags). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** p clamped to [1e-9, 1]; bytes = min((uint32)(-n ln p / ln²2), 36000·8) / 8; k = min((uint32)(bytes·8 / n · ln 2), 50) (float division, unlike Core). */
export function btcdFilter(n: number, p: number): LibraryDerivation {
  const notes: string[] = [];
  const rate = Math.min(1, Math.max(1e-9, p));
  if (rate !== p) notes.push(`btcd clamps the rate to ${rate}`);
  const rawBits = Math.trunc((-1 / LN2_SQUARED) * n * Math.log(rate));
  const bytes = Math.trunc(Math.min(rawBits, 36000 * 8) / 8);
  if (rawBits > 36000 * 8) notes.push('capped at MaxFilterLoadFilterSize = 36000 bytes: the FP rate is above the target');
  const rawK = Math.trunc(((bytes * 8) / n) * LN2);
  if (rawK > 50) notes.push('k capped at MaxFilterLoadHashFuncs = 50');
  return result(bytes * 8, Math.min(rawK, 50), notes);
}

const SOURCE: SourceCitation = { repository: 'btcsuite/btcd', file: 'btcutil/bloom/filter.go', function: 'NewFilter (limits in wire/msgfilterload.go)' };

export const BTCD: LibraryModule = {
  id: 'btcd-bloom',
  displayName: 'btcd bloom (BIP37)',
  recognizers: ['btcd.bloom.newFilter'],
  entryPoints: [{
    kind: 'call', recognizer: 'btcd.bloom.newFilter', title: 'btcd bloom.NewFilter(elements, tweak, fprate, flags)', callee: 'bloom.NewFilter', arity: [4, 4], languages: ['go'], requires: /btcutil\/bloom/,
    params: [{ role: 'n', unit: 'count', position: 0 }, { role: 'p', unit: 'probability', position: 2 }],
    derive: (params) => (params.n !== undefined && params.p !== undefined ? btcdFilter(params.n, params.p) : {}),
    source: SOURCE,
  }],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE],
};
