import { describe, expect, it } from 'vitest';
import { CharacterTokenizer, WordTokenizer } from './basic';

describe('chars', () => {
  const chars = new CharacterTokenizer();

  it('counts code points, so an astral character is one', () => {
    expect(chars.count('')).toBe(0);
    expect(chars.count('abc')).toBe(3);
    expect(chars.count('Café')).toBe(4);
    expect(chars.count('😀𝔘x')).toBe(3);
    expect(chars.count('a\n b')).toBe(4);
  });

  it('counts a lone surrogate as one', () => {
    expect(chars.count('\ud83dx')).toBe(2);
    expect(chars.count('\ude00\ud83d')).toBe(2);
  });

  it('adds up across any whole code points, not across a lone surrogate that pairs with its neighbour', () => {
    for (const separator of [' ', '.', 'ab', '😀']) {
      expect(chars.separatesTokens(separator)).toBe(true);
      expect(chars.count(`x\ud83d${separator}\ude00y`)).toBe(chars.count('x\ud83d') + chars.count(separator) + chars.count('\ude00y'));
    }
    expect(chars.separatesTokens('\ude00')).toBe(false);
    expect(chars.count('\ud83d\ude00')).toBe(1);
    expect(chars.separatesTokens('')).toBe(false);
  });
});

describe('words', () => {
  const words = new WordTokenizer();

  it('counts runs of non-whitespace', () => {
    expect(words.count('')).toBe(0);
    expect(words.count('   \n\t ')).toBe(0);
    expect(words.count('one')).toBe(1);
    expect(words.count('  two words  ')).toBe(2);
    expect(words.count('a,b c.d — e')).toBe(4);
  });

  it("splits on Unicode whitespace like JavaScript's \\s", () => {
    const text = 'a\u00a0b\u2003c\u3000d\u2028e\ufefff\u200bg';
    expect(words.count(text)).toBe(text.split(/\s+/).length);
    expect(words.count(text)).toBe(6);
  });

  it('adds up across whitespace only', () => {
    expect(words.separatesTokens('\n\u00a0 ')).toBe(true);
    expect(words.count('one two\n three')).toBe(words.count('one two') + words.count('three'));
    expect(words.separatesTokens('.')).toBe(false);
    expect(words.count('one.two')).not.toBe(words.count('one') + words.count('.') + words.count('two'));
    expect(words.separatesTokens('')).toBe(false);
  });
});
