import { describe, expect, it } from 'vitest';
import { codePointOffsets, trimSpan } from './code-points';

describe('codePointOffsets', () => {
  it('counts a surrogate pair as one code point', () => {
    const text = 'a😀b𝄞c';
    const toCodePoint = codePointOffsets(text);
    expect([0, 1, 3, 4, 6, 7].map(toCodePoint)).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...text].slice(toCodePoint(3), toCodePoint(6)).join('')).toBe('b𝄞');
  });

  it('is the identity for BMP text and handles a lone surrogate', () => {
    expect(codePointOffsets('abc')(2)).toBe(2);
    expect(codePointOffsets('a\uD800b')(3)).toBe(3);
  });

  it('trims whitespace off a span', () => {
    expect(trimSpan('  ab \n', 0, 6)).toEqual([2, 4]);
    expect(trimSpan('   ', 0, 3)).toEqual([0, 3]);
  });
});
