import { horizontalOverlap, median } from './geometry';
import { buildLines } from './lines';
import { isRunInTitle } from './run-in-headings';
import type { Line, TextRun } from './types';

/** Edges this close (points) are one edge. */
const edgeTolerance = 1;
/**
 * Of the page's lines, at most this share starts in the margin left of a paragraph's text: the
 * margin holds labels, not a column of text (a definition list's terms start where its text does).
 */
const maxMarginShare = 0.2;
/**
 * The heading's size against its paragraph's: a face of its own (a sans bold beside a serif text) is
 * often scaled to the text's x-height, a little smaller; a larger one is a heading of its own line.
 */
const minSizeRatio = 0.9;
const maxSizeRatio = 1.12;

/**
 * Splits a heading set in the left margin off the first line of the paragraph it heads ("babel" in
 * bold beside "Engines: all. …", "Primitivennamen" beside "Wie im Abschnitt …"), as classes that
 * put their lowest headings in the margin set them: a few words in bold that end before the
 * paragraph's left edge, the text starting at that edge, where the paragraph's next line starts too.
 * Only where the page's lines rarely start in that margin: a definition list's terms start at the
 * column's own edge, with their descriptions indented. Returns the heading's line and the rest, or
 * undefined.
 */
export function splitMarginHeading(line: Line, next: Line | undefined, pageLines: readonly Line[]): [Line, Line] | undefined {
  if (line.rtl || line.monospace) return undefined;
  const textLeft = columnEdgeBeside(line, next, pageLines);
  if (textLeft === undefined || line.left >= textLeft - line.fontSize) return undefined;
  const runs = [...line.runs].sort((a, b) => a.left - b.left);
  const lead = runs.filter((run) => run.right <= textLeft - edgeTolerance);
  const rest = runs.filter((run) => run.right > textLeft - edgeTolerance);
  if (lead.length === 0 || rest.length === 0 || Math.abs(rest[0]!.left - textLeft) > edgeTolerance) return undefined;
  if (lead.some((run) => !run.bold || run.monospace) || !similarSize(lead, rest)) return undefined;
  const [headingLine] = buildLines(lead);
  const [restLine] = buildLines(rest);
  if (!headingLine || !restLine || !isMarginTitle(headingLine.text)) return undefined;
  return marginIsForLabels(textLeft, line.fontSize, pageLines) ? [headingLine, restLine] : undefined;
}

/**
 * A heading set in the left margin on a line of its own, above the paragraph it heads ("xunicode"
 * over "Das Paket xunicode …", in the class that sets "babel" beside its paragraph's first line):
 * a few words in bold ending before the column of text that the next line belongs to, in a size
 * close to that line's.
 */
export function isMarginHeadingLine(line: Line, next: Line | undefined, pageLines: readonly Line[]): boolean {
  if (!next || line.rtl || line.monospace || !line.bold || next.baseline >= line.baseline || line.right > next.left) return false;
  // the column's edge: where the lines under the next one start (the next one may be indented)
  const column = pageLines.filter(
    (other) => other.baseline < line.baseline && horizontalOverlap(other, next) > 0 && other.left > line.right,
  );
  if (column.length === 0) return false;
  const textLeft = median(column.map((other) => other.left));
  const size = line.fontSize / next.fontSize;
  if (line.left >= textLeft - line.fontSize || size < minSizeRatio || size >= maxSizeRatio || !isMarginTitle(line.text)) return false;
  return marginIsForLabels(textLeft, line.fontSize, pageLines);
}

/**
 * The left edge of the column beside a line: where the next line starts, or, when the paragraph
 * beside the line is its only line (the next line is a footnote or on the next page), an edge where
 * two or more other lines of the page start. Undefined when neither holds.
 */
function columnEdgeBeside(line: Line, next: Line | undefined, pageLines: readonly Line[]): number | undefined {
  if (next && next.baseline < line.baseline && line.runs.some((run) => Math.abs(run.left - next.left) <= edgeTolerance)) return next.left;
  const edges = line.runs.filter(
    (run) => pageLines.filter((other) => other !== line && Math.abs(other.left - run.left) <= edgeTolerance).length >= 2,
  );
  return edges.length > 0 ? Math.min(...edges.map((run) => run.left)) : undefined;
}

/** A margin heading names a section in a few words, or names a macro it documents ("\jobname"). */
function isMarginTitle(text: string): boolean {
  return isRunInTitle(text.replace(/^\\(?=\p{L})/u, ''));
}

/** Few of the page's lines start in the margin left of `textLeft`: it holds labels, not a column of text. */
function marginIsForLabels(textLeft: number, fontSize: number, pageLines: readonly Line[], maxShare = maxMarginShare): boolean {
  const inMargin = pageLines.filter((other) => other.left < textLeft - fontSize).length;
  return inMargin <= maxShare * pageLines.length;
}

function similarSize(lead: readonly TextRun[], rest: readonly TextRun[]): boolean {
  const leadSize = Math.max(...lead.map((run) => run.fontSize));
  const restSize = Math.max(...rest.map((run) => run.fontSize));
  return leadSize >= restSize * minSizeRatio && leadSize < restSize * maxSizeRatio;
}

/** Baselines closer than this share of the font size are one row. */
const rowTolerance = 0.2;
/** A label wrapped in the margin steps down by at most this many of its font sizes a line. */
const maxLabelStep = 1.6;
/** A label in the margin wraps over at most this many lines. */
const maxLabelLines = 3;
/** A column of labels is often set a size smaller than the text (9 points beside 10). */
const minLabelSizeRatio = 0.85;
/**
 * Of the page's lines, at most this share starts in a column of labels beside the text: a label wraps over lines of
 * its own there, and a page may hold several short sections; a definition list's terms start a line in every two or so.
 */
const maxLabelColumnShare = 0.3;
/** At least this share of the lines that start where a label starts end before the text's column. */
const minLabelEdgeShare = 0.5;

/**
 * A heading set in a column of labels left of the text, on the row of the text's first line and wrapped there over a
 * line or two of its own ("RESEARCH" / "EXPERIENCE" beside a curriculum vitae's entries): a few words in bold ending
 * before the text's column, which the line read next starts on the same row, in a size close to that line's. Only where
 * the page's lines rarely start in that margin. Returns the label's lines, the wrapped ones read from the page's lines
 * (they stand on the rows of later lines of text), or undefined.
 */
export function marginLabelBeside(line: Line, next: Line | undefined, pageLines: readonly Line[]): Line[] | undefined {
  if (!next || line.rtl || line.monospace || !line.bold) return undefined;
  if (Math.abs(next.baseline - line.baseline) > rowTolerance * line.fontSize || next.left < line.right + line.fontSize) return undefined;
  const textLeft = next.left;
  const size = line.fontSize / next.fontSize;
  if (size < minLabelSizeRatio || size >= maxSizeRatio || !isMarginTitle(line.text)) return undefined;
  if (!marginIsForLabels(textLeft, line.fontSize, pageLines, maxLabelColumnShare)) return undefined;
  // A column of labels holds labels: a list's terms start where the page's paragraphs start, and run on past the text's edge.
  const fromLabelEdge = pageLines.filter((other) => Math.abs(other.left - line.left) <= edgeTolerance);
  if (fromLabelEdge.filter((other) => other.right < textLeft).length < minLabelEdgeShare * fromLabelEdge.length) return undefined;
  const label = [line];
  for (let last = line; label.length < maxLabelLines;) {
    const wrapped = pageLines.find(
      (other) =>
        Math.abs(other.left - line.left) <= edgeTolerance &&
        other.right < textLeft &&
        other.bold &&
        Math.abs(other.fontSize - line.fontSize) <= edgeTolerance / 2 &&
        last.baseline - other.baseline > 0 &&
        last.baseline - other.baseline <= maxLabelStep * line.fontSize,
    );
    if (!wrapped) break;
    label.push(wrapped);
    last = wrapped;
  }
  return isMarginTitle(label.map((l) => l.text).join(' ')) ? label : undefined;
}
