import { describe, expect, it } from 'vitest';
import { ASCII_CLASS, ASCII_DROPPED, ASCII_PUNCTUATION, ASCII_SPACE, ASCII_WORD, bertWords } from './bert-pretokenize';

describe('bertWords', () => {
  it('agrees with the ASCII fast-path table on every ASCII character', () => {
    for (let code = 0; code < 128; code++) {
      const char = String.fromCharCode(code);
      const expected = {
        [ASCII_WORD]: [`x${char.toLowerCase()}y`],
        [ASCII_SPACE]: ['x', 'y'],
        [ASCII_PUNCTUATION]: ['x', char, 'y'],
        [ASCII_DROPPED]: ['xy'],
      }[ASCII_CLASS[code] ?? -1];
      expect(bertWords(`x${char}y`), `code ${code}`).toEqual(expected);
    }
  });

  it('lower-cases and strips accents after canonical decomposition', () => {
    expect(bertWords('Café NAÏVE Ångström')).toEqual(['cafe', 'naive', 'angstrom']);
    expect(bertWords('İstanbul')).toEqual(['istanbul']);
  });

  it('lower-cases a final capital sigma as σ, one code point at a time', () => {
    expect(bertWords('ΟΔΟΣ')).toEqual(['οδοσ']);
  });

  it('makes every CJK ideograph a word of its own but keeps kana together', () => {
    expect(bertWords('戦場のヴァルキュリア3')).toEqual(['戦', '場', 'のウァルキュリア3']);
  });

  it('isolates Unicode punctuation but keeps symbols inside words', () => {
    expect(bertWords('“Quoted”—dash…')).toEqual(['“', 'quoted', '”', '—', 'dash', '…']);
    expect(bertWords('a©b €5 x±y')).toEqual(['a©b', '€5', 'x±y']);
  });

  it('splits on Unicode whitespace and removes control, format and private-use characters', () => {
    expect(bertWords('hello\tworld\nagain\u00a0now\u3000then')).toEqual(['hello', 'world', 'again', 'now', 'then']);
    expect(bertWords('so\u00adft zero\u200bwidth \ue000private \u0085nel')).toEqual(['soft', 'zerowidth', 'private', 'nel']);
    expect(bertWords('\u000b\u000c\ufeff\ufffd')).toEqual([]);
  });
});
