// Just enough of the npm package "bloom-filters" for this sample to type-check without installing it.
declare module 'bloom-filters' {
  export class BloomFilter {
    static create(items: number, errorRate: number): BloomFilter;
    add(element: string): void;
    has(element: string): boolean;
  }
}
