import { describe, expect, it } from 'vitest';
import { codePointLength, codePointOffsets, codePointRangeLength, codePointSlice, snapToCodePoint, utf16Offsets } from './code-points';

/** Astral characters (two UTF-16 units each) between BMP ones, and a lone high and low surrogate. */
const mixed = 'a😀b𝄞c';
const lone = 'x\uD800y\uDC00z';

describe('codePointLength', () => {
  it("counts what Python's len counts: an astral character once, a lone surrogate once", () => {
    expect(codePointLength(mixed)).toBe(5);
    expect(codePointLength(lone)).toBe(5);
    expect(codePointLength('plain')).toBe(5);
    expect(codePointLength('')).toBe(0);
  });

  it('counts a UTF-16 range, a pair cut by the range counting as one', () => {
    expect(codePointLength(mixed, 1, 4)).toBe(2);
    expect(codePointLength(mixed, 1, 2)).toBe(1);
    expect(codePointLength(mixed, 2, 6)).toBe(3);
    expect(codePointLength(mixed, 4, 4)).toBe(0);
  });
});

describe('codePointRangeLength', () => {
  it('counts every range as codePointLength does, pairs cut at either end and lone surrogates included', () => {
    for (const text of [mixed, lone, 'plain', '😀😀', '']) {
      const rangeLength = codePointRangeLength(text);
      for (let start = 0; start <= text.length; start++) {
        for (let end = 0; end <= text.length; end++)
          expect(rangeLength(start, end), `${text} [${start}, ${end})`).toBe(codePointLength(text, start, end));
      }
    }
  });
});

describe('codePointSlice', () => {
  it("slices like Python's text[start:end], negative indices from the end", () => {
    expect(codePointSlice(mixed, 1, 4)).toBe('😀b𝄞');
    expect(codePointSlice(mixed, 3)).toBe('𝄞c');
    expect(codePointSlice(mixed, 0, -1)).toBe('a😀b𝄞');
    expect(codePointSlice(mixed, 4, 2)).toBe('');
    expect(codePointSlice(mixed, 9)).toBe('');
    expect(codePointSlice('plain', 1, 3)).toBe('la');
    expect(codePointSlice(lone, 1, 4)).toBe('\uD800y\uDC00');
  });
});

describe('snapToCodePoint', () => {
  it('moves a cut inside a pair back to the start of the pair and leaves other offsets', () => {
    expect(snapToCodePoint(mixed, 2)).toBe(1);
    expect(snapToCodePoint(mixed, 3)).toBe(3);
    expect(snapToCodePoint(mixed, 0)).toBe(0);
    expect(snapToCodePoint(mixed, mixed.length)).toBe(mixed.length);
    expect(snapToCodePoint(lone, 4)).toBe(4);
  });
});

describe('codePointOffsets and utf16Offsets', () => {
  it('count a surrogate pair as one code point', () => {
    const toCodePoint = codePointOffsets(mixed);
    expect([0, 1, 3, 4, 6, 7].map(toCodePoint)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(toCodePoint(2)).toBe(1);
    expect([...mixed].slice(toCodePoint(3), toCodePoint(6)).join('')).toBe('b𝄞');
  });

  it('map back and forth between the two offsets of every code point', () => {
    for (const text of [mixed, lone, 'plain', '', '😀😀', '\uDC00\uD800']) {
      const toCodePoint = codePointOffsets(text);
      const toUtf16 = utf16Offsets(text);
      const points = [...text];
      let utf16 = 0;
      points.forEach((point, index) => {
        expect(toCodePoint(utf16)).toBe(index);
        expect(toUtf16(index)).toBe(utf16);
        utf16 += point.length;
      });
      expect(toCodePoint(text.length)).toBe(points.length);
      expect(toUtf16(points.length)).toBe(text.length);
    }
  });

  it('read a span of code points back as the characters it names', () => {
    const toUtf16 = utf16Offsets(mixed);
    expect(mixed.slice(toUtf16(1), toUtf16(4))).toBe(codePointSlice(mixed, 1, 4));
  });

  it('clamp offsets outside the text', () => {
    expect(codePointOffsets(mixed)(99)).toBe(5);
    expect(codePointOffsets('abc')(-4)).toBe(0);
    expect(utf16Offsets(mixed)(99)).toBe(mixed.length);
    expect(utf16Offsets('abc')(7)).toBe(3);
  });
});
