/** The registry of fingerprint-filter library modules (cuckoo, XOR, binary fuse): detection reads their entry points. */
import { BLOOM_FILTERS_JS_FINGERPRINT } from './bloomFiltersJsFingerprint';
import { BOOM_CUCKOO } from './boom';
import { EFFICIENT_CUCKOO, LINVON_CUCKOO, PANMARI_CUCKOO, SEIFLOTFY_CUCKOO } from './goCuckooFilters';
import { BLOOM_FILTER_SCALA_CUCKOO } from './bloomFilterScala';
import { CUCKOO_FILTER_4J } from './cuckooFilter4j';
import { HAZY_CUCKOO } from './hazy';
import { CFILTER_MODULE, FARHADI_CUCKOO, GUAVA_PROBABLY_CUCKOO } from './moreLongTail';
import { SCALABLE_CUCKOO_FILTER } from './scalableCuckooFilter';
import { SCF_PY } from './longTailPy2';
import { PY_CUCKOOFILTER } from './pyCuckoofilter';
import { CUCKOOPY_MODULE, PYFUSEFILTER, PYTHON_CUCKOO_MODULE, SCALABLE_CUCKOO_FILTER_PY } from './pythonLongTail';
import { PYPROBABLES_CUCKOO } from './pyprobables';
import { REDIS_CUCKOO } from './redisCuckoo';
import { RUST_CUCKOOFILTER } from './rustCuckoofilter';
import type { FingerprintLibraryModule } from './types';
import { CUCKOO_FILTER_JS } from './cuckooFilterJs';
import { LIBP2P_CUCKOO } from './libp2pFilters';
import { BINARY_FUSE_FILTER_JS, FASTFILTER_GO, XOR_SINGLEHEADER, XORF } from './xorFilters';

export const FINGERPRINT_LIBRARIES: readonly FingerprintLibraryModule[] = [
  REDIS_CUCKOO, SEIFLOTFY_CUCKOO, LINVON_CUCKOO, PANMARI_CUCKOO, BOOM_CUCKOO, RUST_CUCKOOFILTER, BLOOM_FILTERS_JS_FINGERPRINT, XOR_SINGLEHEADER, FASTFILTER_GO, XORF,
  BINARY_FUSE_FILTER_JS, PYPROBABLES_CUCKOO,
  // library long tail (issue 17 item 2)
  HAZY_CUCKOO,
  // python-cuckoo before the PyPI cuckoofilter: a file naming python-cuckoo decides the shared `cuckoofilter` import
  PYTHON_CUCKOO_MODULE, PY_CUCKOOFILTER, CUCKOOPY_MODULE, SCALABLE_CUCKOO_FILTER_PY, SCF_PY, PYFUSEFILTER, BLOOM_FILTER_SCALA_CUCKOO, SCALABLE_CUCKOO_FILTER, CUCKOO_FILTER_4J, FARHADI_CUCKOO, CFILTER_MODULE, GUAVA_PROBABLY_CUCKOO, EFFICIENT_CUCKOO,
  CUCKOO_FILTER_JS, LIBP2P_CUCKOO,
];
