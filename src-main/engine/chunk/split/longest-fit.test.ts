import { describe, expect, it } from 'vitest';
import { longestFit } from './longest-fit';

describe('longestFit', () => {
  const text = 'word '.repeat(50_000);
  const words = (n: number) => text.slice(0, n).split(' ').filter(Boolean).length;

  it('finds the longest prefix within the size whatever the first guess', () => {
    for (const guess of [1, 40, 400, 100_000]) {
      const length = longestFit(text.length, 100, words, guess);
      expect(words(length)).toBeLessThanOrEqual(100);
      expect(words(length + 1)).toBeGreaterThan(100);
    }
  });

  it('measures only lengths near the answer, a handful of times', () => {
    const measured: number[] = [];
    longestFit(text.length, 100, (n) => (measured.push(n), words(n)), 10);
    expect(measured.length).toBeLessThan(25);
    expect(Math.max(...measured)).toBeLessThan(2000);
  });

  it('handles a size that the whole text fits in, and an empty range', () => {
    expect(longestFit(50, 100, words, 10)).toBe(50);
    expect(longestFit(0, 100, words, 10)).toBe(0);
  });
});
