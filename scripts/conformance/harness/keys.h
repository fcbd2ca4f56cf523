// Bloom Lens conformance: deterministic keys shared by the C and C++ harnesses.
// Key i of a run is splitmix64((seed << 40) + 2i + absent): a bijection, so every inserted key
// (absent = 0) differs from every other and from every query key (absent = 1).
#pragma once
#include <stdint.h>

static inline uint64_t conf_mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static inline uint64_t conf_key(uint64_t seed, uint64_t i, int absent) {
  return conf_mix64((seed << 40) + 2 * i + (uint64_t)absent);
}

static inline void conf_key_bytes(uint64_t seed, uint64_t i, int absent, unsigned char out[8]) {
  uint64_t v = conf_key(seed, i, absent);
  for (int b = 0; b < 8; b++) out[b] = (unsigned char)(v >> (56 - 8 * b));
}
