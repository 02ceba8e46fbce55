import { isCentredInColumn, startsAtColumnEdge, type Column } from './centred-lines';
import { columnRightOf } from './column-edge';
import { opensWithFootnoteMark } from './footnotes';
import { horizontalOverlap, median } from './geometry';
import { headingSizeRatio, maxHeadingLines } from './headings';
import { listMarkerOf, type ListMarker } from './list-markers';
import { isMarginHeadingLine, marginLabelBeside, splitMarginHeading } from './margin-headings';
import type { PageElement } from './page-elements';
import { splitNumberedRunInHeading, splitRunInHeading } from './run-in-headings';
import { isNextNumber, leadingSectionNumber } from './section-numbers';
import type { TableRegion } from './table-grid';
import type { Box, Line, RuleSegment } from './types';

/** A line that opens with a section number ("3.1 …"): a row of a list of sections, when rows like it follow. */
const sectionNumbered = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s/u;
/** A line that ends a sentence, a closing quote or bracket after its stop. */
const sentenceEnd = /[.!?]["'”’)]?$/u;
/** A line that ends a sentence or a clause: a lead-in's colon, a semicolon. */
const clauseEnd = /[.!?:;]["'”’)]?$/u;

type LineGroupRole = 'paragraph' | 'list_item' | 'code' | 'furniture';

export type PageBlock =
  | { kind: 'lines'; role: LineGroupRole; lines: Line[]; marker?: ListMarker; inMargin?: true }
  | { kind: 'table'; table: TableRegion }
  | { kind: 'picture'; box: Box; labels: Line[] };

type LineBlock = Extract<PageBlock, { kind: 'lines' }>;

/**
 * Groups a page's lines (in reading order) into paragraphs, list items and code blocks. A line
 * continues the block above when it sits one line pitch below it in the same column with the same
 * size and kind of text; a list marker, a footnote mark, a wider gap, a short closing line or a
 * first-line indent starts a new block. A run-in heading at the start of a paragraph is a block of
 * its own (see `splitRunInHeading`), and so is a heading in the margin beside it (`splitMarginHeading`). `textArea`
 * is where the document sets its text, for lines centred on a page too short to show its column; `rules` are
 * the page's horizontal rules (a footnote's, a frame's edge), across which no step shows the text's pitch.
 */
export function groupLines(
  elements: readonly PageElement[],
  furniture: ReadonlySet<Line>,
  textArea?: Column,
  rules: readonly RuleSegment[] = [],
  bodySize = 0,
): PageBlock[] {
  const spacing = typicalSpacing(elements, rules);
  const pageLines = elements.flatMap((element) => (element.kind === 'line' ? [element.line] : []));
  const centred = new Map<Line, boolean>();
  // Where the text after a run-in heading starts its row's: the heading's own left edge.
  const rowStarts = new Map<Line, number>();
  const layout: PageLayout = {
    spacing,
    bodySize,
    rowStart: (line) => rowStarts.get(line) ?? line.left,
    columnRight: (line) => columnRightOf(line, pageLines),
    centred: (line) => centred.get(line) ?? centred.set(line, isCentredInColumn(line, pageLines, textArea)).get(line)!,
    startsText: (line) => startsAtColumnEdge(line, pageLines, textArea),
    islands: new Set(),
  };
  const blocks: PageBlock[] = [];
  // the wrapped lines of labels in the margin, read with the label's first line
  const readWithLabel = new Set<Line>();
  let current: LineBlock | undefined;
  for (const [index, element] of elements.entries()) {
    if (element.kind !== 'line') {
      current = undefined;
      blocks.push(
        element.kind === 'table' ? { kind: 'table', table: element.table } : { kind: 'picture', box: element.box, labels: element.labels },
      );
      continue;
    }
    const line = element.line;
    if (readWithLabel.has(line)) continue;
    if (line.turned) {
      // Set across the lines (a watermark, a note up the margin): a block of its own that parts no paragraph it crosses.
      blocks.push({ kind: 'lines', role: furniture.has(line) ? 'furniture' : 'paragraph', lines: [line] });
      continue;
    }
    if (furniture.has(line)) {
      current = undefined;
      blocks.push({ kind: 'lines', role: 'furniture', lines: [line] });
      continue;
    }
    const marker = line.monospace || (current && wrapsOntoInitial(current, line)) ? undefined : listMarkerOf(line.text);
    const following = nextUpright(elements, index);
    const nextLine = following?.kind === 'line' ? following.line : undefined;
    if (current && !marker && continues(current, line, nextLine, layout)) {
      current.lines.push(line);
      continue;
    }
    const label = marker ? undefined : marginLabelBeside(line, nextLine, pageLines);
    if (label) {
      for (const wrapped of label.slice(1)) readWithLabel.add(wrapped);
      current = undefined;
      blocks.push({ kind: 'lines', role: 'paragraph', lines: label, inMargin: true });
      continue;
    }
    const runIn = marker ? splitNumberedRunInHeading(line, nextLine) : splitRunInHeading(line, nextLine, pageLines);
    const inMargin = marker || runIn ? undefined : splitMarginHeading(line, nextLine, pageLines);
    if (!marker && !runIn && !inMargin && isMarginHeadingLine(line, nextLine, pageLines)) {
      current = undefined;
      blocks.push({ kind: 'lines', role: 'paragraph', lines: [line], inMargin: true });
      continue;
    }
    if (runIn) {
      blocks.push({ kind: 'lines', role: 'paragraph', lines: [runIn[0]] });
      rowStarts.set(runIn[1], runIn[0].left);
      current = { kind: 'lines', role: 'paragraph', lines: [runIn[1]] };
    } else if (inMargin) {
      blocks.push({ kind: 'lines', role: 'paragraph', lines: [inMargin[0]], inMargin: true });
      current = { kind: 'lines', role: 'paragraph', lines: [inMargin[1]] };
    } else {
      current = marker
        ? { kind: 'lines', role: 'list_item', lines: [line], marker }
        : { kind: 'lines', role: line.monospace ? 'code' : 'paragraph', lines: [line] };
    }
    blocks.push(current);
  }
  return blocks;
}

/** A heading's number: a section's ("7.41", "3."), an appendix's ("A.2.1") or a part's ("IV."), before its title. */
const headingNumber = /^(?:\p{Nd}+|\p{Lu}|[IVXLC]+)(?:\.\p{Nd}+)*\.?\s/u;

/** A line that ends inside a list of names: after a comma, an ampersand, "and" or a name's first initial ("H."). */
const endsInNames = /(?:,|&|\band|(?:^|[\s.])\p{Lu}\.)$/u;
/** A name's initial and the surname after it ("G. Beaucarne"). */
const initialAndName = /^\p{Lu}\.\s+\p{Lu}/u;

/**
 * Whether the line goes on with a list of names that the line before broke ("…, N. Posthuma," over "G. Beaucarne,
 * J. Poortmans, …" in a reference, "R.A. Sherif, H." over "A. Atwater, …"): the initial is no list's letter. Items of a
 * list lettered in capitals ("A. Apples," over "B. Pears") are not read so.
 */
function wrapsOntoInitial(block: LineBlock, line: Line): boolean {
  const previous = block.lines[block.lines.length - 1]!;
  const inLetteredList = block.role === 'list_item' && /^\p{Lu}[.)]$/u.test(block.marker?.marker ?? '');
  return !inLetteredList && endsInNames.test(previous.text.trim()) && initialAndName.test(line.text);
}

interface PageLayout {
  spacing: Spacing;
  /** the size of the document's body text (0 where unknown) */
  bodySize: number;
  /** where a line's row starts: its own left edge, or that of the run-in heading it was cut from */
  rowStart(line: Line): number;
  /** the right edge of the column a line is set in */
  columnRight(line: Line): number;
  /** whether a line is centred in its column (`isCentredInColumn`) */
  centred(line: Line): boolean;
  /** whether a line starts where its column's text starts (`startsAtColumnEdge`) */
  startsText(line: Line): boolean;
  /** the lines found set apart by their family alone (see `isFamilyIsland`), each a block of its own */
  islands: Set<Line>;
}

/** Lines whose baselines are closer than this share of the font size are on one row. */
const rowTolerance = 0.2;

/** Whether the line read next sits on the line's row, to its right: a definition beside its term (reading order keeps columns apart). */
function followedOnItsRow(line: Line, next: Line | undefined): boolean {
  return next !== undefined && Math.abs(next.baseline - line.baseline) < rowTolerance * line.fontSize && next.left > line.right;
}

function continues(
  block: LineBlock,
  line: Line,
  next: Line | undefined,
  { spacing, bodySize, rowStart, columnRight, centred, startsText, islands }: PageLayout,
): boolean {
  const previous = block.lines[block.lines.length - 1]!;
  if (block.role === 'furniture' || opensWithFootnoteMark(line)) return false;
  if (block.lines.length === 1 && islands.has(previous)) return false;
  if (isFamilyIsland(previous, line, next)) {
    islands.add(line);
    return false;
  }
  // Lines centred in their column at the page's text size are a heading set apart by its place alone: the text under it is
  // not centred. (A title set larger, wider than most lines, is measured against its page less surely.)
  const atTextSize = (l: Line): boolean => l.fontSize < headingSizeRatio * spacing.textSize;
  if (block.role === 'paragraph' && block.lines.every((l) => atTextSize(l) && centred(l)) && !centred(line) && startsText(line))
    return false;
  if (line.monospace !== previous.monospace && !codeWrappedInHeading(block, line, spacing, bodySize, columnRight)) return false;
  const size = Math.max(line.fontSize, previous.fontSize);
  if (Math.abs(line.fontSize - previous.fontSize) > 0.12 * size) return false;
  const step = previous.baseline - line.baseline;
  // The text after a run-in heading overlaps its paragraph's next line from where the heading starts: a short last line
  // ("mance." under "General Terms Design, …, Perfor-") lies under the heading.
  if (horizontalOverlap({ ...previous, left: rowStart(previous) }, line) <= 0 && block.role !== 'code') return false;
  // Listings are often set looser than body text; any gap under two lines keeps them together.
  if (block.role === 'code') return step > 0 && step <= 2.2 * size;
  // A line larger than the page's usual pitch (a heading) is set at its own leading, up to about 1.3
  // of its size, or the leading of the page's text when that is looser: a title or heading wrapped
  // over two or more lines stays one block.
  const { pitch, leading } = spacingOfSize(spacing, line.fontSize);
  const maxStep = pitch > 0 ? Math.max(pitch * 1.3, size * Math.max(1.35, leading * 1.05)) : size * 1.6;
  if (step <= 0 || step > (looseTitleLines(previous, line, spacing) ? Math.max(maxStep, size * looseTitleLeading) : maxStep)) return false;
  const right = Math.max(line.right, ...block.lines.map((l) => l.right));
  const wrapped = previous.right >= right - 3 * size;
  if (block.role === 'list_item') {
    const markerLeft = block.lines[0]!.left;
    return line.left > markerLeft + 1 || wrapped;
  }
  // A heading in bold or italic ends where the text in the plain face starts, after one line or a
  // wrapped two or three ("Schoenberg —" / "The Origins of …" over its paragraph). Whether it wrapped
  // is measured against its column: the line under a one-line heading may be shorter than the heading.
  // Numbered rows under numbered rows are a list of sections, which may set some rows in bold.
  const setApart = (key: 'bold' | 'italic'): boolean => block.lines.every((l) => l[key]) && !line[key];
  const wrappedInColumn = (): boolean => {
    const sectionRows = sectionNumbered.test(previous.text) && sectionNumbered.test(line.text);
    return previous.right >= Math.max(right, sectionRows ? right : columnRight(previous)) - 3 * size;
  };
  // A heading that wraps keeps its size: a smaller line at the page's text size under it starts the text, however
  // far the column's other lines reach (a manual page's left edge holds short option tags only); in bold too when
  // it starts where the heading does (bold references under "SEE ALSO"), not as centred lines of a title page do.
  const smaller = spacing.textSize > 0 && Math.abs(line.fontSize - spacing.textSize) <= 0.5 && line.fontSize < previous.fontSize - 0.5;
  const boldUnderBold = smaller && block.lines.every((l) => l.bold) && line.bold && Math.abs(line.left - previous.left) <= 0.5;
  if (block.lines.length <= maxHeadingLines && (boldUnderBold || setApart('bold') || setApart('italic'))) {
    if (smaller || !wrappedInColumn()) return false;
  }
  // A bold line set further in under a bold line that ended short of its column is a subsection's heading under its
  // section's ("Materials and Methods" over an indented "Selection of the Subjects"): a heading that wraps, or a title
  // broken by hand, starts its next line where it started, or centres it, or hangs it under its title after its number
  // ("7.41 Why does summary() report strange results for" over "the R^2 estimate …", ragged right; an appendix's "A.2.1"
  // or a part's "IV." numbers its title as well).
  const indentedUnder = line.left > previous.left + 0.5 * size && !centred(previous) && !headingNumber.test(previous.text);
  if (block.lines.length <= maxHeadingLines && block.lines.every((l) => l.bold) && line.bold && indentedUnder && !wrappedInColumn())
    return false;
  // A term in the heading's face with its definition beside it in another face opens a definition list under the heading.
  const termBeside = (key: 'bold' | 'italic'): boolean => block.lines.every((l) => l[key]) && line[key] && next !== undefined && !next[key];
  if (block.lines.length <= maxHeadingLines && (termBeside('bold') || termBeside('italic')) && followedOnItsRow(line, next)) return false;
  // Two headings set larger than the text, one under the other: a line that opens with a section number under a
  // line that ended short of its column starts the next section's heading ("4.13. Events" over "4.13.1. July 2000: …").
  const large = (l: Line): boolean => spacing.textSize > 0 && l.fontSize >= headingSizeRatio * spacing.textSize;
  const endsShort = (): boolean => previous.right < columnRight(previous) - 3 * size;
  if (large(previous) && large(line) && sectionNumbered.test(line.text) && endsShort()) return false;
  // In bold at any size, the lower one's number goes on from the upper one's ("6.2 Input Processing" over "6.2.1 parse"),
  // however short the column's lines are; a contents list's rows end in their page numbers.
  if (block.lines.length === 1 && [previous, line].every((l) => l.runs.every((run) => run.bold)) && !/\p{Nd}$/u.test(previous.text)) {
    const [above, below] = [leadingSectionNumber(previous.text), leadingSectionNumber(line.text)];
    if (above && below && isNextNumber(above, below)) return false;
  }
  const endsClause = clauseEnd.test(previous.text);
  if (endsClause && !wrapped) return false;
  // A line wholly in bold under a plain line that ends a sentence is a heading set at the text's size, not the
  // paragraph's next line; the plain line may be its block's widest, unable to show that it did not wrap (an indented
  // note, then "4.5.1.1. Disk …"), or end short of a column that holds few long lines.
  // Under a lead-in (a colon) a bold line is a list's term; in smaller text (a footnote) it is a term or a label.
  const notSmaller = spacing.textSize === 0 || line.fontSize >= spacing.textSize - 0.5;
  if (sentenceEnd.test(previous.text) && notSmaller && !previous.bold && line.runs.every((run) => run.bold)) return false;
  const indented = line.left > previous.left + size && block.lines.length > 1;
  return !(endsClause && indented);
}

/** A minor heading set apart by its family alone names its section in a few words. */
const maxIslandLength = 80;

/**
 * A line in a face of another family than the lines around it, which share one, at their size, weight and slant, after a
 * line that ends a sentence, naming no sentence itself: a minor heading set in the headings' sans at the text's size
 * ("Building in Git" between Times lines), opening with a capital. Families are compared at one weight and slant
 * because a family's name may say them ("CMBX", "FreeSerifBold"); a line that ends in punctuation (a reference's last
 * line, an address) goes on with its text, and so does a line of Latin words in a Korean paragraph.
 */
function isFamilyIsland(previous: Line, line: Line, next: Line | undefined): boolean {
  if (!next || line.family === undefined || previous.family === undefined || next.family !== previous.family) return false;
  const sameShape = (l: Line): boolean =>
    l.bold === line.bold && l.italic === line.italic && !l.monospace && Math.abs(l.fontSize - line.fontSize) < 0.5;
  return (
    line.family !== previous.family &&
    sameShape(previous) &&
    sameShape(next) &&
    sameShape(line) &&
    sentenceEnd.test(previous.text) &&
    line.text.length <= maxIslandLength &&
    /^\p{Lu}/u.test(line.text) &&
    /\p{L}[\p{L}\p{N})]*$/u.test(line.text)
  );
}

/** A title wrapped over two or three lines may be set this loose (in its size) and still be one title. */
const looseTitleLeading = 1.6;

/**
 * Two lines of a title set larger than the text in one face and size, the lower one no section number, that show they
 * are one title however loosely they are set: centred on one axis (their middles meet, their edges do not), as a
 * paper's title page sets its title, or the lower one hung under the title's first word after its number ("1.5 Welche
 * UNIX-artigen Betriebssysteme verwenden das Paketformat und das" over "APT-Paketmanagement").
 */
function looseTitleLines(previous: Line, line: Line, spacing: Spacing): boolean {
  const large = (l: Line): boolean => spacing.textSize > 0 && l.fontSize >= headingSizeRatio * spacing.textSize;
  const size = line.fontSize;
  const sameFace = Math.abs(size - previous.fontSize) < 0.5 && line.bold === previous.bold && line.italic === previous.italic;
  const middle = (l: Line): number => (l.left + l.right) / 2;
  const oneAxis = Math.abs(middle(line) - middle(previous)) <= size / 2 && Math.abs(line.left - previous.left) > size / 2;
  return large(previous) && large(line) && sameFace && (oneAxis || hangsUnderTitle(previous, line)) && !sectionNumbered.test(line.text);
}

/** Whether the line starts where the title of the line above starts after its section number, set as a run of its own. */
function hangsUnderTitle(previous: Line, line: Line): boolean {
  const [number, title] = previous.runs;
  return (
    number !== undefined && title !== undefined && sectionNumbered.test(`${number.text.trim()} `) && Math.abs(line.left - title.left) <= 1
  );
}

interface Spacing {
  /** the usual baseline-to-baseline distance of consecutive lines of one size on the page */
  pitch: number;
  /** that distance as a share of their font size */
  leading: number;
  /** the usual font size of those lines: the page's text */
  textSize: number;
  /** the steps between consecutive lines of each size (rounded to half a point) */
  stepsBySize: Map<number, number[]>;
}

/** Lines of a size set this many times one under another show its own pitch. */
const minOwnSteps = 4;
/** ...lines of prose, this many characters long at least. */
const minProseLineLength = 20;

/**
 * The page's pitch and leading, or those of the lines of the given size where they are set looser:
 * a page of code listings set tight holds prose set at a wider leading (CJK text often at 1.5).
 */
function spacingOfSize(spacing: Spacing, fontSize: number): { pitch: number; leading: number } {
  const steps = spacing.stepsBySize.get(sizeKey(fontSize)) ?? [];
  // a size's own pitch is read from a paragraph or two of it, not from a heading or two that happen to share it
  if (steps.length < minOwnSteps) return spacing;
  const ownPitch = median(steps);
  return ownPitch > spacing.pitch ? { pitch: ownPitch, leading: ownPitch / fontSize } : spacing;
}

function sizeKey(fontSize: number): number {
  return Math.round(fontSize * 2) / 2;
}

/**
 * The page's spacing without the steps across its rules, which are wider than the text's pitch (a box's title over
 * its bar, the body over a footnote's rule); where leaving them out leaves a wider pitch (a page of few lines of
 * text among ruled samples), they were no wider, and all steps count.
 */
function typicalSpacing(elements: readonly PageElement[], rules: readonly RuleSegment[]): Spacing {
  const all = spacingOfSteps(elements, []);
  if (rules.length === 0) return all;
  const unruled = spacingOfSteps(elements, rules);
  return unruled.pitch > 0 && unruled.pitch <= all.pitch ? unruled : all;
}

/** The spacing of the steps between consecutive lines of one size that no rule in `rules` runs between. */
function spacingOfSteps(elements: readonly PageElement[], rules: readonly RuleSegment[]): Spacing {
  const steps: number[] = [];
  const leadings: number[] = [];
  const sizes: number[] = [];
  const stepsBySize = new Map<number, number[]>();
  let previous: Line | undefined;
  for (const element of elements) {
    if (element.kind !== 'line') {
      previous = undefined;
      continue;
    }
    const line = element.line;
    const sameText = previous && Math.abs(previous.fontSize - line.fontSize) < 0.5 && horizontalOverlap(previous, line) > 0;
    if (previous && sameText && !ruledOff(previous, line, rules)) {
      const step = previous.baseline - line.baseline;
      if (step > 0.9 * line.fontSize && step < 2.2 * line.fontSize) {
        steps.push(step);
        leadings.push(step / line.fontSize);
        sizes.push(line.fontSize);
        // lines of one paragraph share a face and are lines of prose: a heading over its text, labels
        // and marks stacked in a frame are no steps of the text's pitch
        const prose = (l: Line): boolean => [...l.text].length >= minProseLineLength;
        if (previous.bold === line.bold && previous.monospace === line.monospace && prose(previous) && prose(line)) {
          addStep(stepsBySize, line.fontSize, step);
        }
      }
    }
    previous = line;
  }
  const textSize = median(sizes);
  // Where a page's paragraphs are short and set apart (a manual page's tagged paragraphs, a blank line between each tag and
  // its definition), the steps across the blank lines outnumber those inside its paragraphs: the text's own pitch is
  // that of its lines of prose set one under another.
  const pitch = median(steps);
  const proseSteps = stepsBySize.get(sizeKey(textSize)) ?? [];
  const prosePitch = median(proseSteps);
  if (proseSteps.length >= minOwnSteps && prosePitch < pitch)
    return { pitch: prosePitch, leading: prosePitch / textSize, textSize, stepsBySize };
  return { pitch, leading: median(leadings), textSize, stepsBySize };
}

/**
 * Whether a horizontal rule runs between two lines, under the one and over the other, beside both: the
 * step from body text to a footnote over its rule, or out of a framed box, is wider than the text's pitch.
 */
function ruledOff(above: Line, below: Line, rules: readonly RuleSegment[]): boolean {
  return rules.some(
    (rule) =>
      rule.position < above.bottom &&
      rule.position > below.top &&
      rule.from < Math.min(above.right, below.right) &&
      rule.to > Math.max(above.left, below.left),
  );
}

function addStep(stepsBySize: Map<number, number[]>, fontSize: number, step: number): void {
  const sizeSteps = stepsBySize.get(sizeKey(fontSize));
  if (sizeSteps) sizeSteps.push(step);
  else stepsBySize.set(sizeKey(fontSize), [step]);
}

/**
 * A heading may name code ("7.2 Binary Dependencies - Depends, …"): a line set larger than the
 * page's text that mixes a typewriter face with another wraps onto a line in one face only, and a
 * bold heading that fills its column without ending a clause wraps onto its bold code ("7.8 … the
 * binary -" over "Built-Using"). A block that opens in the typewriter face is set larger than the
 * document's body text too: where a listing set smaller fills most of a page, its size is the page's,
 * and the prose between its parts goes on no listing.
 */
function codeWrappedInHeading(
  block: LineBlock,
  line: Line,
  spacing: Spacing,
  bodySize: number,
  columnRight: (line: Line) => number,
): boolean {
  const previous = block.lines[block.lines.length - 1]!;
  const textSize = block.role === 'code' ? Math.max(spacing.textSize, bodySize) : spacing.textSize;
  const large = (l: Line): boolean => textSize > 0 && l.fontSize >= headingSizeRatio * textSize;
  const mixed = (l: Line): boolean => l.runs.some((run) => run.monospace) && l.runs.some((run) => !run.monospace);
  if (!large(previous) || !large(line)) return false;
  const filled = previous.right >= columnRight(previous) - 3 * previous.fontSize;
  return mixed(previous) || mixed(line) || (previous.bold && line.bold && filled && !clauseEnd.test(previous.text));
}

/** The element after `index` that is no turned line (a turned line parts no paragraph), without copying the rest of the page. */
function nextUpright(elements: readonly PageElement[], index: number): PageElement | undefined {
  for (let next = index + 1; next < elements.length; next++) {
    const element = elements[next]!;
    if (element.kind !== 'line' || !element.line.turned) return element;
  }
  return undefined;
}
