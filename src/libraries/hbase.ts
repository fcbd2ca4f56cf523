/** HBase compound Bloom filters (store files). */
import { classicModel } from './models';
import type { LibraryDerivation, LibraryModule } from './types';
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

export const HBASE: LibraryModule = {
  id: 'hbase',
  displayName: 'HBase',
  recognizers: ['hbase.columnFamily', 'hbase.storefileBloom'],
  layout: { kind: 'classic', hashing: 'colliding' },
  model: classicModel('colliding'),
  sources: [{ repository: 'apache/hbase', file: 'hbase-common/src/main/java/org/apache/hadoop/hbase/util/BloomFilterUtil.java', function: 'idealMaxKeys, optimalFunctionCount' }],
};
