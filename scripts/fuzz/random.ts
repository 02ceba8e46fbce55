/**
 * A seeded pseudo-random generator (sfc32), so that a fuzz run is repeated exactly by giving the same
 * `--seed`. Not for anything secret.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number) {
    // splitmix32 spreads a small seed over the four words of state.
    let state = seed >>> 0;
    const next = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    // The first outputs of sfc32 still show the seed: discard them.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniformly distributed 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** An integer in [0, bound); `bound` must be a positive integer. */
  below(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`Random.below: expected a positive integer, got ${bound}`);
    return Math.floor((this.uint32() / 0x1_0000_0000) * bound);
  }

  /** An integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.below(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.uint32() / 0x1_0000_0000 < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: no items');
    return items[this.below(items.length)]!;
  }

  /** Small values far more often than large ones: most mutations should be small, a few drastic. */
  skewed(max: number): number {
    return Math.min(max, Math.floor(Math.pow(2, (this.uint32() / 0x1_0000_0000) * Math.log2(max + 1))));
  }

  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = this.below(256);
    return out;
  }
}
