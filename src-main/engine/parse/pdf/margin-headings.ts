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
  if (!next || line.rtl || line.monospace || next.baseline >= line.baseline) return undefined;
  const textLeft = next.left;
  if (line.left >= textLeft - line.fontSize) return undefined;
  const runs = [...line.runs].sort((a, b) => a.left - b.left);
  const lead = runs.filter((run) => run.right <= textLeft - edgeTolerance);
  const rest = runs.filter((run) => run.right > textLeft - edgeTolerance);
  if (lead.length === 0 || rest.length === 0 || Math.abs(rest[0]!.left - textLeft) > edgeTolerance) return undefined;
  if (lead.some((run) => !run.bold || run.monospace) || !similarSize(lead, rest)) return undefined;
  const [headingLine] = buildLines(lead);
  const [restLine] = buildLines(rest);
  if (!headingLine || !restLine || !isRunInTitle(headingLine.text)) return undefined;
  const inMargin = pageLines.filter((other) => other.left < textLeft - line.fontSize).length;
  return inMargin <= maxMarginShare * pageLines.length ? [headingLine, restLine] : undefined;
}

function similarSize(lead: readonly TextRun[], rest: readonly TextRun[]): boolean {
  const leadSize = Math.max(...lead.map((run) => run.fontSize));
  const restSize = Math.max(...rest.map((run) => run.fontSize));
  return leadSize >= restSize * minSizeRatio && leadSize < restSize * maxSizeRatio;
}
