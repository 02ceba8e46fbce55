/**
 * pdf.js puts right-to-left runs in logical order, but a lam-alef ligature glyph whose ToUnicode
 * entry holds two characters comes out reversed ("ال" where the text has "لا"). Text alone cannot
 * always tell, so the repair runs only where the page gives the reversal away, and there only
 * on spellings that Arabic, Persian and Urdu rule out or make unlikely:
 * - an alef followed by a hamza-alef and lam ("اإل") is the article before a reversed lam-hamza-alef;
 * - "ال" inside a word, after a letter that is not a one-letter prefix at the word's start and
 *   not at the word's end, is a reversed "لا" (as in "خالل" for "خلال");
 * - "ال" after an alef is a reversed "لا" wherever it stands: no word spells two alefs in a row
 *   (Persian "باال" for "بالا", Arabic "اال" opening "الاتحاد").
 * A page gives the reversal away when it has spellings only a reversal makes (the article before a
 * hamza-alef, "ال" standing alone as a word where "لا", "no", stands, two alefs before a lam) and not
 * one "لا" of its own: in
 * such a font every lam-alef is a ligature glyph, so a correctly read page has its "لا"s, and words
 * such as "عالم" and "کالا" on it are left as they are.
 */
const letterClass = '\\u0620-\\u064A\\u066E-\\u06D3\\u06D5\\u06EE\\u06EF\\u06FA-\\u06FF';
const letter = `[${letterClass}]`;
const articleBeforeReversedLigature = /\u0627([\u0622\u0623\u0625])\u0644/g;
const reversedLamAlef = new RegExp(`(?<=${letter})\\u0627\\u0644(?=${letter})`, 'g');
const isLetter = new RegExp(letter);
/** One-letter prefixes (and, so, with, as, for) that may precede the article "ال". */
const articlePrefixes = new Set(['\u0648', '\u0641', '\u0628', '\u0643', '\u0644']);
const lamAlef = /\u0644[\u0622\u0623\u0625\u0627]/u;
const aloneArticle = `(?<![${letterClass}\\p{M}])\\u0627\\u0644(?![${letterClass}\\p{M}])`;
const alefBeforeReversedLigature = /\u0627\u0627\u0644/g;
const reversalOnly = new RegExp(`\\u0627[\\u0622\\u0623\\u0625]\\u0644|\\u0627\\u0627\\u0644|${aloneArticle}`, 'u');
/**
 * Combining marks (harakat, shadda, Hebrew points, Thaana vowels) after a space: pdf.js's reordering can move a
 * word's last mark past the space that follows it, and past the punctuation before that space ("ނިއ, ާޖަ" for
 * "ނިއާ, ޖަ"), but a mark always follows its own letter.
 */
const marksAfterSpace = /(?<=[\p{L}\p{M}])([^\p{L}\p{M}\p{N}\s]* +)(\p{M}+)/gu;
/**
 * Hebrew and Arabic presentation forms (letters with their points, contextual shapes, ligatures):
 * display glyphs, not the letters they show.
 */
const presentationForms = /[\uFB1D-\uFB4F\uFB50-\uFDFF\uFE70-\uFEFC]+/gu;

/**
 * Marks at the very start of a run, before a letter that carries none: pdf.js reverses a right-to-left
 * run drawn glyph by glyph (LuaTeX sets each letter and its vowel apart) and so puts the vowel before
 * its letter ("َس" for "سَ"). A letter that has marks after it already leaves the leading ones alone:
 * they belong to a letter of another run.
 */
const marksBeforeTheirLetter = /^(\p{M}+)(\p{L})(?!\p{M})/u;

/** The text with every combining mark that follows a space moved back before the space and its punctuation, onto its letter. */
export function marksOnTheirLetters(text: string): string {
  return text.replace(marksAfterSpace, '$2$1');
}

/** Whether the right-to-left texts of one page show lam-alef ligatures read in reverse. */
export function showsReversedLamAlef(texts: readonly string[]): boolean {
  let reversal = false;
  for (const text of texts) {
    if (lamAlef.test(text)) return false;
    reversal ||= reversalOnly.test(text);
  }
  return reversal;
}

/**
 * The text of a right-to-left run as read: presentation forms as the letters they show (NFKC:
 * "ﻻ" is "لا"), combining marks back after their letters, and reversed lam-alef ligatures put right
 * when the page shows them.
 */
export function fixRtlText(text: string, lamAlefReversed: boolean): string {
  const shaped = text.replace(presentationForms, (forms) => forms.normalize('NFKC')).replace(marksBeforeTheirLetter, '$2$1');
  const letters = marksOnTheirLetters(shaped);
  if (!lamAlefReversed || !/[\u0600-\u06FF]/.test(letters)) return letters;
  const withArticle = letters.replace(articleBeforeReversedLigature, '\u0627\u0644$1');
  const insideWords = withArticle.replace(reversedLamAlef, (match: string, offset: number, whole: string) => {
    const previous = whole[offset - 1] ?? '';
    const previousStartsWord = !isLetter.test(whole[offset - 2] ?? ' ');
    if (previousStartsWord && articlePrefixes.has(previous)) return match;
    return '\u0644\u0627';
  });
  // Last: the rule above reads the lam of a repaired "الا" as a reversed one.
  return insideWords.replace(alefBeforeReversedLigature, '\u0627\u0644\u0627');
}

const bracketMirrors: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

/**
 * A neutral run's brackets read right to left: right-to-left text draws an opening bracket as its
 * mirror image (the glyph of ")" on the right of "(وای‌فای)"), and a glyph's Unicode mapping names the
 * shape drawn, so a bracket drawn on its own reads as its mirror.
 */
export function mirroredBrackets(text: string): string {
  return text.replace(/[()[\]{}<>«»]/gu, (bracket) => bracketMirrors[bracket] ?? bracket);
}
