import { countWords } from '../text/words';

/** One line of a text file: its content (without line ending) and UTF-16 offsets. */
export interface SourceLine {
  text: string;
  start: number;
  end: number;
}

/** Splits a text into lines, recognising CRLF, LF and CR endings. */
export function splitLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  const ending = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = ending.exec(text); match; match = ending.exec(text)) {
    lines.push({ text: text.slice(start, match.index), start, end: match.index });
    start = match.index + match[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), start, end: text.length });
  return lines;
}

export interface ListMarker {
  indent: number;
  marker: string;
  enumerated: boolean;
  /** offset of the item text within the line */
  contentStart: number;
}

const listLine = /^([ \t]*)([-*+•◦▪‣–]|\d{1,3}[.)]|[a-z][.)]|\(\d{1,3}\)|\([a-z]\))[ \t]+(?=\S)/;

/** The list marker a line starts with (`- `, `• `, `1. `, `a) `, `(2) `), if any. */
export function listMarkerOf(line: string): ListMarker | undefined {
  const match = listLine.exec(line);
  if (!match) return undefined;
  const marker = match[2]!;
  return {
    indent: match[1]!.replace(/\t/g, '    ').length,
    marker,
    enumerated: /[\da-z]/.test(marker),
    contentStart: match[0].length,
  };
}

/** `===` / `---` under a line makes it a heading of level 1 / 2, as in setext Markdown. */
export function setextLevelOf(line: string): 1 | 2 | undefined {
  const match = /^[ \t]*(={3,}|-{3,})[ \t]*$/.exec(line);
  if (!match) return undefined;
  return match[1]!.startsWith('=') ? 1 : 2;
}

interface HeadingGuess {
  level: number;
  /** the heading as shown: the line, numbering kept, wikitext `=` delimiters dropped */
  text: string;
  /** whether the heading carries a number, chapter or roman numeral (a strong signal) */
  numbered: boolean;
}

const MAX_HEADING_WORDS = 12;
const MAX_STANDALONE_WORDS = 10;
const smallWords = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'via', 'with']);

/**
 * Whether a line reads as a heading, and its level: numbered (`2.3.4 Title` is level 3, `1. Title`
 * level 1), `Chapter 3` / `Part II` / `Appendix A` (level 1), roman numerals (`IV. Results`),
 * wikitext `= = Title = =` (one level per `=`), or,
 * when `standalone` (a one-line paragraph), a short title-case or upper-case line. A heading never
 * ends like a sentence (`.`, `,`, `;`, `:`).
 */
export function headingOf(line: string, standalone: boolean): HeadingGuess | undefined {
  const text = line.trim();
  if (!text || text.length > 120 || /[.,;:]$/.test(text)) return undefined;
  const wiki = /^((?:= ?)+)\s*(\S.*?)\s*((?:= ?)+)$/.exec(text);
  if (wiki && equalsCount(wiki[1]!) === equalsCount(wiki[3]!)) return { level: equalsCount(wiki[1]!), text: wiki[2]!, numbered: true };
  const chapter = /^(chapter|part|appendix|section)\s+(\d+(?:\.\d+)*|[IVXLC]+|[A-Z])\b[.:]?(?:\s+(\S.*))?$/i.exec(text);
  if (chapter) {
    const depth = /^section$/i.test(chapter[1]!) ? chapter[2]!.split('.').length : 1;
    return { level: depth, text, numbered: true };
  }
  const numbered = /^(\d{1,3}(?:\.\d{1,3})*)(\.?)\s+(\S.*)$/.exec(text);
  if (numbered) {
    const depth = numbered[1]!.split('.').length;
    const title = numbered[3]!;
    // "1. Buy milk" is a list item and "2019 was" a sentence more often than headings: a single
    // number needs a title-case title.
    const titled = depth > 1 ? startsLikeTitle(title) : isTitleCase(title);
    if (titled && countWords(title) <= MAX_HEADING_WORDS) return { level: depth, text, numbered: true };
    return undefined;
  }
  const roman = /^([IVXLC]{1,6})\.\s+(\S.*)$/.exec(text);
  if (roman && isTitleCase(roman[2]!) && countWords(roman[2]!) <= MAX_HEADING_WORDS) return { level: 1, text, numbered: true };
  if (standalone && countWords(text) <= MAX_STANDALONE_WORDS && !/[!]$/.test(text) && (isUpperCase(text) || isTitleCase(text))) {
    return { level: 1, text, numbered: false };
  }
  return undefined;
}

function equalsCount(run: string): number {
  return run.replace(/ /g, '').length;
}

function startsLikeTitle(text: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(text);
}

function isUpperCase(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** First word capitalised and most other significant words too ("Results and Discussion"). */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || !/^\P{L}*\p{Lu}/u.test(words[0]!)) return false;
  const significant = words.slice(1).filter((w) => !smallWords.has(w.toLowerCase()));
  const capitalised = significant.filter((w) => /^\P{L}*\p{Lu}/u.test(w)).length;
  return significant.length === 0 || capitalised / significant.length >= 0.6;
}
