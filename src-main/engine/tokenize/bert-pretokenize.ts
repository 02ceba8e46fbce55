/**
 * HuggingFace's BertNormalizer (clean text, pad CJK ideographs, strip accents, lowercase) followed by
 * BertPreTokenizer (split on whitespace, isolate every punctuation character), as used by uncased BERT
 * models. `bertWords` handles any text; `wordpiece.ts` runs an ASCII fast path that must agree with it
 * (ASCII_CLASS) and calls it for everything else.
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

/**
 * What text cleaning removes: Rust's `is_other` of the unicode_categories crate (control, format and
 * private use, not unassigned) except tab, newline and carriage return, plus U+FFFD. Controls go before
 * whitespace is mapped, so \v, \f and U+0085 vanish instead of splitting.
 */
const REMOVED_BY_CLEANING = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\p{Cf}\p{Co}\ufffd]/gu;
/**
 * The CJK ideograph blocks BertNormalizer pads with spaces (not Hiragana, Katakana or Hangul).
 * HuggingFace's table starts the fifth block at U+2B920, not at U+2B820 where Extension E begins.
 */
const CJK_IDEOGRAPH =
  /[\u{4e00}-\u{9fff}\u{3400}-\u{4dbf}\u{20000}-\u{2a6df}\u{2a700}-\u{2b73f}\u{2b740}-\u{2b81f}\u{2b920}-\u{2ceaf}\u{f900}-\u{faff}\u{2f800}-\u{2fa1f}]/gu;
const NONSPACING_MARK = /\p{Mn}/gu;
/**
 * BertPreTokenizer's words: a punctuation mark alone, or a run of anything but whitespace and
 * punctuation. Punctuation is Unicode P* plus ASCII's symbols; `\s` equals Rust's White_Space here
 * because cleaning already removed the two characters where they differ (U+0085, U+FEFF).
 */
const WORD_OR_PUNCTUATION = /[\p{P}$+<=>^`|~]|[^\s\p{P}$+<=>^`|~]+/gu;

/** Whitespace and punctuation (as WORD_OR_PUNCTUATION sees them), one or more. */
const SPACE_OR_PUNCTUATION_RUN = /^[\s\p{P}$+<=>^`|~]+$/u;
const ANY_REMOVED_BY_CLEANING = new RegExp(REMOVED_BY_CLEANING.source, 'u');

/**
 * True when `text` is non-empty and made only of characters that end the words on both sides and
 * survive normalization unchanged in kind (whitespace that cleaning keeps, punctuation): the words of
 * `a + text + b` are then those of `a`, of `text` and of `b`, for any `a` and `b`.
 */
export function isWordBoundaryRun(text: string): boolean {
  return SPACE_OR_PUNCTUATION_RUN.test(text) && !ANY_REMOVED_BY_CLEANING.test(text);
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

/**
 * The words WordPiece receives for `text`: cleaned, CJK ideographs padded, accents stripped (NFD, then
 * nonspacing marks removed), lower-cased (in BertNormalizer's order), split on whitespace, and each
 * punctuation mark a word of its own.
 */
export function bertWords(text: string): string[] {
  const cleaned = text.replace(REMOVED_BY_CLEANING, '').replace(CJK_IDEOGRAPH, ' $& ');
  const normalized = lowercaseEachCodePoint(cleaned.normalize('NFD').replace(NONSPACING_MARK, ''));
  return normalized.match(WORD_OR_PUNCTUATION) ?? [];
}
