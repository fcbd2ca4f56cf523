/* Bloom Lens conformance harness for libbloom (C): bloom_init(entries, error); m and k read from the
 * struct's public fields bits and hashes. Usage: libbloom <id>:<n>:<p>:<reps>:<queriesPerRep>:<seed> ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bloom.h>
#include "keys.h"

int main(int argc, char** argv) {
  for (int a = 1; a < argc; a++) {
    char id[64];
    unsigned long long n, reps, perRep, seed;
    double p;
    if (sscanf(argv[a], "%63[^:]:%llu:%lf:%llu:%llu:%llu", id, &n, &p, &reps, &perRep, &seed) != 6) {
      fprintf(stderr, "bad config %s\n", argv[a]);
      return 2;
    }
    unsigned long long positives = 0;
    double sumSquares = 0;
    int bits = 0, hashes = 0, bytes = 0;
    unsigned char key[8];
    for (unsigned long long r = 0; r < reps; r++) {
      struct bloom filter;
      if (bloom_init(&filter, (int)n, p) != 0) { fprintf(stderr, "bloom_init failed\n"); return 2; }
      bits = filter.bits;
      hashes = filter.hashes;
      bytes = filter.bytes;
      for (unsigned long long i = 0; i < n; i++) {
        conf_key_bytes(seed, r * n + i, 0, key);
        bloom_add(&filter, key, 8);
      }
      unsigned long long hits = 0;
      for (unsigned long long q = 0; q < perRep; q++) {
        conf_key_bytes(seed, r * perRep + q, 1, key);
        if (bloom_check(&filter, key, 8)) hits++;
      }
      bloom_free(&filter);
      positives += hits;
      double rate = (double)hits / (double)perRep;
      sumSquares += rate * rate;
    }
    printf("{\"id\":\"%s\",\"m\":%d,\"k\":%d,\"bytes\":%d,\"n\":%llu,\"reps\":%llu,\"queries\":%llu,\"positives\":%llu,"
           "\"sumSquares\":%.17g,\"version\":\"%s\"}\n",
           id, bits, hashes, bytes, n, reps, reps * perRep, positives, sumSquares, bloom_version());
    fflush(stdout);
  }
  return 0;
}
