/** Apache Hudi Bloom index (SimpleBloomFilter over Hadoop's BloomFilter, written to each file's footer). */
import { ceilCeil } from './bitsAndBlooms';
import { classicModel } from './models';
import type { DeclaredSetting, LibraryModule, SettingsEntryPoint, SourceCitation } from './types';

const CONFIG: SourceCitation = { repository: 'apache/hudi', file: 'hudi-client/hudi-client-common/src/main/java/org/apache/hudi/config/HoodieIndexConfig.java', function: 'BLOOM_FILTER_NUM_ENTRIES_VALUE (hoodie.index.bloom.num_entries, 60000), BLOOM_FILTER_FPP_VALUE (hoodie.index.bloom.fpp, 0.000000001)' };
const STORAGE: SourceCitation = { repository: 'apache/hudi', file: 'hudi-common/src/main/java/org/apache/hudi/common/config/HoodieStorageConfig.java', function: 'BLOOM_FILTER_NUM_ENTRIES_VALUE, BLOOM_FILTER_FPP_VALUE (the footer filter\'s keys)' };
const BUILDER: SourceCitation = { repository: 'apache/hudi', file: 'hudi-client/hudi-client-common/src/main/java/org/apache/hudi/config/HoodieIndexConfig.java', function: 'Builder.bloomFilterNumEntries, Builder.bloomFilterFPP' };
const UTILS: SourceCitation = { repository: 'apache/hudi', file: 'hudi-common/src/main/java/org/apache/hudi/common/bloom/BloomFilterUtils.java', function: 'getBitSize, getNumHashes' };

/** What every group of Hudi settings shares: the defaults, the dynamic filter's growth, SimpleBloomFilter's sizing. */
const COMMON: Pick<SettingsEntryPoint, 'kind' | 'recognizer' | 'title' | 'triggers' | 'defaults' | 'notes' | 'derive'> = {
  kind: 'settings', recognizer: 'hudi.bloomIndex', title: 'Apache Hudi Bloom index', triggers: ['n', 'p'],
  defaults: { n: { value: 60000, text: 'Hudi default num_entries 60000' }, p: { value: 0.000000001, text: 'Hudi default fpp 1e-9' } },
  notes: ['with the default DYNAMIC_V0 filter type the filter grows beyond num_entries up to hoodie.bloom.index.filter.dynamic.max.entries'],
  // BloomFilterUtils: bits = (int) ceil(n · (−ln p) / ln²2), k = (int) ceil(ln 2 · bits / n)
  derive: (params) => (params.n !== undefined && params.p !== undefined ? ceilCeil(params.n, params.p) : {}),
};

const constants = (owner: string, source: SourceCitation): DeclaredSetting[] => [
  { role: 'n', unit: 'count', form: 'constant', name: `${owner}.BLOOM_FILTER_NUM_ENTRIES_VALUE`, source },
  { role: 'p', unit: 'probability', form: 'constant', name: `${owner}.BLOOM_FILTER_FPP_VALUE`, source },
];

export const HUDI: LibraryModule = {
  id: 'hudi',
  displayName: 'Apache Hudi',
  recognizers: ['hudi.bloomIndex'],
  entryPoints: [
    // the keys in any format: writer options, .properties, Spark SQL OPTIONS/TBLPROPERTIES
    { ...COMMON, settings: [
      { role: 'n', unit: 'count', form: 'key', name: 'hoodie.index.bloom.num_entries', source: CONFIG },
      { role: 'p', unit: 'probability', form: 'key', name: 'hoodie.index.bloom.fpp', source: CONFIG },
    ] },
    // HoodieIndexConfig.newBuilder().bloomFilterNumEntries("60000").bloomFilterFPP("0.000000001")
    { ...COMMON, languages: ['java', 'kotlin', 'scala'], requires: /org\.apache\.hudi/, settings: [
      { role: 'n', unit: 'count', form: 'method', name: 'bloomFilterNumEntries', source: BUILDER },
      { role: 'p', unit: 'probability', form: 'method', name: 'bloomFilterFPP', source: BUILDER },
    ] },
    // .option(HoodieIndexConfig.BLOOM_FILTER_NUM_ENTRIES_VALUE.key(), "60000")
    { ...COMMON, languages: ['java', 'kotlin', 'scala'], settings: [...constants('HoodieIndexConfig', CONFIG), ...constants('HoodieStorageConfig', STORAGE)] },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [UTILS, CONFIG, STORAGE, BUILDER],
};
