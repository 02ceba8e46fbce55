/**
 * HuggingFace's BertNormalizer (clean text, pad CJK ideographs, strip accents, lowercase) followed by
 * BertPreTokenizer (split on whitespace, isolate every punctuation character), as used by uncased BERT
 * models. `bertWords` is the complete, unhurried version; `wordpiece.ts` runs an ASCII fast path that
 * must agree with it and calls it for everything else.
 */

/** How an ASCII character behaves before WordPiece sees it: part of a word. */
export const ASCII_WORD = 0;
/** Ends a word and disappears. */
export const ASCII_SPACE = 1;
/** Ends a word and is a word of its own. */
export const ASCII_PUNCTUATION = 2;
/** Removed by text cleaning without ending the word (`a\u0001b` is `ab`). */
export const ASCII_DROPPED = 3;

export const ASCII_CLASS: Uint8Array = buildAsciiClassTable();

function buildAsciiClassTable(): Uint8Array {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x20) table[code] = ASCII_SPACE;
    else if (code < 0x20 || code === 0x7f) table[code] = ASCII_DROPPED;
    else if (isAsciiPunctuation(code)) table[code] = ASCII_PUNCTUATION;
    else table[code] = ASCII_WORD;
  }
  return table;
}

/** BERT treats all of ASCII's non-alphanumeric printables as punctuation, symbols like `$` and `^` included. */
function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

// Rust's `is_other` of the unicode_categories crate: control, format and private use (not unassigned).
const REMOVED_BY_CLEANING = /^[\p{Cc}\p{Cf}\p{Co}\u{fffd}]$/u;
const UNICODE_PUNCTUATION = /^\p{P}$/u;
const NONSPACING_MARKS = /\p{Mn}/gu;

/** Rust's `char::is_whitespace` (the Unicode White_Space property). */
function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** The CJK ideograph blocks BertNormalizer pads with spaces (not Hiragana, Katakana or Hangul). */
function isCjkIdeograph(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) ||
    (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) ||
    // HuggingFace's table starts this block at U+2B920, not at U+2B820 where Extension E begins; keep its counts.
    (code >= 0x2b920 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x2f800 && code <= 0x2fa1f)
  );
}

function isBertPunctuation(char: string, code: number): boolean {
  return code < 128 ? ASCII_CLASS[code] === ASCII_PUNCTUATION : UNICODE_PUNCTUATION.test(char);
}

/** Text cleaning and CJK padding, in that order, as BertNormalizer does them. */
function cleanAndPadCjk(text: string): string {
  let cleaned = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // Cleaning removes controls before it maps whitespace, so \v, \f and U+0085 vanish instead of splitting.
    if (code === 0x09 || code === 0x0a || code === 0x0d) cleaned += ' ';
    else if (REMOVED_BY_CLEANING.test(char)) continue;
    else if (isWhitespace(code)) cleaned += ' ';
    else if (isCjkIdeograph(code)) cleaned += ` ${char} `;
    else cleaned += char;
  }
  return cleaned;
}

/**
 * Lower-cases one code point at a time like Rust's `char::to_lowercase`: JavaScript's `toLowerCase`
 * on a whole string turns a word-final `Σ` into `ς`, which BERT's normalizer does not.
 */
function lowercaseEachCodePoint(text: string): string {
  if (!text.includes('\u03a3')) return text.toLowerCase();
  let lowered = '';
  for (const char of text) lowered += char.toLowerCase();
  return lowered;
}

/** The words WordPiece receives for `text`: normalized, whitespace dropped, each punctuation mark alone. */
export function bertWords(text: string): string[] {
  const normalized = lowercaseEachCodePoint(cleanAndPadCjk(text).normalize('NFD').replace(NONSPACING_MARKS, ''));
  const words: string[] = [];
  let word = '';
  for (const char of normalized) {
    const code = char.codePointAt(0) ?? 0;
    if (isWhitespace(code)) {
      if (word) words.push(word);
      word = '';
    } else if (isBertPunctuation(char, code)) {
      if (word) words.push(word);
      words.push(char);
      word = '';
    } else {
      word += char;
    }
  }
  if (word) words.push(word);
  return words;
}
