/**
 * Seeded pseudo-random numbers for the simulators: xoshiro128** seeded through splitmix32.
 * Deterministic for a seed, identical in node, the webview and a worker.
 */
export class SeededRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let x = (Math.trunc(seed) >>> 0) ^ 0x9e3779b9;
    const next = (): number => {
      // splitmix32
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    this.s0 >>>= 0; this.s1 >>>= 0; this.s2 >>>= 0; this.s3 >>>= 0;
    return result;
  }

  /** A uniform double in [0, 1) with 53 random bits. */
  nextDouble(): number {
    const high = this.nextUint32() >>> 5; // 27 bits
    const low = this.nextUint32() >>> 6; // 26 bits
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** A uniform integer in [0, bound), bound <= 2^53, without modulo bias. */
  nextInt(bound: number): number {
    if (bound <= 0x100000000) {
      // Lemire's rejection on 32 bits
      const limit = 0x100000000 - (0x100000000 % bound);
      let r = this.nextUint32();
      while (r >= limit) r = this.nextUint32();
      return r % bound;
    }
    return Math.floor(this.nextDouble() * bound);
  }
}

function rotl(x: number, bits: number): number {
  return ((x << bits) | (x >>> (32 - bits))) >>> 0;
}
