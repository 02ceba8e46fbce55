import type { OutlineEntry } from '../../parse/pdf/pdf-outline';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { normalizeText } from '../parse-metrics';

/**
 * How our headings are matched with a PDF's outline (bookmarks), the author's own heading list.
 *
 * A title is normalised: Unicode NFKC, case folded, typographic quotes folded, every run of
 * punctuation and spaces made one space (`normalizeText`), after stripping
 *  - leading numbering: `1`, `1.2.3`, `1-`, `1-1` (Arabic book classes number so), `1.Title`, `1.1Title`, `A.1`, `IV.`, `B)`,
 *    `§ 4`, `§ A.1` (digits of any script), and a
 *    numbered label such as
 *    `Chapter 3`, `Part II`, `Appendix A`, `Section 2.1` (and their French, German, Spanish forms),
 *    `第3章`, `第II部`, `附录 A` (Chinese and Japanese appendices);
 *  - trailing dot leaders with or without a page number (`Introduction ........ 5`).
 * Accents are folded (the combining marks of Latin, Greek and Cyrillic letters dropped, dotless `ı` read as `i`): an
 * outline in PDFDocEncoding cannot hold the letters that encoding lacks, and producers write them without their
 * accents ("Tesekkürler" for "Teşekkürler").
 * A lone letter or Roman numeral counts as numbering only with a `.` or `)` after it, so that
 * "A Tour of Git" keeps its "A"; Arabic numbers are numbering before a space as well ("3 Results").
 * Persian writes a heh carrying a hamza in two ways, as one letter ("ۀ", U+06C0) or as heh and hamza
 * above ("هٔ"); the two are one spelling (no canonical equivalence joins them: U+06C0 decomposes to
 * the Arabic letter ae, not to heh), and the outline and the page often take different ones. The
 * tatweel (kashida, U+0640) is dropped: it stretches a word to justify its line (XeTeX's xepersian and
 * texnegar draw it), and an outline, written from the source, has none.
 * An appendix letter set with a space only ("A Change Log") is forgiven when comparing: a text
 * matches another that equals it without its first word, when that word is a single letter. Spaces
 * are not significant to equality: Chromium's outline drops the line breaks inside a heading's HTML
 * source ("Customizing yourDebian system"), and CJK text is spaced differently by every producer.
 * An outline title may name the kind of page or section before a colon ("Title Page: Lake Attica's
 * Shores", "Cover: …"): such a title also matches by its text after the colon, when a word or three
 * stand before it. LaTeX's outline names a part by its Roman number and title ("II Plotting styles")
 * where the page sets "Part II" over the title: an outline title that opens with a Roman number in
 * capitals and a space also matches by the text after it.
 *
 * A heading and an outline entry match when their pages are the same or adjacent (an outline entry
 * whose destination cannot be resolved matches on any page) and their normalised texts are equal,
 * or one is a prefix of the other (at a word boundary) holding at least 80% of the longer's
 * characters: a heading that the parser cut short or ran on by a word still counts, a heading that
 * is one line of a two-line title does not. An outline title that ends in an ellipsis ("Theorem and ...", the short
 * title an author gave the bookmark) matches a heading that starts with its words, however much longer. In an outline with right-to-left titles, a title also
 * matches a heading that holds the same letters and digits in another order (its numbering kept on
 * both sides): Chromium writes the titles of a right-to-left document in visual order, the words (and
 * the parts a zero-width non-joiner sets apart) of each inline element of the heading from left to
 * right as drawn ("گنوم تصویری کلی نمای" for "نمای کلی تصویری گنوم", "Files. 1" for "1. Files"). Matching
 * is one-to-one, in outline order, each entry taking an equal text before a prefix before a reordered
 * one, then the nearest page, then the earliest heading.
 */

/** An outline title the author cut short ("Theorem and ...", "CRediT…"). */
const ELLIPSIS_END = /(?:\.\.\.|…)\s*$/u;

/** The share of the longer normalised text that a prefix must hold to match. */
export const PREFIX_SHARE = 0.8;

const LABEL_WORDS = [
  ['chapter', 'part', 'section', 'appendix', 'annex', 'lesson', 'unit'],
  ['chapitre', 'partie', 'annexe', 'kapitel', 'teil', 'anhang', 'abschnitt', 'cap[ií]tulo', 'parte', 'ap[eé]ndice'],
].flat();
const NUMBERED_LABEL = new RegExp(`^(?:${LABEL_WORDS.join('|')})\\s+(?:\\p{Nd}+(?:[.-]\\p{Nd}+)*|[ivxlcdm]+|[a-z])\\b[.:)]?\\s*`, 'iu');
const CJK_CHAPTER = /^第\s*(?:[0-9０-９一二三四五六七八九十百千]+|[IVXLC]+)\s*[章節节部篇条]\s*/iu;
// Digits of any script (Persian ۱.۲); "1-", "1.1-" and "١-١" as Arabic documents number; "1.Mise en contexte":
// a number and its dot set tight against the title's first letter; "1.1Sample Production": a number of two parts or more
// set tight against the title's first capital, as OpenOffice writes its outline (the tab after the number dropped).
const ARABIC_NUMBERING = /^\p{Nd}+(?:[.-]\p{Nd}+)*(?:[.):-]?(?:\s+|$)|\.(?=\p{L}))|^\p{Nd}+(?:\.\p{Nd}+)+(?=\p{Lu})/u;
const LETTER_OR_ROMAN_NUMBERING = /^(?:[a-z]|[ivxlcdm]+)(?:\.\d+)*[.)](?:\s+|$)/iu;
const LETTER_WITH_SUBNUMBER = /^[a-z](?:\.\p{Nd}+)+\.?(?:\s+|$)/iu;
/** The sign alone: the numbering after it, digits or an appendix's letter ("§ A.1"), is stripped on the next pass. */
const SECTION_SIGN = /^§+\s*(?=[\p{Nd}a-z])/iu;
const CJK_APPENDIX = /^(?:附录|附錄|付録)\s*(?:[A-Z]|\p{Nd}+)\b\s*/u;
/** Zero-width (non-)joiners shape a word (Persian sets one inside many words) without splitting it. */
const ZERO_WIDTH_JOINERS = /[\u200c\u200d]/gu;
/** Marks of the Combining Diacritical Marks block: what NFKD sets apart from an accented Latin, Greek or Cyrillic letter. */
const LATIN_GREEK_CYRILLIC_ACCENTS = /[\u0300-\u036f]/gu;
/** A kind of page or section named before a colon, in a word or three ("Title Page: …", "Cover: …"). */
const LABEL_BEFORE_COLON = /^[^\s:：]+(?:\s+[^\s:：]+){0,2}\s*[:：]\s+(?=\S)/u;
/** A part's Roman number before its title in LaTeX's outline ("II Plotting styles"). */
const PART_NUMBER = /^[IVXLC]+\s+(?=\S)/u;
const HEH_WITH_HAMZA = /\u06c0/gu;
const TATWEEL = /\u0640/gu;
const DOT_LEADER_TAIL = /\s*(?:[.·…_]\s*){2,}\s*(?:\p{Nd}+|[ivxlcdm]+)?\s*$/iu;

export function normaliseHeadingTitle(title: string): string {
  let text = title
    .normalize('NFKC')
    .replace(ZERO_WIDTH_JOINERS, '')
    .replace(HEH_WITH_HAMZA, '\u0647\u0654')
    .replace(TATWEEL, '')
    .trim()
    .replace(DOT_LEADER_TAIL, '');
  for (;;) {
    const stripped = text
      .replace(CJK_CHAPTER, '')
      .replace(CJK_APPENDIX, '')
      .replace(NUMBERED_LABEL, '')
      .replace(SECTION_SIGN, '')
      .replace(LETTER_WITH_SUBNUMBER, '')
      .replace(ARABIC_NUMBERING, '')
      .replace(LETTER_OR_ROMAN_NUMBERING, '')
      .trimStart();
    // A title that is nothing but a number ("1.") keeps it: stripping would leave nothing to match.
    if (stripped === text || stripped === '') break;
    text = stripped;
  }
  return foldAccents(normalizeText(text));
}

function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(LATIN_GREEK_CYRILLIC_ACCENTS, '').replaceAll('ı', 'i').normalize('NFC');
}

/**
 * The outline title's keys: its normalised text, and that of its text after a label and a colon or after a part's
 * Roman number, if it has one.
 */
function outlineKeys(title: string): string[] {
  const trimmed = title.trim();
  const key = normaliseHeadingTitle(trimmed);
  const keys = [key];
  for (const lead of [LABEL_BEFORE_COLON.exec(trimmed), PART_NUMBER.exec(trimmed)]) {
    const rest = lead ? normaliseHeadingTitle(trimmed.slice(lead[0].length)) : '';
    if (rest !== '' && !keys.includes(rest)) keys.push(rest);
  }
  return keys;
}

/**
 * Equal (also after dropping a leading one-letter word from one side, or all spaces), or a prefix
 * at a word boundary holding at least `PREFIX_SHARE` of the longer text.
 */
export function titlesMatch(a: string, b: string): 'equal' | 'prefix' | null {
  if (a === '' || b === '') return null;
  if (a === b || withoutLetterNumber(a) === b || withoutLetterNumber(b) === a) return 'equal';
  if (a.replaceAll(' ', '') === b.replaceAll(' ', '')) return 'equal';
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (!longer.startsWith(`${shorter} `)) return null;
  return shorter.length >= PREFIX_SHARE * longer.length ? 'prefix' : null;
}

const LEADING_LETTER = /^\p{L} (?=.)/u;
/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko) and their presentation forms. */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;

/**
 * Whether two titles hold the same letters and digits in another order, numbering kept (see the module
 * comment: Chromium's outline titles in visual order).
 */
export function reorderedMatch(a: string, b: string): boolean {
  const characters = (text: string): string => [...normalizeText(text).replaceAll(' ', '')].sort().join('');
  const key = characters(a);
  return key !== '' && key === characters(b);
}

function withoutLetterNumber(text: string): string | null {
  return LEADING_LETTER.test(text) ? text.replace(LEADING_LETTER, '') : null;
}

export interface ParsedHeading {
  text: string;
  /** 0 for a title, a section header's level otherwise */
  level: number;
  page: number | null;
}

const MATCH_RANK = { equal: 0, prefix: 1, reordered: 2 } as const;

export interface HeadingPair {
  entry: number;
  heading: number;
}

/** One-to-one matching of outline entries (in order) to headings; see the module comment. */
export function matchHeadings(outline: readonly OutlineEntry[], headings: readonly ParsedHeading[]): HeadingPair[] {
  const headingKeys = headings.map((heading) => normaliseHeadingTitle(heading.text));
  const visualOrder = outline.some((entry) => RIGHT_TO_LEFT_LETTER.test(entry.title));
  const taken = new Set<number>();
  const pairs: HeadingPair[] = [];
  outline.forEach((entry, entryIndex) => {
    const keys = outlineKeys(entry.title);
    const truncated = ELLIPSIS_END.test(entry.title);
    let best: { heading: number; rank: [number, number, number] } | null = null;
    headings.forEach((heading, headingIndex) => {
      if (taken.has(headingIndex)) return;
      const distance = entry.page === null || heading.page === null ? 0 : Math.abs(entry.page - heading.page);
      if (distance > 1) return;
      const reordered = visualOrder && reorderedMatch(entry.title, heading.text);
      const headingKey = headingKeys[headingIndex]!;
      const cutShort = truncated && keys.some((key) => key !== '' && headingKey.startsWith(`${key} `));
      const match =
        bestMatch(keys.map((key) => titlesMatch(key, headingKey))) ?? (cutShort ? 'prefix' : null) ?? (reordered ? 'reordered' : null);
      if (!match) return;
      const rank: [number, number, number] = [MATCH_RANK[match], distance, headingIndex];
      if (!best || compareRanks(rank, best.rank) < 0) best = { heading: headingIndex, rank };
    });
    if (best === null) return;
    const { heading } = best;
    taken.add(heading);
    pairs.push({ entry: entryIndex, heading });
  });
  return pairs;
}

function bestMatch(matches: readonly ('equal' | 'prefix' | null)[]): 'equal' | 'prefix' | null {
  return matches.includes('equal') ? 'equal' : matches.includes('prefix') ? 'prefix' : null;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The body's titles (level 0) and section headers in reading order, with the page each starts on. */
export function parsedHeadings(doc: DoclingDocument): ParsedHeading[] {
  return [...iterateItems(doc)]
    .map(({ item }) => item)
    .filter((item): item is TextItem => 'label' in item && (item.label === 'title' || item.label === 'section_header'))
    .map((item) => ({ text: item.text, level: item.label === 'title' ? 0 : (item.level ?? 1), page: item.prov[0]?.page_no ?? null }));
}
