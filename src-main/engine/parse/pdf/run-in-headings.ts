import { buildLines } from './lines';
import type { Line, TextRun } from './types';
import { countWords } from '../../text/words';

/** A section number alone: "4", "4.1." */
const sectionNumber = /^\p{Nd}+(?:\.\p{Nd}+)*\.?$/u;
/** A run-in heading names a section in a few words. */
const maxHeadingWords = 8;
const maxHeadingLength = 60;
/** ...or, after a section number that says it is one, in a longer title. */
const maxNumberedHeadingWords = 14;
const maxNumberedHeadingLength = 100;
/**
 * The space after a run-in heading is wider than a word space (TeX sets an em, groff mom half of
 * one): this share of the font size at least. A word space is about a third of it.
 */
const minGapShare = 0.45;
/** The heading may be set a little larger than its paragraph, not in a size of its own. */
const maxSizeRatio = 1.12;
const sizeTolerance = 0.5;
/** A line that ends this many font sizes short of the next one's end closes its paragraph. */
const wrapReach = 3;

/**
 * Splits a run-in heading off the first line of its paragraph ("Short vowels  As said above, …"):
 * the line opens with a few words in bold (with any name of code in them), set apart by a space wider than a word space, and the
 * text in the plain face goes on after it as a new sentence (a capital, or no letter case at all).
 * A bold word that opens a sentence runs on into it in lower case; a definition list's term hangs
 * its description's further lines further in, and so the next line of a run-in paragraph must start
 * where the heading does. A term closed by a colon or a period, or a word and a number ("Table 4"),
 * is a label, not a heading. Returns the heading's line and the rest of the line, or undefined.
 */
export function splitRunInHeading(line: Line, next: Line | undefined, pageLines: readonly Line[] = []): [Line, Line] | undefined {
  if (line.rtl || line.monospace) return undefined;
  const runs = [...line.runs].sort((a, b) => a.left - b.left);
  // The AMS classes set a subsection's number in the plain face before its bold title ("4.1. **The title.**").
  const title = sectionNumber.test(runs[0]!.text.trim()) && runs.length > 1 ? 1 : 0;
  if (!runs[title]!.bold || runs[title]!.monospace) return undefined;
  // The heading runs to the text in the plain face; a name of code inside it ("The `pnodes` macro.") is set in a
  // typewriter face, bold or not, between its bold words.
  const plainAt = runs.slice(title).findIndex((run) => !run.bold && !run.monospace);
  const leadCount = plainAt < 0 ? -1 : title + plainAt;
  if (leadCount <= title || runs[leadCount - 1]!.monospace) return undefined;
  const lead = runs.slice(0, leadCount);
  const rest = runs.slice(leadCount);
  const [headingLine] = buildLines(lead);
  const [restLine] = buildLines(rest);
  if (!headingLine || !restLine || !(isRunInTitle(headingLine.text) || isNumberedRunInTitle(headingLine.text))) return undefined;
  if (!opensSentence(restLine.text)) return undefined;
  // A contents row's page number is no text the heading runs into.
  if (!/\p{L}/u.test(restLine.text)) return undefined;
  if (!similarSize(lead, rest) || rest[0]!.left - lead[lead.length - 1]!.right < minGapShare * restLine.fontSize) return undefined;
  if (next && hangsUnder(line, next)) return undefined;
  if (!(next && continuesFlush(line, next)) && isTermOfHangingList(line, pageLines)) return undefined;
  // Its words are bold and in its size: the plain section number and the names of code in it (a typewriter face is set
  // smaller to match) do not make it a line of the plain face, nor a smaller one.
  return [{ ...headingLine, bold: true, fontSize: Math.max(...lead.map((run) => run.fontSize)) }, restLine];
}

/**
 * The paragraph wraps onto the next line (it fills its line) and that line starts further in or out.
 * A code line under a paragraph of one line is indented as code, not hung under a term.
 */
function hangsUnder(line: Line, next: Line): boolean {
  if (next.monospace) return false;
  const wraps = next.baseline < line.baseline && line.right >= next.right - wrapReach * line.fontSize;
  return wraps && Math.abs(next.left - line.left) > 2 * sizeTolerance;
}

/**
 * The next line carries the paragraph on from the left edge the line starts at, as a run-in heading's paragraph does; a
 * line that opens with bold words there starts another item.
 */
function continuesFlush(line: Line, next: Line): boolean {
  const gap = line.baseline - next.baseline;
  return (
    gap > 0.5 * line.fontSize && gap < 1.6 * line.fontSize && Math.abs(next.left - line.left) <= 2 * sizeTolerance && !opensInBold(next)
  );
}

/**
 * A term of a description list whose item fits on one line (or whose line a wide space parts): another line on the page
 * starts at its left edge with a bold term, and the line under that one starts an em or more further in, as a
 * description list hangs an item's further lines (LaTeX's `description`: "extra Load the glossaries-extra package."
 * over "noextra Don't load …" and its indented "fault.)").
 */
function isTermOfHangingList(line: Line, pageLines: readonly Line[]): boolean {
  const atItsEdge = (other: Line): boolean => other !== line && Math.abs(other.left - line.left) <= 2 * sizeTolerance;
  return pageLines.some((term) => atItsEdge(term) && opensInBold(term) && hangsUnderTerm(term, pageLines));
}

/** The line's first letters are bold: it opens with a term. */
function opensInBold(line: Line): boolean {
  return [...line.runs].sort((a, b) => a.left - b.left).find((run) => /\p{L}/u.test(run.text))?.bold === true;
}

/**
 * The row right under a term's line starts an em or more further in than the term, under it: its first line (a row a
 * wide space parts is several lines) is hung, not code.
 */
function hangsUnderTerm(term: Line, pageLines: readonly Line[]): boolean {
  const underRow = pageLines.filter((under) => {
    const gap = term.baseline - under.baseline;
    return gap > 0.5 * term.fontSize && gap < 1.6 * term.fontSize && under.right > term.left && under.left < term.right;
  });
  const first = underRow.reduce<Line | undefined>(
    (leftmost, under) => (leftmost && leftmost.left <= under.left ? leftmost : under),
    undefined,
  );
  return first !== undefined && first.left >= term.left + term.fontSize && !first.monospace;
}

/**
 * A run-in heading that opens its line with a section number, which the line's list marker is
 * ("1. Introduction. The POOLtype utility …"): the bold heading and the rest of the line, or undefined.
 */
export function splitNumberedRunInHeading(line: Line, next: Line | undefined): [Line, Line] | undefined {
  const split = splitRunInHeading(line, next);
  return split && isNumberedRunInTitle(split[0].text) ? split : undefined;
}

/**
 * A numbered run-in heading closed by a period, as AMS classes set their subsections and WEB its
 * starred sections ("1.1. Preliminaries.", "1. Introduction.", "1*. Introduction."): the number says it opens a section,
 * where a term closed by a period ("Note.") labels a paragraph.
 */
export function isNumberedRunInTitle(text: string): boolean {
  // the number may carry a mark ("1*." for a section a change file changed)
  const title = /^\p{Nd}+(?:\.\p{Nd}+)*[*†]?\.\s+(.+)\.$/u.exec(text)?.[1];
  return title !== undefined && isRunInTitle(title, maxNumberedHeadingWords, maxNumberedHeadingLength);
}

export function isRunInTitle(text: string, maxWords = maxHeadingWords, maxLength = maxHeadingLength): boolean {
  return (
    /\p{L}/u.test(text) &&
    text.length <= maxLength &&
    countWords(text) <= maxWords &&
    !/[.:;,]$/u.test(text) &&
    !/^\p{P}/u.test(text) &&
    // a section number set in the heading's weight before a title in another ("A.1 名稱")
    !/^(?:\p{Lu}|[IVXLC]+|\p{Nd}+)(?:\.\p{Nd}+)*\.?$/u.test(text) &&
    // "Table 4", "Theorem 2.1", "Rem. a", "Lemma 2 (A Sample Lemma)": a numbered label, which a caption or a statement
    // opens with, the statement's name in brackets after it
    !/\s(?:\p{N}+(?:[.-]\p{N}+)*|\p{L})(?:\s+\([^()]+\))?$/u.test(text)
  );
}

/**
 * Opens, after any opening quote or bracket, with a capital, a letter of a script without case or a
 * digit: not with dot leaders or the comma of an index entry.
 */
function opensSentence(text: string): boolean {
  const first = /^[\p{Ps}\p{Pi}"']*(\p{L}|\p{N})/u.exec(text)?.[1];
  if (first === undefined) return false;
  return first.toLowerCase() === first.toUpperCase() || first === first.toUpperCase();
}

function similarSize(lead: readonly TextRun[], rest: readonly TextRun[]): boolean {
  const leadSize = Math.max(...lead.map((run) => run.fontSize));
  const restSize = Math.max(...rest.map((run) => run.fontSize));
  return leadSize >= restSize - sizeTolerance && leadSize < restSize * maxSizeRatio;
}
