/** DPDK membership library (rte_member): the vector of Bloom filters (vBF) set-summary. */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { LN2, nextPowerOfTwo, result, sizeNote } from './util';

/** RTE_MEMBER_MAX_BF: at most 32 filters in one vBF. */
const MAX_FILTERS = 32;

/**
 * rte_member_create_vbf: keys per filter = 1 + (num_keys - 1) / num_set; each filter's FP
 * fp_one = 1 - (1 - p)^(1 / num_set) (a float); bits = ceil(keys · ln fp_one / ln(1 / 2^ln2)), rounded up to a
 * power of two (rte_align32pow2); num_hashes = (uint32)(ln2 · bits / keys) with the bits before rounding.
 * The finding's m, k, n and p are one filter's (every filter of the vector has the same).
 */
export function dpdkVbf(numKeys: number, falsePositiveRate: number, numSets: number): LibraryDerivation {
  const rejects: string[] = [];
  if (!Number.isInteger(numSets) || numSets < 1 || numSets > MAX_FILTERS || (numSets & (numSets - 1)) !== 0) {
    rejects.push(`num_set = ${numSets} must be a power of two up to ${MAX_FILTERS}; rte_member_create fails with EINVAL`);
  }
  const p = Math.fround(falsePositiveRate);
  if (!(p > 0 && p <= 1)) rejects.push(`false_positive_rate = ${falsePositiveRate} must be in (0, 1]; rte_member_create fails with EINVAL`);
  if (rejects.length > 0) return { rejects };
  const keysPerFilter = 1 + Math.trunc((numKeys - 1) / numSets);
  const fpOneFilter = Math.fround(1 - Math.pow(Math.fround(1 - p), 1 / numSets));
  if (fpOneFilter === 0) return { rejects: ['the per-filter false positive rate rounds to 0 in a float; rte_member_create fails with EINVAL'] };
  const bits = Math.ceil((keysPerFilter * Math.log(fpOneFilter)) / Math.log(1 / Math.pow(2, LN2)));
  const m = nextPowerOfTwo(bits);
  const k = Math.trunc((LN2 * bits) / keysPerFilter);
  const notes = [`${numSets} filters of ${m} bits, one per set, each for ${keysPerFilter} keys at FP ${fpOneFilter.toPrecision(4)}`];
  sizeNote(notes, 'rte_member rounds each filter up to a power of two', bits, m);
  return result(m, k, notes, { n: keysPerFilter, p: fpOneFilter });
}

const SOURCE: SourceCitation = { repository: 'DPDK/dpdk', file: 'lib/member/rte_member_vbf.c', function: 'rte_member_create_vbf' };
const PARAMETERS: SourceCitation = { repository: 'DPDK/dpdk', file: 'lib/member/rte_member.h', function: 'struct rte_member_parameters (type, num_keys, num_set, false_positive_rate)' };
const C = ['c', 'cpp'];

export const DPDK_MEMBER: LibraryModule = {
  id: 'dpdk-member',
  displayName: 'DPDK rte_member vBF',
  recognizers: ['dpdk.member.vbf'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [SOURCE, PARAMETERS],
  entryPoints: [{
    kind: 'settings', recognizer: 'dpdk.member.vbf', title: 'DPDK rte_member vector Bloom filter', triggers: ['n', 'p'], languages: C, requires: /rte_member/,
    derive: (params, stated) => (params.n !== undefined && params.p !== undefined && stated.values.sets !== undefined ? dpdkVbf(params.n, params.p, stated.values.sets) : {}),
    settings: [
      // the enum's value written as a number: RTE_MEMBER_TYPE_HT = 0, RTE_MEMBER_TYPE_VBF = 1 (enum rte_member_setsum_type)
      { role: 'kind', unit: 'name', form: 'field', name: 'type', value: /RTE_MEMBER_TYPE_VBF|^1$/, source: PARAMETERS },
      { role: 'n', unit: 'count', form: 'field', name: 'num_keys', source: PARAMETERS },
      { role: 'p', unit: 'probability', form: 'field', name: 'false_positive_rate', source: PARAMETERS },
      { role: 'sets', unit: 'count', form: 'field', name: 'num_set', source: PARAMETERS },
    ],
  }],
};
