// Bloom Lens conformance harness for LevelDB's FilterPolicy (NewBloomFilterPolicy), two ways:
//  - <id>:<bitsPerKey>:<n>:<reps>:<queriesPerRep>:<seed>: R filters of n keys each through CreateFilter, Q/R absent keys per
//    filter through KeyMayMatch. The filter's last byte is k; the bytes before it are the bit array.
//  - <id>:db:<bitsPerKey>:<n>:<valueBytes>:<queries>:<seed>: a real database (default options: 4 KB blocks, one filter per
//    2 KB of table data) with n keys of 8 bytes and random values, compacted, then Q absent keys through Get(). A counting
//    policy wrapped around NewBloomFilterPolicy counts the filter checks and positives (every queried key is absent) and the
//    keys of each filter built (filterSizes = {keys: filters}); n and m are those of the most common filter, keys the total.
// Usage: leveldb <scratch directory> <config> ...
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include "leveldb/db.h"
#include "leveldb/filter_policy.h"
#include "leveldb/slice.h"
#include "keys.h"

// NewBloomFilterPolicy with counters: the keys of each filter built, and the checks and positives of KeyMayMatch.
struct CountingPolicy : leveldb::FilterPolicy {
  std::unique_ptr<const leveldb::FilterPolicy> inner;
  mutable std::map<int, uint64_t> filterSizes;
  mutable uint64_t k = 0, checks = 0, positives = 0;
  explicit CountingPolicy(int bpk) : inner(leveldb::NewBloomFilterPolicy(bpk)) {}
  const char* Name() const override { return inner->Name(); }
  void CreateFilter(const leveldb::Slice* keys, int n, std::string* dst) const override {
    inner->CreateFilter(keys, n, dst);
    if (n == 0) return;
    filterSizes[n]++;
    k = static_cast<unsigned char>((*dst)[dst->size() - 1]);
  }
  bool KeyMayMatch(const leveldb::Slice& key, const leveldb::Slice& filter) const override {
    checks++;
    const bool match = inner->KeyMayMatch(key, filter);
    positives += match;
    return match;
  }
};

static int runDatabase(const std::string& dir, const std::string& id, int bpk, uint64_t n, size_t valueBytes, uint64_t queries, uint64_t seed) {
  CountingPolicy policy(bpk);
  leveldb::Options options;
  options.create_if_missing = true;
  options.filter_policy = &policy;
  leveldb::DB* raw = nullptr;
  const std::string path = dir + "/" + id;
  leveldb::Status status = leveldb::DB::Open(options, path, &raw);
  if (!status.ok()) { std::fprintf(stderr, "open %s: %s\n", path.c_str(), status.ToString().c_str()); return 1; }
  std::unique_ptr<leveldb::DB> db(raw);
  unsigned char key[8];
  std::string value(valueBytes, '\0');
  uint64_t state = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (uint64_t i = 0; i < n; i++) {
    conf_key_bytes(seed, i, 0, key);
    for (auto& c : value) { state = conf_mix64(state); c = static_cast<char>(state); } // random: snappy cannot shrink the blocks
    db->Put(leveldb::WriteOptions(), leveldb::Slice(reinterpret_cast<char*>(key), 8), value);
  }
  db->CompactRange(nullptr, nullptr);
  policy.checks = policy.positives = 0;
  std::string out;
  for (uint64_t q = 0; q < queries; q++) {
    conf_key_bytes(seed, q, 1, key);
    db->Get(leveldb::ReadOptions(), leveldb::Slice(reinterpret_cast<char*>(key), 8), &out);
  }
  // n and m of the most common filter (all builds: flushes and compactions write the same 4 KB blocks).
  std::string sizes;
  int typicalKeys = 0;
  uint64_t typicalCount = 0;
  for (const auto& [keys, count] : policy.filterSizes) {
    sizes += (sizes.empty() ? "" : ",") + std::string("\"") + std::to_string(keys) + "\":" + std::to_string(count);
    if (count > typicalCount) { typicalKeys = keys; typicalCount = count; }
  }
  std::string filter;
  std::vector<std::string> typical(typicalKeys, std::string(8, 'k'));
  std::vector<leveldb::Slice> slices(typical.begin(), typical.end());
  policy.inner->CreateFilter(slices.data(), typicalKeys, &filter);
  std::printf("{\"id\":\"%s\",\"m\":%llu,\"k\":%llu,\"n\":%d,\"keys\":%llu,\"reps\":1,\"queries\":%llu,\"positives\":%llu,\"filterSizes\":{%s},\"version\":\"%d.%d\"}\n",
              id.c_str(), (unsigned long long)(filter.size() - 1) * 8, (unsigned long long)policy.k, typicalKeys, (unsigned long long)n,
              (unsigned long long)policy.checks, (unsigned long long)policy.positives, sizes.c_str(), leveldb::kMajorVersion, leveldb::kMinorVersion);
  std::fflush(stdout);
  return 0;
}

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(part);
  return out;
}

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: leveldb <scratch directory> <config> ...\n"); return 2; }
  const std::string scratch = argv[1];
  for (int a = 2; a < argc; a++) {
    auto f = split(argv[a], ':');
    if (f.size() == 7 && f[1] == "db") {
      const int rc = runDatabase(scratch, f[0], std::atoi(f[2].c_str()), std::strtoull(f[3].c_str(), nullptr, 10), std::strtoull(f[4].c_str(), nullptr, 10),
                                 std::strtoull(f[5].c_str(), nullptr, 10), std::strtoull(f[6].c_str(), nullptr, 10));
      if (rc != 0) return rc;
      continue;
    }
    if (f.size() != 6) { std::fprintf(stderr, "bad config %s\n", argv[a]); return 2; }
    const std::string id = f[0];
    const int bpk = std::atoi(f[1].c_str());
    const uint64_t n = std::strtoull(f[2].c_str(), nullptr, 10);
    const uint64_t reps = std::strtoull(f[3].c_str(), nullptr, 10);
    const uint64_t perRep = std::strtoull(f[4].c_str(), nullptr, 10);
    const uint64_t seed = std::strtoull(f[5].c_str(), nullptr, 10);
    std::unique_ptr<const leveldb::FilterPolicy> policy(leveldb::NewBloomFilterPolicy(bpk));
    std::vector<std::string> storage(n);
    std::vector<leveldb::Slice> keys(n);
    unsigned char key[8];
    uint64_t positives = 0, mBits = 0, k = 0;
    double sumSquares = 0;
    for (uint64_t r = 0; r < reps; r++) {
      for (uint64_t i = 0; i < n; i++) {
        conf_key_bytes(seed, r * n + i, 0, key);
        storage[i].assign(reinterpret_cast<char*>(key), 8);
        keys[i] = leveldb::Slice(storage[i]);
      }
      std::string filter;
      policy->CreateFilter(keys.data(), static_cast<int>(n), &filter);
      mBits = (filter.size() - 1) * 8;
      k = static_cast<unsigned char>(filter.back());
      const leveldb::Slice filterSlice(filter);
      uint64_t hits = 0;
      for (uint64_t q = 0; q < perRep; q++) {
        conf_key_bytes(seed, r * perRep + q, 1, key);
        if (policy->KeyMayMatch(leveldb::Slice(reinterpret_cast<char*>(key), 8), filterSlice)) hits++;
      }
      positives += hits;
      const double rate = static_cast<double>(hits) / static_cast<double>(perRep);
      sumSquares += rate * rate;
    }
    std::printf("{\"id\":\"%s\",\"m\":%llu,\"k\":%llu,\"n\":%llu,\"reps\":%llu,\"queries\":%llu,\"positives\":%llu,"
                "\"sumSquares\":%.17g,\"version\":\"%d.%d\"}\n",
                id.c_str(), (unsigned long long)mBits, (unsigned long long)k, (unsigned long long)n,
                (unsigned long long)reps, (unsigned long long)(reps * perRep), (unsigned long long)positives,
                sumSquares, leveldb::kMajorVersion, leveldb::kMinorVersion);
    std::fflush(stdout);
  }
  return 0;
}
