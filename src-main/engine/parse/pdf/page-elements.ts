import { borderlessTables } from './borderless-tables';
import { rejoinCutRows, rejoinCutRunInHeadings } from './cut-rows';
import { boxArea, centreInside, unionBox } from './geometry';
import { drawnBullets } from './drawn-bullets';
import { marginLineNumbers } from './line-numbers';
import { buildLines } from './lines';
import { ruledFrames, withHeaderOverTop, type RuledFrame } from './ruled-tables';
import { tableFromFrame, type TableRegion } from './table-grid';
import { isTextBackdrop } from './text-backdrops';
import type { Box, Line, PageGraphics, TextRun } from './types';
import { linesApartFromShapes, runningTextLines, runsOfLinesGoingOn } from './picture-text';
import { turnedLines, type TurnedRun } from './turned-text';
import { backgroundShare, drawingRegions, type DrawnRegion } from './vector-pictures';
import { columnRegions, xyCut } from './xy-cut';

export type PageElement =
  { kind: 'line'; line: Line } | { kind: 'table'; table: TableRegion } | { kind: 'picture'; box: Box; labels: Line[] };

interface Placed extends Box {
  run?: TextRun;
  element?: PageElement;
}

/**
 * Lays out one page: finds ruled tables, pictures (images and vector drawings) and borderless
 * tables, then orders the remaining runs, the tables and the pictures by XY-cut and groups runs
 * into lines within each reading-order region. Text inside a picture becomes its labels, and so does
 * the `turned` text (set across the page's lines, see `turnedTextRuns`) inside it; the turned text
 * outside pictures is read as lines of its own (`turnedLines`, see `withTurnedLines`); text
 * inside a table becomes its cells; bullets drawn as shapes become bullet runs.
 */
export function pageElements(
  textRuns: readonly TextRun[],
  pageGraphics: PageGraphics,
  width: number,
  height: number,
  turned: readonly TurnedRun[] = [],
): PageElement[] {
  const { bullets, shapes } = drawnBullets(pageGraphics.drawings, textRuns);
  const inline = inlineGlyphs(turned, textRuns);
  const runs = [...textRuns, ...bullets, ...inline];
  const bulletRuns = new Set(bullets);
  const graphics = { ...pageGraphics, drawings: shapes };
  const lineNumbers = marginLineNumbers(textRuns);
  let free = runs.filter((run) => !lineNumbers.has(run));
  const placed: Placed[] = [];
  const pictureImages = graphics.images.filter((image) => !isTextBackdrop(image, runs));
  const images = pictureBoxes(pictureImages, width, height);
  const tableFrames: Box[] = [];
  for (const ruled of ruledFrames(graphics.rules, width, height)) {
    if (images.some((p) => overlapShare(ruled, p) > 0.3)) continue;
    const found = ruledTable(ruled, free, width * height);
    if (!found) continue;
    const { frame, table, inside } = found;
    const taken = new Set(inside);
    free = free.filter((r) => !taken.has(r));
    tableFrames.push(frameBox(frame));
    placed.push({ ...frameBox(frame), element: { kind: 'table', table } });
  }
  const bodySize = typicalFontSize(runs);
  const inlineRuns = new Set(inline);
  const turnedLeft = new Set(turned.filter((run) => !inlineRuns.has(run)));
  const drawings = drawingRegions({ ...graphics, images: pictureImages }, tableFrames, free, width, height);
  for (const box of pictureBoxes([...pictureImages, ...drawings.map((drawing) => drawing.box)], width, height)) {
    // A legend's swatch beside its label is no bullet.
    const within = free.filter((r) => centreInside(r, box) && !bulletRuns.has(r));
    const goingOn = new Set(runsOfLinesGoingOn(box, within, free));
    const inside = within.filter((run) => !goingOn.has(run));
    const lines = buildLines(inside);
    const shapes = shapesOf(box, drawings, pictureImages);
    const running = new Set([
      ...goingOn,
      ...[...runningTextLines(lines, bodySize), ...linesApartFromShapes(lines, shapes, bodySize)].flatMap((line) => line.runs),
    ]);
    const taken = new Set(inside.filter((run) => !running.has(run)));
    free = free.filter((r) => !taken.has(r));
    // Text set at a slant inside the picture (a protractor's scale, an axis in perspective) is its labels too, read as the
    // turned text outside pictures is (a logo set upwards is one word).
    const inPicture = turned.filter((run) => centreInside(run, box));
    for (const run of inPicture) turnedLeft.delete(run);
    const slanted = turnedLines(inPicture);
    const labels = [...(running.size === 0 ? lines : buildLines([...taken])), ...slanted];
    placed.push({ ...box, element: { kind: 'picture', box, labels } });
  }
  const cutOptions = { minGutter: Math.max(6, 0.7 * bodySize), minColumnWidth: Math.max(60, 8 * bodySize) };
  const regions = columnRegions(free, cutOptions);
  for (const { table, runs: tableRuns } of regions.flatMap(borderlessTables)) {
    if (!looksTabular(table, { ...table, horizontal: [], vertical: [] }, width * height)) continue;
    const taken = new Set(tableRuns);
    free = free.filter((r) => !taken.has(r));
    placed.push({ ...frameBox(table), element: { kind: 'table', table } });
  }
  for (const run of free) placed.push({ left: run.left, right: run.right, bottom: run.bottom, top: run.top, run });
  const leaves = xyCut(placed, {
    ...cutOptions,
    isFloating: (box) => (box as Placed).element !== undefined,
    minGutterBeside: (box) => ((box as Placed).run ? minGutterInSizes * (box as Placed).run!.fontSize : 0),
  });
  const elements: PageElement[] = [];
  for (const leaf of leaves) elements.push(...leafElements(leaf));
  // Read after the page's text, so that no paragraph is cut where they stand.
  const numberLines = buildLines([...lineNumbers]).map((line): PageElement => ({ kind: 'line', line: { ...line, lineNumber: true } }));
  return [...withTurnedLines(rejoinCutRunInHeadings(rejoinCutRows(elements, bodySize)), turnedLines([...turnedLeft])), ...numberLines];
}

/**
 * The table a ruled frame holds, with the runs it takes: undefined when its text is no table. Column names set over its
 * first rule head the table found under it (they keep its columns); they never make a table of text in a frame, nor
 * does a running head over the rule under it.
 */
function ruledTable(ruled: RuledFrame, runs: readonly TextRun[], pageArea: number): RuledTable | undefined {
  const read = (frame: RuledFrame): RuledTable | undefined => {
    const inside = runs.filter((r) => centreInside(r, frame, 2));
    const table = tableFromFrame(frame, inside);
    return table && looksTabular(table, frame, pageArea) ? { frame, table, inside } : undefined;
  };
  const plain = read(ruled);
  if (!plain) return undefined;
  const headed = withHeaderOverTop(ruled, runs);
  const withHeader = headed === ruled ? undefined : read(headed);
  return withHeader && withHeader.table.numCols === plain.table.numCols ? withHeader : plain;
}

interface RuledTable {
  frame: RuledFrame;
  table: TableRegion;
  /** The runs the table takes. */
  inside: TextRun[];
}

/** The shapes of the drawings and the images a picture's box holds: what its labels label. */
function shapesOf(box: Box, drawings: readonly DrawnRegion[], images: readonly Box[]): Box {
  const held = [
    ...drawings.filter((drawing) => centreInside(drawing.box, box)).map((drawing) => drawing.shapes),
    ...images.filter((image) => centreInside(image, box)),
  ];
  return held.length > 0 ? unionBox(held) : box;
}

/** A gutter beside text is this many of its font sizes wide at least: wider than its word spaces. */
const minGutterInSizes = 0.6;

/** A turned glyph this many times the size of the upright text beside it, or less, fits in its line. */
const maxInlineSize = 1.2;

/**
 * Turned runs set inside a line of upright text, no taller than its letters and close beside them (a logo set upwards
 * as an icon before each name of a list): read in the line, where they stand, not as lines of their own parting it.
 */
function inlineGlyphs(turned: readonly TurnedRun[], upright: readonly TextRun[]): TurnedRun[] {
  if (turned.length === 0) return [];
  return turned.filter((run) => {
    const middle = (run.bottom + run.top) / 2;
    return upright.some(
      (text) =>
        middle > text.bottom &&
        middle < text.top &&
        run.top - run.bottom <= maxInlineSize * text.fontSize &&
        Math.max(text.left - run.right, run.left - text.right) <= text.fontSize,
    );
  });
}

/**
 * The page's elements with each turned line read before the first element under it (one it shares some width with that
 * starts lower on the page), or last when none is; a turned line beside the one before it (a table's column heads set
 * upwards, side by side) is read after that one. A turned line takes no part in the cuts of the reading order, as a note
 * set up the margin spans the page's rows and columns, and it never parts the lines of a block beside it (a code
 * listing beside a tree whose edges are labelled along their slopes).
 */
function withTurnedLines(elements: PageElement[], turned: readonly Line[]): PageElement[] {
  const ordered = [...elements];
  let previous: { line: Line; at: number } | undefined;
  for (const line of turned) {
    const beside = previous && line.top > previous.line.bottom && line.bottom < previous.line.top;
    const under = ordered.findIndex((element) => topOf(element) < line.top && sharesWidth(element, line));
    const at = beside ? previous!.at + 1 : under === -1 ? ordered.length : under;
    ordered.splice(at, 0, { kind: 'line', line });
    previous = { line, at };
  }
  return ordered;
}

/**
 * Frames around a page, a text box or a form are ruled too; a table has short cells, and a frame
 * covering half the page has vertical rules inside when it is a table.
 */
function looksTabular(table: TableRegion, frame: RuledFrame, pageArea: number): boolean {
  const monospaceCells = table.cells.filter((c) => c.lines.every((l) => l.monospace)).length;
  if (monospaceCells > 0.6 * table.cells.length) return false;
  // All its text in one column between rules is a drawing's labels or a boxed list, not a grid (a ladder diagram's rails)
  if (new Set(table.cells.filter((c) => c.text.trim() !== '').map((c) => c.col)).size < 2) return false;
  // a rule between columns has text on both sides: one beside a box's side (its shadow's edge) has none
  const interiorVerticals = frame.vertical.filter(
    (r) =>
      table.cells.some((c) => c.text.trim() !== '' && c.right <= r.position) &&
      table.cells.some((c) => c.text.trim() !== '' && c.left >= r.position),
  );
  const lengths = table.cells.map((c) => c.text.length).sort((a, b) => a - b);
  const medianLength = lengths[Math.floor(lengths.length / 2)] ?? 0;
  const prose = lengths.filter((n) => n > 80).length;
  // Sentences in rows of three columns ruled apart or more are a table's (a plan's actions beside their owners and
  // dates), as a frame's text parted by one rule (two columns set in a box) or a row of pages drawn side by side need not be.
  const ruledGrid =
    interiorVerticals.filter((r) => r.to - r.from >= gridRuleCoverage * (frame.top - frame.bottom)).length >= minRuledGridRules &&
    rowsFillingTwoCells(table) >= minGridRows;
  if ((!ruledGrid && (medianLength > 40 || prose > 0.3 * lengths.length)) || mostRowsHoldOneCell(table)) return false;
  if (interiorVerticals.length === 0 && !standsInGrid(table)) return false;
  return interiorVerticals.length > 0 || boxArea(frame) < 0.5 * pageArea;
}

/** Rules between columns, text on both sides of each and running along most of its height, of a grid whose cells may hold sentences. */
const minRuledGridRules = 2;
const gridRuleCoverage = 0.6;

/** Rows filled in two cells or more of the smallest table drawn with no rule between its columns... */
const minGridRows = 3;
/** ...unless each of its rows fills this many cells at least (a row of symbols over a row of their names). */
const minGridColumns = 3;

/**
 * Text between rules, with none between its columns, is a table only where it stands in a grid by itself: three rows
 * or more that fill two cells or more, or rows that all fill three cells or more. The wrapped sentences of a note, a
 * theorem's block or a formula set in a box part at a wide space now and then, which makes two cells of a row or two,
 * never such a grid.
 */
function standsInGrid(table: TableRegion): boolean {
  const filled = [...filledCellsByRow(table).values()];
  return rowsFillingTwoCells(table) >= minGridRows || (filled.length >= 2 && filled.every((count) => count >= minGridColumns));
}

/** How many rows fill two cells or more. */
function rowsFillingTwoCells(table: TableRegion): number {
  return [...filledCellsByRow(table).values()].filter((count) => count >= 2).length;
}

/** A table has at least this many rows with text before its rows are judged by how many cells they fill. */
const minJudgedRows = 4;
/** At most this share of a frame's rows with text fill two or more cells when it is text in a frame, not a table. */
const maxSharedRowShare = 0.25;
/** ...and at least this share of them hold a word: a matrix of numbers and one-letter names whose columns stand too close to be parted is a table. */
const minWordedRowShare = 0.5;

/**
 * Text in a frame, not a table: most of its rows fill one cell only, as headings, sentences and
 * code lines do, where a table's rows fill two cells or more (a group label's row may fill one),
 * and most rows hold words.
 */
function mostRowsHoldOneCell(table: TableRegion): boolean {
  const filledByRow = filledCellsByRow(table);
  const shared = [...filledByRow.values()].filter((filled) => filled >= 2).length;
  if (filledByRow.size < minJudgedRows || shared >= maxSharedRowShare * filledByRow.size) return false;
  const rowTexts = new Map<number, string>();
  for (const cell of table.cells) rowTexts.set(cell.row, `${rowTexts.get(cell.row) ?? ''} ${cell.text}`);
  const worded = [...rowTexts.values()].filter((text) => /\p{L}{2}/u.test(text)).length;
  return worded >= minWordedRowShare * filledByRow.size;
}

/** How many cells with text each row with text fills. */
function filledCellsByRow(table: TableRegion): Map<number, number> {
  const filledByRow = new Map<number, number>();
  for (const cell of table.cells) if (cell.text.trim() !== '') filledByRow.set(cell.row, (filledByRow.get(cell.row) ?? 0) + 1);
  return filledByRow;
}

function sharesWidth(element: PageElement, line: Line): boolean {
  const box = element.kind === 'line' ? element.line : element.kind === 'table' ? element.table : element.box;
  return box.left < line.right && box.right > line.left;
}

function frameBox(box: Box): Box {
  return { left: box.left, right: box.right, bottom: box.bottom, top: box.top };
}

function leafElements(leaf: Placed[]): PageElement[] {
  const runs = leaf.flatMap((p) => (p.run ? [p.run] : []));
  const lines: PageElement[] = buildLines(runs, isListingRow).map((line) => ({ kind: 'line', line }));
  const others = leaf.flatMap((p) => (p.element ? [p.element] : []));
  if (others.length === 0) return lines;
  return [...lines, ...others].sort((a, b) => topOf(b) - topOf(a));
}

/**
 * A row all in a typewriter face is one line of a listing, however wide its gaps: a listing's line number stands apart
 * from its code by its own margin, and cut from it the number read on with the line of code above it.
 */
function isListingRow(row: readonly TextRun[]): boolean {
  return row.every((run) => run.monospace);
}

function topOf(element: PageElement): number {
  if (element.kind === 'line') return element.line.top;
  if (element.kind === 'table') return element.table.top;
  return element.box.top;
}

/** Images and drawings large enough to be figures, overlapping ones merged (tiled figures are one picture). */
function pictureBoxes(images: readonly Box[], width: number, height: number): Box[] {
  const pageArea = width * height;
  const boxes = images
    .map((b) => ({
      left: Math.max(0, b.left),
      bottom: Math.max(0, b.bottom),
      right: Math.min(width, b.right),
      top: Math.min(height, b.top),
    }))
    .filter((b) => b.right > b.left && b.top > b.bottom && boxArea(b) < backgroundShare * pageArea);
  // Largest first, so that the parts of a figure join the drawing or image around them.
  let merged = boxes.sort((a, b) => boxArea(b) - boxArea(a));
  for (let count = Infinity; merged.length < count;) {
    count = merged.length;
    const next: Box[] = [];
    for (const box of merged) {
      const overlapping = next.findIndex(
        (m) => m.left < box.right + 2 && box.left < m.right + 2 && m.bottom < box.top + 2 && box.bottom < m.top + 2,
      );
      if (overlapping >= 0) next[overlapping] = unionBox([next[overlapping]!, box]);
      else next.push(box);
    }
    merged = next;
  }
  return merged;
}

/** Share of `box`'s area covered by `other`. */
function overlapShare(box: Box, other: Box): number {
  const width = Math.min(box.right, other.right) - Math.max(box.left, other.left);
  const height = Math.min(box.top, other.top) - Math.max(box.bottom, other.bottom);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.max(boxArea(box), 1e-6);
}

/** The font size carrying most characters on the page. */
function typicalFontSize(runs: readonly TextRun[]): number {
  const weights = new Map<number, number>();
  for (const run of runs) {
    const size = Math.round(run.fontSize * 2) / 2;
    weights.set(size, (weights.get(size) ?? 0) + run.text.length);
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}
