/**
 * "Copy as a snippet for a chosen library": the design (n, p, m, k) written in each library's own syntax
 * (detection-catalogue.md). Where a library accepts m and k directly the snippet pins the design's exact m and
 * k; otherwise it passes n and p and says in a comment what the library will derive. Pure.
 */
export interface SnippetDesign {
  readonly n: number;
  readonly p: number;
  readonly mBits: number;
  readonly k: number;
}

export interface SnippetLibrary {
  readonly id: string;
  readonly label: string;
  readonly render: (design: SnippetDesign) => string;
}

/** Shortest decimal that round-trips, e.g. 0.01, 1e-7 -> 0.0000001 where short. */
export function probabilityLiteral(p: number): string {
  const plain = String(p);
  if (!plain.includes('e')) return plain;
  const fixed = p.toFixed(20).replace(/0+$/, '');
  return Number(fixed) === p && fixed.length <= 24 ? fixed : plain;
}

/** 1000000 -> 1_000_000 (languages with digit separators). */
export function groupedInteger(value: number, separator = '_'): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const summary = (d: SnippetDesign): string => `n = ${d.n}, p = ${probabilityLiteral(d.p)}, m = ${d.mBits} bits, k = ${d.k}`;

export const SNIPPET_LIBRARIES: readonly SnippetLibrary[] = [
  {
    id: 'annotation', label: 'bloom-lens annotation (any language)',
    render: (d) => `// bloom-lens: n=${d.n} p=${probabilityLiteral(d.p)} m=${d.mBits} k=${d.k}`,
  },
  {
    id: 'guava', label: 'Guava (Java)',
    render: (d) => `// ${summary(d)} (Guava derives its own m and k from n and p)\nBloomFilter<String> filter = BloomFilter.create(\n    Funnels.stringFunnel(StandardCharsets.UTF_8), ${groupedInteger(d.n)}L, ${probabilityLiteral(d.p)});`,
  },
  {
    id: 'commons', label: 'Apache Commons Collections (Java)',
    render: (d) => `// ${summary(d)}\nShape shape = Shape.fromNMK(${groupedInteger(d.n)}, ${groupedInteger(d.mBits)}, ${d.k});\nBloomFilter filter = new SimpleBloomFilter(shape);`,
  },
  {
    id: 'redis', label: 'RedisBloom (BF.RESERVE)',
    render: (d) => `# ${summary(d)} (RedisBloom rounds the bits up to a power of two)\nBF.RESERVE my-filter ${probabilityLiteral(d.p)} ${d.n} NONSCALING`,
  },
  {
    id: 'redis-py', label: 'redis-py (Python)',
    render: (d) => `# ${summary(d)}\nr.bf().reserve("my-filter", ${probabilityLiteral(d.p)}, ${groupedInteger(d.n)}, noScale=True)`,
  },
  {
    id: 'bits-and-blooms', label: 'bits-and-blooms/bloom (Go)',
    render: (d) => `// ${summary(d)}\nfilter := bloom.New(${d.mBits}, ${d.k})`,
  },
  {
    id: 'pybloom', label: 'pybloom-live (Python)',
    render: (d) => `# ${summary(d)} (pybloom partitions the bits into k slices)\nfilter = BloomFilter(capacity=${groupedInteger(d.n)}, error_rate=${probabilityLiteral(d.p)})`,
  },
  {
    id: 'rbloom', label: 'rbloom (Python)',
    render: (d) => `# ${summary(d)} (rbloom truncates k)\nfilter = Bloom(${groupedInteger(d.n)}, ${probabilityLiteral(d.p)})`,
  },
  {
    id: 'bloom-filters', label: 'bloom-filters (npm)',
    render: (d) => `// ${summary(d)}\nconst filter = new BloomFilter(${groupedInteger(d.mBits)}, ${d.k});`,
  },
  {
    id: 'rust-bloomfilter', label: 'bloomfilter (Rust)',
    render: (d) => `// ${summary(d)} (the bitmap size is in bytes)\nlet filter = Bloom::new(${groupedInteger(Math.ceil(d.mBits / 8))}, ${groupedInteger(d.n)});`,
  },
  {
    id: 'fastbloom', label: 'fastbloom (Rust)',
    render: (d) => `// ${summary(d)} (blocked filter: its FP is above the classic rate)\nlet filter = BloomFilter::with_num_bits(${groupedInteger(d.mBits)}).hashes(${d.k});`,
  },
  {
    id: 'rocksdb', label: 'RocksDB (C++)',
    render: (d) => `// ${summary(d)}\ntable_options.filter_policy.reset(rocksdb::NewBloomFilterPolicy(${Number((d.mBits / d.n).toFixed(2))}, false));`,
  },
  {
    id: 'cassandra', label: 'Cassandra / Scylla (CQL)',
    render: (d) => `-- ${summary(d)}\nALTER TABLE my_table WITH bloom_filter_fp_chance = ${probabilityLiteral(d.p)};`,
  },
  {
    id: 'clickhouse', label: 'ClickHouse (tokenbf_v1)',
    render: (d) => `-- ${summary(d)}\nINDEX idx_body body TYPE tokenbf_v1(${Math.ceil(d.mBits / 8)}, ${d.k}, 0) GRANULARITY 1`,
  },
  {
    id: 'ebpf', label: 'Linux eBPF map',
    render: (d) => `/* ${summary(d)} (the kernel sizes nr_bits itself, rounded to a power of two) */\nstruct {\n    __uint(type, BPF_MAP_TYPE_BLOOM_FILTER);\n    __type(value, __u32);\n    __uint(max_entries, ${d.n});\n    __uint(map_extra, ${Math.min(15, d.k)});\n} filter SEC(".maps");`,
  },
  {
    id: 'bitcoin', label: 'Bitcoin Core (C++)',
    render: (d) => `// ${summary(d)} (capped at 36,000 bytes and 50 hashes)\nCBloomFilter filter(${d.n}, ${probabilityLiteral(d.p)}, nTweak, BLOOM_UPDATE_ALL);`,
  },
];

/** The snippet for a library id (the annotation for an unknown id). */
export function snippetFor(libraryId: string, design: SnippetDesign): string {
  const library = SNIPPET_LIBRARIES.find((l) => l.id === libraryId) ?? SNIPPET_LIBRARIES[0];
  return library.render(design);
}
