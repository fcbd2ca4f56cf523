// Bloom Lens conformance harness for RocksDB: one DB, n keys flushed into one SST with a full
// filter, Q absent keys through Get(); FP from the statistics tickers; filter bytes from the table
// properties. Usage: rocksdb <dir> <id>:<kind>:<bitsPerKey>:<formatVersion>:<n>:<queries>:<seed> ...
// kind = bloom | ribbon. Prints one JSON line per configuration.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>
#include <sstream>
#include "rocksdb/db.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/options.h"
#include "rocksdb/statistics.h"
#include "rocksdb/table.h"
#include "rocksdb/table_properties.h"
#include "rocksdb/version.h"
#include "keys.h"

using namespace ROCKSDB_NAMESPACE;

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(part);
  return out;
}

static int fail(const std::string& what, const Status& s) {
  std::fprintf(stderr, "rocksdb harness: %s: %s\n", what.c_str(), s.ToString().c_str());
  return 2;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: rocksdb <dir> <id>:<kind>:<bpk>:<format_version>:<n>:<queries>:<seed> ...\n");
    return 2;
  }
  std::string base = argv[1];
  for (int a = 2; a < argc; a++) {
    auto f = split(argv[a], ':');
    if (f.size() != 7) { std::fprintf(stderr, "bad config %s\n", argv[a]); return 2; }
    const std::string id = f[0], kind = f[1];
    const double bpk = std::atof(f[2].c_str());
    const int formatVersion = std::atoi(f[3].c_str());
    const uint64_t n = std::strtoull(f[4].c_str(), nullptr, 10);
    const uint64_t queries = std::strtoull(f[5].c_str(), nullptr, 10);
    const uint64_t seed = std::strtoull(f[6].c_str(), nullptr, 10);
    const std::string dir = base + "/" + id;

    BlockBasedTableOptions table;
    if (kind == "ribbon") table.filter_policy.reset(NewRibbonFilterPolicy(bpk, /*bloom_before_level=*/-1));
    else table.filter_policy.reset(NewBloomFilterPolicy(bpk));
    table.format_version = formatVersion;
    table.whole_key_filtering = true;
    table.optimize_filters_for_memory = false;
    table.partition_filters = false;
    Options options;
    options.create_if_missing = true;
    options.error_if_exists = true;
    options.write_buffer_size = 512 << 20;
    options.disable_auto_compactions = true;
    options.compression = kNoCompression;
    options.statistics = CreateDBStatistics();
    options.table_factory.reset(NewBlockBasedTableFactory(table));
    DestroyDB(dir, options);

    DB* raw = nullptr;
    Status s = DB::Open(options, dir, &raw);
    if (!s.ok()) return fail("open " + dir, s);
    std::unique_ptr<DB> db(raw);
    WriteOptions wo;
    wo.disableWAL = true;
    unsigned char key[8];
    for (uint64_t i = 0; i < n; i++) {
      conf_key_bytes(seed, i, 0, key);
      s = db->Put(wo, Slice(reinterpret_cast<char*>(key), 8), Slice());
      if (!s.ok()) return fail("put", s);
    }
    s = db->Flush(FlushOptions());
    if (!s.ok()) return fail("flush", s);

    TablePropertiesCollection props;
    s = db->GetPropertiesOfAllTables(&props);
    if (!s.ok()) return fail("properties", s);
    uint64_t filterBytes = 0, entries = 0, tables = 0, dataBytes = 0;
    std::string policyName, tableFile;
    for (auto& p : props) {
      filterBytes += p.second->filter_size;
      dataBytes = p.second->data_size;
      entries += p.second->num_entries;
      policyName = p.second->filter_policy_name;
      tableFile = p.first;
      tables++;
    }
    // k is not in the table properties: read it from the filter's own metadata. With no compression the
    // filter block is stored verbatim right after the data blocks (BlockBasedTableBuilder::Finish writes
    // the filter block first among the meta blocks); its last 5 bytes are the metadata:
    //   FastLocalBloom: 0xFF (new-Bloom marker), 0x00 (sub-implementation), probes, 0, 0
    //   legacy Bloom:   probes, num_lines (uint32 little endian)
    //   Ribbon:         0xFE (Ribbon marker), seed, num_blocks (3 bytes): no k
    int probes = -1;
    std::string layout = "unknown";
    {
      std::ifstream in(tableFile, std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (tables == 1 && filterBytes >= 5 && dataBytes + filterBytes <= bytes.size()) {
        const unsigned char* meta = reinterpret_cast<const unsigned char*>(bytes.data()) + dataBytes + filterBytes - 5;
        if (meta[0] == 0xFF && meta[1] == 0x00) { layout = "fastlocalbloom"; probes = meta[2] & 31; }
        else if (meta[0] == 0xFE) { layout = "ribbon"; }
        else if (meta[0] < 0x80) {
          const uint64_t lines = meta[1] | (meta[2] << 8) | (meta[3] << 16) | (uint64_t(meta[4]) << 24);
          if (lines > 0 && lines * 64 == filterBytes - 5) { layout = "legacy"; probes = meta[0]; }
        }
      }
    }

    options.statistics->Reset();
    ReadOptions ro;
    std::string value;
    uint64_t found = 0;
    for (uint64_t i = 0; i < queries; i++) {
      conf_key_bytes(seed, i, 1, key);
      if (db->Get(ro, Slice(reinterpret_cast<char*>(key), 8), &value).ok()) found++;
    }
    const uint64_t useful = options.statistics->getTickerCount(BLOOM_FILTER_USEFUL);
    const uint64_t positive = options.statistics->getTickerCount(BLOOM_FILTER_FULL_POSITIVE);
    const uint64_t truePositive = options.statistics->getTickerCount(BLOOM_FILTER_FULL_TRUE_POSITIVE);
    db.reset();
    DestroyDB(dir, options);

    // The full filter ends in 5 bytes of metadata (probes / format marker and line count).
    const uint64_t mBits = filterBytes >= 5 ? (filterBytes - 5) * 8 : 0;
    std::printf("{\"id\":\"%s\",\"m\":%llu,\"filterBytes\":%llu,\"n\":%llu,\"entries\":%llu,\"tables\":%llu,"
                "\"reps\":1,\"queries\":%llu,\"positives\":%llu,\"checked\":%llu,\"found\":%llu,"
                "\"truePositives\":%llu,\"policy\":\"%s\",\"layout\":\"%s\"%s,\"version\":\"%d.%d.%d\"}\n",
                id.c_str(), (unsigned long long)mBits, (unsigned long long)filterBytes, (unsigned long long)n,
                (unsigned long long)entries, (unsigned long long)tables, (unsigned long long)(useful + positive),
                (unsigned long long)(positive - truePositive), (unsigned long long)(useful + positive),
                (unsigned long long)found, (unsigned long long)truePositive, policyName.c_str(), layout.c_str(),
                probes >= 0 ? (",\"k\":" + std::to_string(probes)).c_str() : "",
                ROCKSDB_MAJOR, ROCKSDB_MINOR, ROCKSDB_PATCH);
    std::fflush(stdout);
  }
  return 0;
}
