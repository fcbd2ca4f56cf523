/**
 * MGunlogson/CuckooFilter4J (`com.github.mgunlogson.cuckoofilter4j.CuckooFilter`): new CuckooFilter.Builder<>(funnel,
 * maxKeys)[.withFalsePositiveRate(fpp)].build(). Buckets of 4 tags, sized for a 0.955 load factor, a power of two.
 */
import type { LibraryDerivation } from '../detect/types';
import { cuckooTable } from './fingerprintLayouts';
import type { EntryPoint, FingerprintLibraryModule, SourceCitation } from './types';

const FILTER: SourceCitation = { repository: 'MGunlogson/CuckooFilter4J', file: 'src/main/java/com/github/mgunlogson/cuckoofilter4j/CuckooFilter.java', function: 'Builder(funnel, long maxKeys), Builder(funnel, int maxKeys), withFalsePositiveRate (DEFAULT_FP 0.01), build; BUCKET_SIZE = 4, LOAD_FACTOR = 0.955' };
const UTILS: SourceCitation = { repository: 'MGunlogson/CuckooFilter4J', file: 'src/main/java/com/github/mgunlogson/cuckoofilter4j/Utils.java', function: 'getBitsPerItemForFpRate: ceil(log2(1/fpp + 3) / loadFactor); getBucketsNeeded: ceil(maxKeys / loadFactor / bucketSize) rounded up to a power of two' };
const TABLE: SourceCitation = { repository: 'MGunlogson/CuckooFilter4J', file: 'src/main/java/com/github/mgunlogson/cuckoofilter4j/FilterTable.java', function: 'create: checkArgument(bitsPerTag < 48), (bitsPerTag > 4), (numBuckets > 1)' };

const LOAD_FACTOR = 0.955;

/** build(): tag bits ceil(log2(1/fpp + 3) / 0.955); buckets: ceil(maxKeys / 0.955 / 4) up to a power of two. */
export function cuckooFilter4j(maxKeys: number | undefined, fpp: number): LibraryDerivation {
  const tagBits = Math.ceil(Math.log2(1 / fpp + 3) / LOAD_FACTOR);
  if (tagBits >= 48 || tagBits <= 4) {
    return { rejects: [`fpp = ${fpp} gives ${tagBits}-bit tags: FilterTable.create refuses (tagBits must be > 4 and < 48)`], structure: cuckooTable(undefined, 4, tagBits, 'not allocated') };
  }
  let buckets: number | undefined;
  if (maxKeys !== undefined) {
    const needed = Math.ceil(((1.0 / LOAD_FACTOR) * maxKeys) / 4);
    buckets = 2 ** Math.ceil(Math.log2(Math.max(1, needed)));
    if (buckets <= 1) return { rejects: [`maxKeys = ${maxKeys} gives ${buckets} bucket: FilterTable.create refuses (numBuckets must be > 1)`], structure: cuckooTable(undefined, 4, tagBits, 'not allocated') };
  }
  return { structure: cuckooTable(buckets, 4, tagBits, `ceil(maxKeys / 0.955 / 4) up to a power of two, ceil(log2(1/fpp + 3) / 0.955)-bit tags`, { whenFull: 'fails' }) };
}

export const CUCKOO_FILTER_4J: FingerprintLibraryModule = {
  id: 'cuckoofilter4j',
  displayName: 'CuckooFilter4J (Java)',
  recognizers: ['cuckoofilter4j.builder'],
  entryPoints: ['CuckooFilter.Builder'].map((callee): EntryPoint => ({
    kind: 'call', recognizer: 'cuckoofilter4j.builder', title: 'CuckooFilter4J new CuckooFilter.Builder(funnel, maxKeys).withFalsePositiveRate(fpp)', callee, arity: [2, 2], languages: ['java', 'kotlin', 'scala'],
    requires: /cuckoofilter4j/i,
    params: [{ role: 'n', unit: 'count', position: 1 }, { role: 'p', unit: 'probability', names: ['.withFalsePositiveRate'] }],
    defaults: { p: { value: 0.01, text: 'CuckooFilter4J DEFAULT_FP 0.01' } },
    derive: (params) => cuckooFilter4j(params.n, params.p ?? 0.01),
    source: FILTER,
  })),
  sources: [FILTER, UTILS, TABLE],
};
