import type { BodyStyle } from './document-style';
import type { Line } from './types';
import { endsInLeadersAndNumber } from './toc-entries';

/** A section's number; one of two parts or more may close with a bracket, as hand-numbered word-processor sections do ("3.1) Overview"). */
const sectionNumber = /^((?:\d{1,2}\.)*\d{1,2}[*†]?\.?|(?:\d{1,2}\.)+\d{1,2}\)|[A-Z]\.|[IVX]{1,5}\.)\s+\S/;
/** The lines of one heading differ in size by at most this share of it. */
const sameSizeShare = 0.08;
/** Bigger than body text by this factor reads as a heading on size alone. */
export const headingSizeRatio = 1.12;
const maxHeadingLength = 200;
/** A URL (`https://…`, `www.…`) or an e-mail address, and nothing else. */
const bareAddress = /^<?(?:[a-z][a-z\d+.-]*:\/\/\S+|www\.\S+|[^\s@]+@[^\s@]+\.[a-z]{2,})>?$/i;
/**
 * A page cited in brackets ("(p. 213)", "(pp. 3-5)", "(S. 12)", "(стр. 5)"): a cross-reference points at a section,
 * a heading names one and cites no page.
 */
const pageReference = /\((?:(?:p|pp|pg|pag|pág|s|str|стр|с)\.|pages?|seiten?)\s*\p{Nd}+(?:\s*[-–]\s*\p{Nd}+)?\)/iu;
/** One character that is a word of its own: a Han ideograph ("例", an example's heading), a Hangul syllable. */
const wordInOneCharacter = /^[\p{Script=Han}\p{Script=Hangul}]$/u;
/**
 * A word: a letter beside another letter or a digit ("X11", "3D"), a letter with its vowel sign (Hindi "में"), three
 * letters spaced out ("q u i c k"), or a character that is a word alone (Chinese, a Hangul syllable).
 */
const wordOfLetters = /\p{L}\p{M}*[\p{L}\p{N}]|\p{N}\p{L}|\p{L}\p{M}|\p{L}(?: \p{L}){2}|[\p{Script=Han}\p{Script=Hangul}]/u;
/** One letter alone, as an index heads its groups ("A", "B.", "– C –"). */
const letterAlone = /^[\p{P}\s]*\p{L}\p{M}*[\p{P}\s]*$/u;
/** A heading wraps over at most this many lines; set larger than the text, a line holds fewer words and it may take one more. */
export const maxHeadingLines = 3;
/** A line at this share of the body's size or more is set at it: sizes read from the glyphs' matrices round (9.96 for 10). */
export const bodySizeShare = 0.95;

export interface HeadingStyle {
  fontSize: number;
  bold: boolean;
  /** set in small capitals, which rank above bold at one size (the AMS classes' sections over their bold subsections) */
  smallCaps?: boolean;
  /** a slide deck's section name (`slideSectionLines`): above every heading on the slides, whatever its size */
  slideSection?: boolean;
}

/**
 * Whether a block of lines reads as a heading: short, not a sentence, and set apart from the
 * body by size, weight or a section number in a bold or larger face.
 */
export function isHeadingLike(lines: readonly Line[], text: string, body: BodyStyle): boolean {
  if (!readsAsHeading(lines, text, body)) return false;
  const first = lines[0]!;
  // One size up to a share of it: a title may mix faces whose sizes differ a little (a package name in a sans face scaled
  // to 0.95, 16.4 beside Palladio at 17.2), and a line's size is its dominant face's; LaTeX's size steps are 9 % apart or more.
  if (lines.some((l) => Math.abs(l.fontSize - first.fontSize) > sameSizeShare * first.fontSize || l.bold !== first.bold)) return false;
  if (first.fontSize < body.fontSize * bodySizeShare) return false;
  if (first.fontSize >= body.fontSize * headingSizeRatio) return !/^[\d\s.,%$()-]+$/.test(text);
  // Set apart by weight from its first word: a line whose words open in the text's face before turning bold is a sentence
  // that names something in bold ("See **set mapping**", a cross-reference), not a heading. Code named before a bold title
  // keeps its typewriter face ("\ArbOutFile **Appending words …**").
  const openingWord = first.runs.find((run) => /\p{L}/u.test(run.text) && !run.monospace);
  const bolder = first.bold && !body.bold && openingWord?.bold !== false;
  if (bolder && text.length <= 120) return true;
  // A lone italic line is how some handbooks set minor headings. One whose first word is in lower case is an emphasised
  // fragment instead (a wrapped signature's parameters, a term, a syntax's "⟨language name⟩ = ⟨string⟩"), unless a
  // section number opens it ("2.2.1 ⟨dclisting-keys⟩"); one that opens in another face is code with its parameters in
  // italics ("\NameTheorem{⟨name⟩}"); one led by a bold label is a statement's first line ("Proof Let λ be …").
  const boldLabel = first.runs.some((run) => run.bold && /\p{L}/u.test(run.text));
  const fragment = !sectionNumber.test(text) && /^\P{L}*\p{Ll}/u.test(text);
  const opensInItalics = first.runs.find((run) => /\p{L}/u.test(run.text))?.italic !== false && !fragment;
  if (first.italic && opensInItalics && lines.length === 1 && text.length <= 80 && !/[.!?:]$/.test(text) && !boldLabel) return true;
  return sectionNumber.test(text) && bolder;
}

/** Whether a block's length and wording may be a heading's, whatever its style: a few lines that end no sentence. */
export function readsAsHeading(lines: readonly Line[], text: string, body: BodyStyle): boolean {
  const maxLines = lines[0]!.fontSize >= body.fontSize * headingSizeRatio ? maxHeadingLines + 1 : maxHeadingLines;
  if (lines.length > maxLines || (text.length < 2 && !wordInOneCharacter.test(text)) || text.length > maxHeadingLength) return false;
  if (!/\p{L}/u.test(text) || /[,;]$/.test(text) || closesUnopenedBracket(text)) return false;
  // A heading names its section in a word, or is a letter alone (an index's): a chart's marks read as text are not ("++ b").
  if (!wordOfLetters.test(text) && !letterAlone.test(text.trim())) return false;
  // An address alone on its line is a link given in the text, and a line that ends in a hyphen after a
  // letter breaks a word the next line finishes: neither names a section; nor does a contents row, led by dots to its
  // page number, wherever the page's other rows went (a contents set in two columns read as a table).
  if (bareAddress.test(text) || /\p{L}-$/u.test(text) || pageReference.test(text) || endsInLeadersAndNumber(text)) return false;
  // A heading names a section; a line that ends a sentence (one period, not an ellipsis) or leads
  // into what follows (a colon) is text: a cross-reference, an example's label, a lead-in. A section
  // number says heading whatever the end ("6.12 Formatting title, booktitle, etc."). No sentence is set in capitals
  // throughout: a line in them ends its name with a period the way translated manual pages do ("MÉTHODES DE TRANSPORT.").
  // No lead-in is set larger than the text: there a colon ends a heading's name ("Help content debug info:").
  const endsSentence = /(?<!\.)\.$/u.test(text) && !isInCapitals(text);
  const leadsIn = /[:：]$/u.test(text) && lines[0]!.fontSize < body.fontSize * headingSizeRatio;
  return !((endsSentence || leadsIn) && !sectionNumber.test(text));
}

/** Letters in capitals throughout ("ACKNOWLEDGMENTS", "2 TEMPLATE OVERVIEW"). */
export function isInCapitals(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/**
 * Whether lines that open with a list marker are a numbered heading instead ("1. Introduction"): set larger than body
 * text, and heading-like, on one line, or wrapped over the few a heading takes when the marker is a number ("5.
 * Detecting the User's Requested" over "Languages"), every line at the heading's size; an item after a bullet that
 * wraps is a list's, in a larger face than the text's or not (CJK lines measured against a Latin body).
 */
export function isNumberedHeading(lines: readonly Line[], text: string, body: BodyStyle, enumerated: boolean): boolean {
  if (lines.length > 1 && !enumerated) return false;
  return lines[0]!.fontSize >= body.fontSize * headingSizeRatio && isHeadingLike(lines, text, body);
}

/**
 * Whether the text closes a bracket it never opened (a leading `a)` or `1)` marker aside): the tail
 * of a line that wrapped, such as a function signature's last parameters.
 */
function closesUnopenedBracket(text: string): boolean {
  let depth = 0;
  for (const char of text.replace(/^(?:\w{1,3}|\p{Nd}{1,2}(?:\.\p{Nd}{1,2})+)\)\s/u, '')) {
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    if (depth < 0) return true;
  }
  return false;
}

/**
 * Depth of a section number ("5.1 Results" is 2, "۱.۲ ..." and an appendix's "A.1 Name" too), 0 when the
 * heading has none. A capital letter alone is no number ("A Tour of Git"). The number may close with a bracket
 * ("3) Installation" over "3.1) Overview"), as sections numbered by hand in a word processor do.
 */
export function numberingDepth(text: string): number {
  const match = /^((?:\p{Nd}{1,2}|\p{Lu})(?:\.\p{Nd}{1,2})+|\p{Nd}{1,2})[.)]?\s/u.exec(text);
  return match ? match[1]!.split('.').length : 0;
}

export interface StyledHeading {
  style: HeadingStyle;
  text: string;
}

const deepestLevel = 6;

/** A style is a numbered one when at least this share of its headings carry a section number. */
const numberedStyleShare = 0.5;
/** A numbered style sets its sections' titles in capitals when this many of them are. */
const minCapitalTitles = 2;

/**
 * Assigns heading levels from the distinct heading styles of the document, larger first, small capitals
 * before bold and bold before regular at equal size; a section number's depth wins when present, unless it is a list's
 * number (see `listNumberedStyles`). A style that numbers most of its headings has the depth they
 * most often have: the numbers say what the style means. Its unnumbered headings are as often a
 * definition list's terms or a run-in label set in the face of the sections: they go deeper than
 * any section number. A style without numbers ranks among the others: above the first numbered
 * style it stays shallower than that style's depth (a chapter title over "3.1"); below it, in a
 * document that numbers its sections, it sets no section (an author line, the terms of a definition
 * list set like the few "5.7.1.1" headings) and goes deeper than any section number.
 */
export function headingLevels(headings: readonly StyledHeading[]): (style: HeadingStyle, text: string) => number {
  const keys = [...new Set(headings.map((heading) => styleKey(heading.style)))].sort((a, b) => compareKeys(a, b));
  const listNumbered = listNumberedStyles(headings, keys);
  const chapters = labelledChapters(headings);
  const sectionDepth = (style: HeadingStyle, text: string): number => {
    const depth = numberingDepth(text);
    return depth === 1 && listNumbered.has(styleKey(style)) ? 0 : depth;
  };
  const numberedDepth = new Map<string, number>();
  const capitalsDepth = new Map<string, number>();
  let deepestNumber = 0;
  for (const key of keys) {
    const inStyle = headings.filter((h) => styleKey(h.style) === key);
    const depths = inStyle.map((h) => sectionDepth(h.style, h.text)).filter((depth) => depth > 0);
    deepestNumber = Math.max(deepestNumber, ...depths);
    if (depths.length > 0 && depths.length >= numberedStyleShare * inStyle.length) numberedDepth.set(key, commonest(depths));
    // The style sets one level's titles in capitals when most numbered titles of that level are ("2 TEMPLATE OVERVIEW").
    const inCapitals = inStyle.filter((h) => sectionDepth(h.style, h.text) > 0 && isInCapitals(h.text)).map((h) => numberingDepth(h.text));
    const capitalDepth = inCapitals.length >= minCapitalTitles ? commonest(inCapitals) : 0;
    const atCapitalDepth = inStyle.filter((h) => sectionDepth(h.style, h.text) === capitalDepth).length;
    if (capitalDepth > 0 && inCapitals.filter((depth) => depth === capitalDepth).length * 2 > atCapitalDepth) {
      capitalsDepth.set(key, capitalDepth);
    }
  }
  const levels = new Map<string, number>();
  const firstNumbered = keys.findIndex((key) => numberedDepth.has(key));
  // Parts over sections numbered from 1 in each: the sections go one level down, under their part's title.
  const below = firstNumbered > 0 && headsRestartedNumbering(headings, keys.slice(0, firstNumbered), sectionDepth) ? 1 : 0;
  keys.forEach((key, index) => {
    const numbered = numberedDepth.get(key);
    let level: number;
    if (numbered !== undefined) level = numbered + below;
    else if (firstNumbered < 0) level = index + 1;
    else if (index < firstNumbered) level = Math.max(1, numberedDepth.get(keys[firstNumbered]!)! + below - (firstNumbered - index));
    else level = Math.max(levels.get(keys[index - 1]!)!, deepestNumber + below) + 1;
    levels.set(key, Math.min(level, deepestLevel));
  });
  // A chapter's level is its own: the style it shares with unnumbered titles (the contents, a preface) ranks as before.
  return (style, text) => {
    const depth = chapters.has(text) ? 1 : sectionDepth(style, text);
    if (depth > 0) return Math.min(depth + below, deepestLevel);
    const key = styleKey(style);
    // A title in capitals in a style whose numbered titles are in capitals is one of those sections left unnumbered ("REFERENCES").
    if (capitalsDepth.has(key) && isInCapitals(text)) return Math.min(capitalsDepth.get(key)! + below, deepestLevel);
    if (numberedDepth.has(key)) return Math.min(deepestNumber + below + 1, deepestLevel);
    return levels.get(key) ?? 1;
  };
}

/** A word and a number lead a chapter's title ("CHAPTER 2 ONE", "Kapitel 3 Nutzung", "Глава 1"). */
const labelledNumber = /^(\p{L}+)\s+(\p{Nd}{1,2})(?=[\s.:]|$)/u;
/** A label word numbers chapters when at least this many of its numbers are followed by sections numbered under them. */
const minLabelledChapters = 2;

/**
 * The titles led by a word and a number whose sections are numbered under that number: "CHAPTER 2 ONE" followed by
 * "2.1 A section". They head their sections whatever their style (a thesis sets them in the text's bold, smaller than
 * the sections' titles), at depth 1. The word is the document's own, in any language; its numbers say what it labels.
 */
function labelledChapters(headings: readonly StyledHeading[]): Set<string> {
  const byWord = new Map<string, { texts: string[]; numbers: Set<string>; confirmed: Set<string> }>();
  const occurrences = new Map<string, number>();
  for (const { text } of headings) occurrences.set(text, (occurrences.get(text) ?? 0) + 1);
  headings.forEach((heading, index) => {
    const match = labelledNumber.exec(heading.text);
    // A chapter's title said again over each of its sections (a book printed from web pages, each headed by its chapter)
    // repeats a heading: it is a page's header, not the chapter's one title, and numbers nothing.
    if (!match || occurrences.get(heading.text)! > 1) return;
    const word = match[1]!.toLowerCase();
    const number = match[2]!;
    const entry = byWord.get(word) ?? { texts: [], numbers: new Set<string>(), confirmed: new Set<string>() };
    byWord.set(word, entry);
    entry.texts.push(heading.text);
    entry.numbers.add(number);
    for (let later = index + 1; later < headings.length; later++) {
      const next = headings[later]!.text;
      if (labelledNumber.exec(next)?.[1]?.toLowerCase() === word) break;
      if (numberingDepth(next) < 2) continue;
      if (next.startsWith(`${number}.`)) entry.confirmed.add(number);
      break;
    }
  });
  const chapters = new Set<string>();
  for (const { texts, numbers, confirmed } of byWord.values()) {
    if (confirmed.size >= minLabelledChapters && confirmed.size * 2 >= numbers.size) for (const text of texts) chapters.add(text);
  }
  return chapters;
}

/** Parts (or documents bound together) this many at least, each followed by a section numbered 1, head their sections. */
const minParts = 2;

/**
 * Whether headings in one of the unnumbered styles set above the sections' (`larger`) each open a new count of section
 * numbers: the first numbered section after every one of them, before the next, is "1" ("zhfont.sty" over "1
 * Introduction", "zhmath.sty" over "1 Introduction" again). Such headings are parts, and a part is not a section's
 * sibling.
 */
function headsRestartedNumbering(
  headings: readonly StyledHeading[],
  larger: readonly string[],
  sectionDepth: (style: HeadingStyle, text: string) => number,
): boolean {
  return larger.some((key) => {
    let parts = 0;
    let awaiting = false;
    for (const heading of headings) {
      if (styleKey(heading.style) === key) {
        if (awaiting) return false;
        parts++;
        awaiting = true;
      } else if (awaiting && sectionDepth(heading.style, heading.text) === 1) {
        if (!/^0*1(?:[.\s]|$)/u.test(heading.text)) return false;
        awaiting = false;
      }
    }
    return parts >= minParts && !awaiting;
  });
}

/**
 * Styles whose one-part numbers ("1.", "2.") count the items of a list set as headings (the
 * questions of a FAQ, the clauses of a licence), not sections. A section is never set smaller than
 * its own subsections, so one-part numbers in a style smaller than one that numbers subsections
 * ("4.3") count something inside them; a style as large as the subsections' may number both ("1
 * Scope", "1.1 Terms" in one bold face). In a document without subsection numbers, a style whose
 * numbers count from 1 again and again restarts a list; where subsections are numbered, such
 * restarts are the sections of documents bound together, each numbered from 1.
 */
function listNumberedStyles(headings: readonly StyledHeading[], keys: readonly string[]): Set<string> {
  const firstWithSubsections = keys.findIndex((key) => headings.some((h) => styleKey(h.style) === key && numberingDepth(h.text) > 1));
  const listed = new Set<string>();
  keys.forEach((key, index) => {
    const numbers = headings
      .filter((h) => styleKey(h.style) === key && numberingDepth(h.text) === 1)
      .map((h) => Number(/^\p{Nd}+/u.exec(h.text)![0]));
    const restarts = countedRuns(numbers) >= 2;
    if (numbers.length > 0 && (firstWithSubsections < 0 ? restarts : index > firstWithSubsections)) listed.add(key);
  });
  return listed;
}

/**
 * Runs of numbers counting up one by one from the start ("1. 2. 3."), of two numbers at least: a
 * section's number set once more (a page showing how a heading looks) starts no run.
 */
function countedRuns(numbers: readonly number[]): number {
  let runs = 0;
  let length = 0;
  numbers.forEach((number, index) => {
    length = length > 0 && number === numbers[index - 1]! + 1 ? length + 1 : number <= 1 ? 1 : 0;
    if (length === 2) runs++;
  });
  return runs;
}

function commonest(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0]!;
  for (const [value, count] of counts) if (count > counts.get(best)! || (count === counts.get(best)! && value < best)) best = value;
  return best;
}

function styleKey(style: HeadingStyle): string {
  return `${style.slideSection ? 0 : 1}|${Math.round(style.fontSize * 2) / 2}|${style.smallCaps ? 1 : 0}|${style.bold ? 1 : 0}`;
}

function compareKeys(a: string, b: string): number {
  const [rankA, sizeA, capsA, boldA] = a.split('|').map(Number);
  const [rankB, sizeB, capsB, boldB] = b.split('|').map(Number);
  return rankA! - rankB! || sizeB! - sizeA! || capsB! - capsA! || boldB! - boldA!;
}

/** A text as headings are compared: case and runs of spaces folded. */
export function textKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
