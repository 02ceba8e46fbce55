import { codePointLength } from '../text/code-points';
import { isWhitespace } from '../text/whitespace';
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

  /** A code point is one or two code units: a text of more than twice `limit` units is over without a scan. */
  countUpTo(text: string, limit: number): number {
    return text.length > 2 * limit ? limit + 1 : codePointLength(text);
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
    return this.countUpTo(text, Infinity);
  }

  countUpTo(text: string, limit: number): number {
    let words = 0;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      const whitespace = isWhitespace(text.charCodeAt(i));
      if (!whitespace && !inWord && ++words > limit) return words;
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
