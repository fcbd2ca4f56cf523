// Bloom Lens conformance harness for LevelDB's FilterPolicy (NewBloomFilterPolicy): R filters of n
// keys each through CreateFilter, Q/R absent keys per filter through KeyMayMatch. The filter's last
// byte is k; the bytes before it are the bit array.
// Usage: leveldb <id>:<bitsPerKey>:<n>:<reps>:<queriesPerRep>:<seed> ...
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include "leveldb/db.h"
#include "leveldb/filter_policy.h"
#include "leveldb/slice.h"
#include "keys.h"

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(part);
  return out;
}

int main(int argc, char** argv) {
  for (int a = 1; a < argc; a++) {
    auto f = split(argv[a], ':');
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
