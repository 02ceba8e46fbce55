import type { BodyStyle } from './document-style';
import type { Line, TextRun } from './types';

/** Footnotes are set smaller than body text, low on the page, behind a number or symbol. */
const footnoteSizeRatio = 0.88;
const footnoteZone = 0.3;
const footnoteStart = /^(\d{1,2}|[¹²³⁰⁴-⁹]{1,2}|[*†‡§¶©])\s?\S/u;
/** List markers that footnotes use as well ("1)", "²", "*"); "1." and "(1)" number lists and headings. */
const footnoteListMarker = /^(\d{1,2}\)|[¹²³⁰⁴-⁹]{1,2}|[*†‡§¶])$/u;
const footnoteMark = /^(\d{1,2}|[*†‡§¶])$/u;
/** A mark an affiliation or a note opens with: a footnote's mark or a small letter, or a list of them ("a,b", "1,*"). */
const prefixMark = /^(?:\d{1,2}|[*†‡§¶]|\p{Ll})(?:,(?:\d{1,2}|[*†‡§¶]|\p{Ll}))*$/u;
/**
 * A footnote mark is set this much smaller than the text after it, at most: LaTeX's \scriptsize under \footnotesize is
 * 0.85 of it, which the sizes' rounding puts on either side.
 */
const markSizeRatio = 0.86;
/** A mark is raised by this share of the text's size at least. */
const markRaise = 0.15;

/**
 * A block of small lines in the lower part of the page that opens with a footnote number or symbol.
 * The size is measured against the document's body text, the position against the page height.
 */
export function isFootnote(lines: readonly Line[], text: string, pageHeight: number, body: BodyStyle): boolean {
  const first = lines[0]!;
  return first.fontSize <= body.fontSize * footnoteSizeRatio && first.top < pageHeight * footnoteZone && footnoteStart.test(text);
}

/**
 * A line that opens with a raised, smaller number or symbol (a footnote's mark): it starts a
 * footnote of its own even right under another one.
 */
export function opensWithFootnoteMark(line: Line): boolean {
  const mark = line.runs[0];
  return mark !== undefined && line.runs.length >= 2 && isRaisedMarkBefore(mark, line);
}

/** Whether a run is a footnote's mark (a number or symbol) set raised and smaller than the text it stands before. */
export function isRaisedMarkBefore(mark: TextRun, text: { fontSize: number; baseline: number }): boolean {
  return footnoteMark.test(mark.text.trim()) && isRaisedAndSmaller(mark, text);
}

/**
 * Whether a run is a mark set raised and smaller before the word after it: a footnote's mark, or an affiliation's
 * ("ᵃDepartment of Physics", "¹Affiliation"), which is no part of the word.
 */
export function isRaisedPrefixMark(mark: TextRun, word: TextRun): boolean {
  return prefixMark.test(mark.text.trim()) && isRaisedAndSmaller(mark, word);
}

function isRaisedAndSmaller(mark: TextRun, text: { fontSize: number; baseline: number }): boolean {
  return mark.fontSize <= markSizeRatio * text.fontSize && mark.baseline > text.baseline + markRaise * text.fontSize;
}

/** A list item whose marker a footnote could have ("1)", "²"), set small low on the page: a footnote. */
export function isFootnoteListItem(lines: readonly Line[], marker: string, text: string, pageHeight: number, body: BodyStyle): boolean {
  return footnoteListMarker.test(marker) && isFootnote(lines, text, pageHeight, body);
}
