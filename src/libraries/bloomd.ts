/**
 * armon/bloomd (C server): the `[bloomd]` section of bloomd.conf sizes the scalable filter a `create` without
 * arguments makes: initial_capacity (100000), default_probability (1e-4), scale_size (4) and probability_reduction (0.9).
 * The first sub-filter is sized for (1 - r) · p; each next one scale_size times the capacity at r times the rate.
 */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { result } from './util';

const CONFIG: SourceCitation = { repository: 'armon/bloomd', file: 'src/bloomd/config.c', function: 'DEFAULT_CONFIG (100000 items, 1e-4, scale 4, reduction 0.9), config_callback ([bloomd] section), sane_initial_capacity (<= 10K refused), sane_default_probability (>= 0.1 refused)' };
const SBF: SourceCitation = { repository: 'armon/bloomd', file: 'src/libbloom/sbf.c', function: 'sbf_inital_probability: (1 - r) · fp_prob; add filter: capacity · scale^i at fp · r^i' };
const BLOOM: SourceCitation = { repository: 'armon/bloomd', file: 'src/libbloom/bloom.c', function: 'bf_size_for_capacity_prob: bytes = ceil(ceil(-n ln p / ln²2) / 8); bf_ideal_k_num: round(ln 2 · bits / n); offset = bitmap_size / k_num (a partition per hash)' };

/** The first sub-filter of a bloomd filter: p0 = (1 - r) p, m = 8 · ceil(ceil(-n ln p0 / ln²2) / 8), k = round(ln 2 · m / n). */
export function bloomdFirstFilter(n: number, p: number, reduction: number): LibraryDerivation {
  const rejects: string[] = [];
  if (n <= 10000) rejects.push(`initial_capacity = ${n}: bloomd refuses to start ("Initial capacity cannot be less than 10K!")`);
  if (!(p > 0 && p < 0.1)) rejects.push(`default_probability = ${p}: bloomd refuses to start (it must be in (0, 0.1))`);
  if (rejects.length > 0) return { rejects };
  const first = (1 - reduction) * p;
  const m = 8 * Math.ceil(Math.ceil((-n * Math.log(first)) / (Math.LN2 * Math.LN2)) / 8);
  const k = Math.round((Math.LN2 * m) / n);
  return result(m, k, [`scalable: the first filter is sized for (1 - ${reduction}) · p = ${Number(first.toPrecision(6))}; each next one holds more at ${reduction} times the rate`], { p: first });
}

export const BLOOMD: LibraryModule = {
  id: 'bloomd',
  displayName: 'bloomd (server config)',
  recognizers: ['bloomd.config'],
  entryPoints: [{
    kind: 'settings', recognizer: 'bloomd.config', title: 'bloomd.conf [bloomd] initial_capacity / default_probability', triggers: ['n', 'p'], requires: /\bbloomd\b/,
    settings: [
      { role: 'n', unit: 'count', form: 'key', name: 'initial_capacity', source: CONFIG },
      { role: 'p', unit: 'probability', form: 'key', name: 'default_probability', source: CONFIG },
      { role: 'ratio', unit: 'probability', form: 'key', name: 'probability_reduction', source: CONFIG },
      { role: 'expansion', unit: 'count', form: 'key', name: 'scale_size', source: CONFIG },
    ],
    defaults: { n: { value: 100000, text: 'bloomd default initial_capacity 100000' }, p: { value: 1e-4, text: 'bloomd default default_probability 1e-4' } },
    derive: (params, stated) => (params.n !== undefined && params.p !== undefined ? bloomdFirstFilter(params.n, params.p, stated.values.ratio ?? 0.9) : {}),
  }],
  layout: { kind: 'classic', hashing: 'partitioned' },
  model: classicModel('partitioned'),
  sources: [CONFIG, SBF, BLOOM],
};
