import { describe, expect, it } from 'vitest';
import { isWhitespace } from './whitespace';

describe('isWhitespace', () => {
  it('agrees with the regex `\\s` on every UTF-16 code unit', () => {
    const whitespace = /\s/;
    const disagreements: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      if (isWhitespace(unit) !== whitespace.test(String.fromCharCode(unit))) disagreements.push(unit);
    }
    expect(disagreements).toEqual([]);
  });
});
