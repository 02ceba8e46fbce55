import { describe, expect, it } from 'vitest';
import { PieceTrie } from './piece-trie';

describe('PieceTrie', () => {
  const trie = new PieceTrie(['un', 'unaff', 'unaffable', 'é', 'x😀', '42']);
  const longest = (text: string, start = 0, end = text.length): number => trie.longestMatchEnd(text, start, end);

  it('finds the longest piece spelled from a position', () => {
    expect(longest('unaffable')).toBe(9);
    expect(longest('unaffected')).toBe(5);
    expect(longest('unable')).toBe(2);
    expect(longest('xunaffable', 1)).toBe(10);
  });

  it('stops at the end bound', () => {
    expect(longest('unaffable', 0, 7)).toBe(5);
    expect(longest('unaffable', 0, 1)).toBe(-1);
  });

  it('returns -1 when no piece starts there', () => {
    expect(longest('able')).toBe(-1);
    expect(longest('')).toBe(-1);
  });

  it('matches ASCII capitals as lower case, and nothing else case-insensitively', () => {
    expect(longest('UNAFFABLE')).toBe(9);
    expect(longest('É')).toBe(-1);
  });

  it('walks non-ASCII and astral characters by code unit', () => {
    expect(longest('é')).toBe(1);
    expect(longest('x😀!')).toBe(3);
    expect(longest('x😁')).toBe(-1);
    expect(longest('421')).toBe(2);
  });

  it('grows past its initial capacity', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}z`);
    const big = new PieceTrie(words);
    expect(words.every((word) => big.longestMatchEnd(word, 0, word.length) === word.length)).toBe(true);
  });
});
