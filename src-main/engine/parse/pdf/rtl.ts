/**
 * pdf.js puts right-to-left runs in logical order, but a lam-alef ligature glyph whose ToUnicode
 * entry holds two characters comes out reversed ("ال" where the text has "لا"). Text alone cannot
 * always tell, so only spellings Arabic rules out are repaired:
 * - an alef followed by a hamza-alef and lam ("اإل") is the article before a reversed lam-hamza-alef;
 * - "ال" inside a word, after a letter that is not a one-letter prefix at the word's start and
 *   not at the word's end, is a reversed "لا" (as in "خالل" for "خلال").
 */
const letter = '[\\u0620-\\u064A]';
const articleBeforeReversedLigature = /\u0627([\u0622\u0623\u0625])\u0644/g;
const reversedLamAlef = new RegExp(`(?<=${letter})\\u0627\\u0644(?=${letter})`, 'g');
const isLetter = new RegExp(letter);
/** One-letter prefixes (and, so, with, as, for) that may precede the article "ال". */
const articlePrefixes = new Set(['\u0648', '\u0641', '\u0628', '\u0643', '\u0644']);

export function fixRtlText(text: string): string {
  if (!/[\u0600-\u06FF]/.test(text)) return text;
  const withArticle = text.replace(articleBeforeReversedLigature, '\u0627\u0644$1');
  return withArticle.replace(reversedLamAlef, (match: string, offset: number, whole: string) => {
    const previous = whole[offset - 1] ?? '';
    const previousStartsWord = !isLetter.test(whole[offset - 2] ?? ' ');
    if (previousStartsWord && articlePrefixes.has(previous)) return match;
    return '\u0644\u0627';
  });
}
