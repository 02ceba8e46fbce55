import { describe, expect, it } from 'vitest';
import { centringMoveWritesNoSpace, wordSpaceBeforeLast } from './glyph-widths';

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

describe('centringMoveWritesNoSpace', () => {
  // TeX's OT1 widths: "a" and the grave half an em, "m" 0.833 em, "E" 0.681 em.
  const map: string[] = [];
  map[0x61] = 'a';
  map[0x6d] = 'm';
  map[0x45] = 'E';
  map[0x60] = '`';
  const font = { toUnicode: { _map: map }, widths: { 0x61: 500, 0x6d: 833, 0x45: 681, 0x60: 500 } };

  it('reads a space before an accent over a lowercase letter as a word space when centring it moves too little for one', () => {
    expect(centringMoveWritesNoSpace('`', font, 'a', font)).toBe(true);
    expect(centringMoveWritesNoSpace('`', font, 'm', font)).toBe(false);
  });

  it('does not judge a capital, nor a letter the font gives no width for', () => {
    expect(centringMoveWritesNoSpace('`', font, 'E', font)).toBeUndefined();
    expect(centringMoveWritesNoSpace('`', font, 'o', font)).toBeUndefined();
    expect(centringMoveWritesNoSpace('`', undefined, 'a', font)).toBeUndefined();
  });
});
