import { describe, expect, it } from 'vitest';
import { splitRangeAt, trimRange } from './text-range';

describe('trimRange', () => {
  it('drops whitespace at both ends (JavaScript `\\s` unless told otherwise)', () => {
    const text = ' \u2003 word \ufeff\n';
    expect(trimRange(text, { start: 0, end: text.length })).toEqual({ start: 3, end: 7 });
    const onlySpaces = (unit: number) => unit === 0x20;
    expect(trimRange(text, { start: 0, end: text.length }, onlySpaces)).toEqual({ start: 1, end: text.length });
  });

  it('collapses a blank range', () => {
    expect(trimRange('a    b', { start: 1, end: 5 })).toEqual({ start: 5, end: 5 });
  });
});

describe('splitRangeAt', () => {
  it('gives the trimmed non-blank pieces between separators, inside the range only', () => {
    const text = 'skip\n\none \n\n\n  two\n \nthree\n\nskip';
    const start = text.indexOf('one');
    const end = text.lastIndexOf('\n\nskip');
    const pieces = splitRangeAt(text, { start, end }, /\n[ \t]*\n/);
    expect(pieces.map((r) => text.slice(r.start, r.end))).toEqual(['one', 'two', 'three']);
  });
});
