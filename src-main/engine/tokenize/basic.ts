import { codePointLength } from '../text/code-points';
import type { Tokenizer } from './tokenizer';

const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** One token per Unicode code point: sizes in characters, as most splitters measure them. */
export class CharacterTokenizer implements Tokenizer {
  readonly id = 'chars';
  readonly defaultMaxTokens = 1000;
  readonly longestTokenLength = 1;

  count(text: string): number {
    return codePointLength(text);
  }

  /** Any run of whole code points: only a lone surrogate could pair up with a neighbour. */
  separatesTokens(separator: string): boolean {
    return separator !== '' && !LONE_SURROGATE.test(separator);
  }
}

/**
 * One token per run of non-whitespace characters (JavaScript's `\s`). A word has no bounded length;
 * 1 keeps semchunk's prefix probe sound, since a prefix never holds more words than the whole text.
 */
export class WordTokenizer implements Tokenizer {
  readonly id = 'words';
  readonly defaultMaxTokens = 200;
  readonly longestTokenLength = 1;

  count(text: string): number {
    let words = 0;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      const whitespace = isWhitespace(text.charCodeAt(i));
      if (!whitespace && !inWord) words++;
      inWord = !whitespace;
    }
    return words;
  }

  /** Whitespace ends the words around it and counts nothing. */
  separatesTokens(separator: string): boolean {
    if (separator === '') return false;
    for (let i = 0; i < separator.length; i++) if (!isWhitespace(separator.charCodeAt(i))) return false;
    return true;
  }
}

/** JavaScript's `\s`: White_Space plus the byte-order mark, minus U+0085. */
function isWhitespace(code: number): boolean {
  if (code < 128) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
