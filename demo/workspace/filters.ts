import { BloomFilter } from 'bloom-filters';

// Allow-list of known device ids.
export const devices = BloomFilter.create(10_000, 0.01);
