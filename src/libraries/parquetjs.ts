/** parquetjs (@dsnp/parquetjs): writer option `bloomFilters: [{ column, numDistinct, falsePositiveRate } | { column, numFilterBytes }]`, Parquet's split-block filter. */
import { splitBlockModel } from './models';
import type { LibraryDerivation, LibraryModule, SourceCitation } from './types';
import { nextPowerOfTwo, result } from './util';

const BLOCK_BITS = 256;
const MIN_BYTES = 1024; // 32 blocks
const MAX_BYTES = 128 * 1024 * 1024;

/**
 * SplitBlockBloomFilter.optimalNumOfBlocks with its own bit masks (`& ~32`, `& ~256` clear one bit each rather than
 * rounding), then init() keeps `>>> 3` of those blocks: one eighth of the filter the formula asks for.
 */
export function parquetjsFilter(n: number, p: number): LibraryDerivation {
  let bits = (-8 * n) / Math.log(1 - Math.pow(p, 1 / 8));
  bits = (bits + 31) & ~32;
  if (bits > MAX_BYTES * 8 || bits < 0) bits = MAX_BYTES * 8;
  bits = (bits + BLOCK_BITS - 1) & ~BLOCK_BITS;
  if (bits < MIN_BYTES * 8) bits = MIN_BYTES * 8;
  const blocks = Math.ceil(bits / BLOCK_BITS) >>> 3;
  return result(blocks * BLOCK_BITS, 8, [`parquetjs keeps one eighth of the ${Math.ceil(bits / BLOCK_BITS)} blocks its formula asks for (init: optimalNumOfBlocks >>> 3): the FP rate is far above the target`]);
}

/** setOptionNumFilterBytes: the bytes rounded up to a power of two; outside [1024, 128 MiB] the option is refused. */
export function parquetjsBytes(mBits: number): LibraryDerivation {
  const bytes = mBits / 8;
  if (bytes < MIN_BYTES || bytes > MAX_BYTES) return { rejects: [`numFilterBytes = ${bytes} is outside [${MIN_BYTES}, ${MAX_BYTES}]; parquetjs logs an error and keeps its default filter`] };
  return result(nextPowerOfTwo(bytes) * 8, 8, []);
}

const SOURCE: SourceCitation = { repository: 'LibertyDSNP/parquetjs', file: 'lib/bloomFilterIO/bloomFilterWriter.ts', function: 'createSBBF (numFilterBytes, falsePositiveRate, numDistinct)' };
const SBBF: SourceCitation = { repository: 'LibertyDSNP/parquetjs', file: 'lib/bloom/sbbf.ts', function: 'optimalNumOfBlocks, setOptionNumFilterBytes, init (npm @dsnp/parquetjs 1.8.9)' };

export const PARQUETJS: LibraryModule = {
  id: 'parquetjs',
  displayName: 'parquetjs Bloom filter',
  recognizers: ['parquetjs.bloomFilter'],
  entryPoints: [{
    kind: 'settings', recognizer: 'parquetjs.bloomFilter', title: 'parquetjs bloomFilters entry', triggers: ['n', 'p', 'm'], languages: ['javascript', 'typescript'], requires: /parquetjs/,
    derive: (params) => (params.m !== undefined ? parquetjsBytes(params.m) : params.n !== undefined && params.p !== undefined ? parquetjsFilter(params.n, params.p) : {}),
    settings: [
      { role: 'n', unit: 'count', form: 'field', name: 'numDistinct', source: SOURCE },
      { role: 'p', unit: 'probability', form: 'field', name: 'falsePositiveRate', source: SOURCE },
      { role: 'm', unit: 'bytes', form: 'field', name: 'numFilterBytes', source: SOURCE },
    ],
  }],
  layout: { kind: 'split-block' },
  model: splitBlockModel('parquetjs split-block filter'),
  sources: [SOURCE, SBBF],
};
