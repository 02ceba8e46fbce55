import { describe, expect, it } from 'vitest';
import { Random } from './random';

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const sequence = (seed: number): number[] => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => random.uint32());
    };
    expect(sequence(7)).toEqual(sequence(7));
    expect(sequence(7)).not.toEqual(sequence(8));
  });

  it('keeps below, between and skewed inside their bounds and reaches both ends', () => {
    const random = new Random(1);
    const below = new Set<number>();
    const skewed: number[] = [];
    for (let i = 0; i < 2000; i++) {
      below.add(random.below(5));
      const value = random.between(-3, 3);
      expect(value).toBeGreaterThanOrEqual(-3);
      expect(value).toBeLessThanOrEqual(3);
      skewed.push(random.skewed(1000));
    }
    expect([...below].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(Math.min(...skewed)).toBe(1);
    expect(Math.max(...skewed)).toBeLessThanOrEqual(1000);
    // Skewed towards small values: most draws are far below the bound.
    expect(skewed.filter((v) => v < 100).length).toBeGreaterThan(skewed.length / 2);
  });

  it('refuses an empty pick and a bound that is not a positive integer', () => {
    const random = new Random(1);
    expect(() => random.pick([])).toThrow(RangeError);
    expect(() => random.below(0)).toThrow(RangeError);
    expect(() => random.below(1.5)).toThrow(RangeError);
  });
});
