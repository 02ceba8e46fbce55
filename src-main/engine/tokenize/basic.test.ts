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

  it('splits on Unicode whitespace like JavaScript\'s \\s', () => {
    const text = 'a\u00a0b\u2003c\u3000d\u2028e\ufefff\u200bg';
    expect(words.count(text)).toBe(text.split(/\s+/).length);
    expect(words.count(text)).toBe(6);
  });
});
