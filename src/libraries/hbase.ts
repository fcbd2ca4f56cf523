/** HBase compound Bloom filters (store files). */
import { classicModel } from './models';
import type { DeclaredSetting, LibraryDerivation, LibraryModule, SettingsEntryPoint, SourceCitation } from './types';
import { LN2, LN2_SQUARED, result } from './util';

/** Compound Bloom chunk: bits per chunk = block size x 8; maxKeys = (long)(bits ln²2 / -ln p); k = ceil(ln2 (bits / maxKeys)). */
export function hbaseChunk(p: number, blockSizeBytes: number, rowCol: boolean): LibraryDerivation {
  const notes: string[] = [];
  const error = rowCol ? 1 - Math.sqrt(1 - p) : p;
  if (rowCol) notes.push(`ROWCOL: each lookup probes twice, so HBase sizes for 1-sqrt(1-p) = ${Number(error.toPrecision(4))}`);
  const bits = blockSizeBytes * 8;
  const maxKeys = Math.trunc((bits * LN2_SQUARED) / -Math.log(error)); // BloomFilterUtil.idealMaxKeys
  if (maxKeys < 1) return result(bits, undefined, notes);
  const k = Math.ceil(LN2 * Math.trunc(bits / maxKeys)); // BloomFilterUtil.optimalFunctionCount
  notes.push(`one chunk per ${blockSizeBytes}-byte block, about ${maxKeys} keys per chunk`);
  return result(bits, k, notes, { n: maxKeys, ...(rowCol ? { p: error } : {}) });
}

const FACTORY: SourceCitation = { repository: 'apache/hbase', file: 'hbase-server/src/main/java/org/apache/hadoop/hbase/util/BloomFilterFactory.java', function: 'IO_STOREFILE_BLOOM_ERROR_RATE, IO_STOREFILE_BLOOM_BLOCK_SIZE, IO_STOREFILE_BLOOM_ENABLED, getErrorRate, getBloomBlockSize' };
type Role = Pick<DeclaredSetting, 'role' | 'unit'>;
const STOREFILE_KEYS: readonly [string, string, Role][] = [
  ['io.storefile.bloom.enabled', 'IO_STOREFILE_BLOOM_ENABLED', { role: 'enabled', unit: 'flag' }],
  ['io.storefile.bloom.error.rate', 'IO_STOREFILE_BLOOM_ERROR_RATE', { role: 'p', unit: 'probability' }],
  // a chunk of the compound filter is one block of this many bytes: its m
  ['io.storefile.bloom.block.size', 'IO_STOREFILE_BLOOM_BLOCK_SIZE', { role: 'm', unit: 'bytes' }],
];

/** The store files' filters as the site configuration (hbase-site.xml, conf.setFloat) sets them: a chunk per block. */
const STOREFILE: Omit<SettingsEntryPoint, 'settings'> = {
  kind: 'settings', recognizer: 'hbase.storefileBloom', title: 'HBase store file Bloom filter', triggers: ['enabled', 'p', 'm'],
  defaults: { p: { value: 0.01, text: 'HBase default io.storefile.bloom.error.rate 0.01' } },
  // without io.storefile.bloom.block.size, a chunk is the default 131072-byte block
  derive: (params) => (params.p !== undefined ? hbaseChunk(params.p, params.m !== undefined ? params.m / 8 : 131072, false) : {}),
};

export const HBASE: LibraryModule = {
  id: 'hbase',
  displayName: 'HBase',
  recognizers: ['hbase.columnFamily', 'hbase.storefileBloom'],
  entryPoints: [
    { ...STOREFILE, settings: STOREFILE_KEYS.map(([key, , role]) => ({ ...role, form: 'key' as const, name: key, source: FACTORY })) },
    { ...STOREFILE, languages: ['java', 'kotlin', 'scala', 'groovy'], settings: STOREFILE_KEYS.map(([, constant, role]) => ({ ...role, form: 'constant' as const, name: `BloomFilterFactory.${constant}`, source: FACTORY })) },
  ],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/hbase', file: 'hbase-common/src/main/java/org/apache/hadoop/hbase/util/BloomFilterUtil.java', function: 'idealMaxKeys, optimalFunctionCount' }, FACTORY],
};
