import { describe, expect, it } from 'vitest';
import { wordSpaceBeforeLast } from './glyph-widths';

describe('wordSpaceBeforeLast', () => {
  // Glyphs half the font size wide: "non `" is 20 points at 10 points, without its space.
  const map: string[] = [];
  map[0x6e] = 'n';
  map[0x6f] = 'o';
  map[0x60] = '`';
  const font = { toUnicode: { _map: map }, widths: { 0x6e: 500, 0x6f: 500, 0x60: 500 } };

  it('measures the move of the one space: a word space, or the move that sets an accent over its letter', () => {
    expect(wordSpaceBeforeLast('non `', 20 + 3.3, 10, font)).toBe(true);
    expect(wordSpaceBeforeLast('non `', 20 + 1, 10, font)).toBe(false);
  });

  it('cannot tell several spaces apart, nor glyphs the font gives no width for', () => {
    expect(wordSpaceBeforeLast('no no `', 25 + 6.6, 10, font)).toBeUndefined();
    expect(wordSpaceBeforeLast('nox `', 30, 10, font)).toBeUndefined();
    expect(wordSpaceBeforeLast('non `', 23.3, 10, undefined)).toBeUndefined();
  });
});
