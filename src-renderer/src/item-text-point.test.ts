import { describe, expect, it } from 'vitest';
import { codePointOffsetOf } from './item-text-point';

describe('codePointOffsetOf', () => {
  it('counts code points of the item text before the place', () => {
    expect(codePointOffsetOf('Grüße aus Köln', 10, 'Grüße aus Köln')).toBe(10);
  });

  it('counts a character outside the BMP once, as source spans do', () => {
    // '𝒳' is two UTF-16 units and one code point
    expect(codePointOffsetOf('a𝒳b c', 4, 'a𝒳b c')).toBe(3);
  });

  it('names no offset where the row does not show the item text as is', () => {
    expect(codePointOffsetOf('| a | b |', 3, 'a b')).toBeUndefined();
    expect(codePointOffsetOf('abc', 4, 'abc')).toBeUndefined();
  });
});
