import { BloomFilter } from 'bloom-filters';

interface Limits { readonly maxDevices: number }
declare const limits: Limits;

// Allow-list of known device ids, sized from configuration: Bloom Lens says what it cannot know.
export const devices = BloomFilter.create(limits.maxDevices, 0.01);
