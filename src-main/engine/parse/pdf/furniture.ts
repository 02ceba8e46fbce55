import { cellGap, maxRowStep, minColumns } from './borderless-tables';
import { bodyStyleOf } from './document-style';
import { median } from './geometry';
import { rowPieces } from './lines';
import type { Line } from './types';

export interface PageLines {
  height: number;
  lines: readonly Line[];
}

/** Share of the page height at the top and at the bottom where running headers and footers live. */
const bandShare = 0.13;
/** A text in a band on at least this share of the pages (and on two or more) is repeated furniture. */
const repeatShare = 0.4;

const pageNumber = /^(page\s*)?[-–(]?\s*(\d{1,4}|[ivxlc]{1,7})\s*[-–)]?(\s*(of|\/)\s*\d{1,4})?$/i;
const chapterPageNumber = /^\d{1,3}\s*[-–.]\s*\d{1,4}$/;

/**
 * Finds page headers, footers and page numbers: lines in the top or bottom band of a page whose
 * text (digits ignored) repeats across pages in the same size, lines that are only a page number, and lines on
 * the same baseline as such a page number (a running title beside it).
 */
export function furnitureLines(pages: readonly PageLines[]): Set<Line> {
  const furniture = new Set<Line>();
  const bandIn = documentBands(pages);
  const banded = pages.map((page) => page.lines.filter((line) => bandIn(line, page.height) !== undefined));
  // The size is part of the key: a document's title on its first page is no running header, though
  // the header repeats its words on every page after.
  const keyOf = (line: Line, height: number): string => `${bandIn(line, height)}:${Math.round(line.fontSize)}:${normalise(line.text)}`;
  const occurrences = new Map<string, Occurrence[]>();
  banded.forEach((lines, index) => {
    const height = pages[index]!.height;
    for (const line of lines) {
      const key = keyOf(line, height);
      const found = occurrences.get(key);
      if (found) found.push({ page: index, line });
      else occurrences.set(key, [{ page: index, line }]);
    }
  });
  const minRepeats = Math.max(2, Math.ceil(repeatShare * pages.length));
  const pagesRepeating = repeatCounter(occurrences);
  const repeatsOf = (line: Line, height: number): number => pagesRepeating(keyOf(line, height), line);
  const outOfSequence = numbersOutOfSequence(pages, banded);
  const titles = slideTitles(pages, banded, minRepeats, bandIn);
  const tableHeads = new Set<Line>();
  banded.forEach((lines, index) => {
    const height = pages[index]!.height;
    const recurring = lines.filter((line) => !outOfSequence.has(line) && !titles.has(line) && repeatsOf(line, height) >= minRepeats);
    const repeated = new Set(recurring);
    const heads = recurring.filter((line) => bandIn(line, height) === 'header' && headsTable(line, pages[index]!, repeated));
    for (const line of heads) {
      tableHeads.add(line);
      repeated.delete(line);
    }
    const numbers = lines.filter(
      (line) => isPageNumber(line.text) && !outOfSequence.has(line) && onlyFurnitureBeyond(line, lines, bandIn(line, height), repeated),
    );
    const extreme = outermostPageNumber(pages[index]!.lines, height);
    if (extreme && !outOfSequence.has(extreme)) furniture.add(extreme);
    for (const line of lines) {
      const besideNumber = numbers.some((n) => Math.abs(n.baseline - line.baseline) < 2 && line.fontSize <= n.fontSize * 1.2);
      if (repeated.has(line) || numbers.includes(line) || besideNumber) furniture.add(line);
    }
  });
  for (const line of runningHeads(pages, banded, new Set([...furniture, ...titles, ...tableHeads]), minRepeats, bandIn))
    furniture.add(line);
  return furniture;
}

interface Occurrence {
  page: number;
  line: Line;
}

/** Baselines this close (points) are one place of a running line whose numbers change. */
const numberedPlaceTolerance = 3;

/**
 * On how many pages a line's text (digits folded, its key) comes back in its band. Where its numbers change, only at its
 * own place counts: a running line's changing number is a page's or a chapter's, set where the line always stands, while
 * headings that differ in their numbers only ("2020-01-20 - Release 3.34.1", "2019-10-11 - Release 3.30.1") fall into
 * the band wherever their sections start. Counts are kept per key and place: a thousand pages cost a thousand lines' work.
 */
function repeatCounter(occurrences: ReadonlyMap<string, readonly Occurrence[]>): (key: string, line: Line) => number {
  const uniformPages = new Map<string, number | null>();
  const pagesAtPlace = new Map<string, number>();
  const pagesOf = (found: readonly Occurrence[]): number => new Set(found.map((o) => o.page)).size;
  return (key, line) => {
    const found = occurrences.get(key) ?? [];
    let uniform = uniformPages.get(key);
    if (uniform === undefined) {
      const texts = new Set(found.map((o) => spacedText(o.line.text)));
      uniform = texts.size === 1 ? pagesOf(found) : null;
      uniformPages.set(key, uniform);
    }
    if (uniform !== null) return uniform;
    const place = `${key}\u0000${line.baseline.toFixed(1)}`;
    let count = pagesAtPlace.get(place);
    if (count === undefined) {
      count = pagesOf(found.filter((o) => Math.abs(o.line.baseline - line.baseline) <= numberedPlaceTolerance));
      pagesAtPlace.set(place, count);
    }
    return count;
  };
}

/**
 * Text set across the page that comes back, in its words (digits aside), on most pages: a watermark ("DRAFT",
 * "Brouillon") is furniture as a running header is, on the same share of the pages. `turned` holds each page's lines
 * set across its text.
 */
export function watermarkLines(turned: readonly (readonly Line[])[]): Set<Line> {
  const minRepeats = Math.max(2, Math.ceil(repeatShare * turned.length));
  const pagesOf = new Map<string, number>();
  for (const lines of turned)
    for (const key of new Set(lines.map((line) => normalise(line.text)))) pagesOf.set(key, (pagesOf.get(key) ?? 0) + 1);
  return new Set(turned.flat().filter((line) => (pagesOf.get(normalise(line.text)) ?? 0) >= minRepeats));
}

/** Pages that must agree on a page-number offset before it is the document's sequence: at least this many... */
const sequenceMinPages = 3;
/** ...and at least this share of the pages. */
const sequenceMinShare = 0.1;

/**
 * Lines that look like page numbers on a page whose page number is elsewhere: a page carries one page number, and
 * where the document numbers its pages in sequence (number minus page index constant over many pages), a page with
 * a number in that sequence has its other lone numbers in the text (a code listing's line numbers, a table's counts).
 * On a page with no number in the sequence (a title page), a number off the sequence with text on its baseline ends
 * a line of the text (a contents row "Indices 15"), not a running title beside its page number. A document that
 * numbers no run of pages has no page numbers: a number at the foot of one page is the end of a table's row.
 */
function numbersOutOfSequence(pages: readonly PageLines[], banded: readonly Line[][]): Set<Line> {
  const candidates = pages.map((page, index) => {
    const extreme = outermostPageNumber(page.lines, page.height);
    const lines = banded[index]!.filter((line) => isPageNumber(line.text));
    return extreme && !lines.includes(extreme) ? [...lines, extreme] : lines;
  });
  const offsetOf = (line: Line, index: number): number | undefined => {
    const digits = /\d+/.exec(line.text);
    return digits && !chapterPageNumber.test(line.text.trim()) ? Number(digits[0]) - index : undefined;
  };
  const offsetPages = new Map<number, Set<number>>();
  candidates.forEach((lines, index) => {
    for (const line of lines) {
      const offset = offsetOf(line, index);
      if (offset !== undefined) offsetPages.set(offset, (offsetPages.get(offset) ?? new Set()).add(index));
    }
  });
  const minPages = Math.max(sequenceMinPages, Math.ceil(sequenceMinShare * pages.length));
  const inSequence = (line: Line, index: number): boolean => (offsetPages.get(offsetOf(line, index) ?? NaN)?.size ?? 0) >= minPages;
  const sequenced = [...offsetPages.values()].some((set) => set.size >= minPages);
  // Long enough to show a sequence, the document shows none: a number no other page's number runs with is in the text.
  const unnumbered = !sequenced && pages.length >= 2 * sequenceMinPages;
  const outside = new Set<Line>();
  candidates.forEach((lines, index) => {
    const numbered = lines.some((line) => inSequence(line, index));
    for (const line of lines) {
      if (inSequence(line, index)) continue;
      const offset = offsetOf(line, index);
      // A letter that reads as a Roman numeral ("I" labelling a definition's last row) or a chapter-page pair beside the
      // page's own number is text too: the sequence that numbers the page has already been found on it.
      if (offset === undefined) {
        if (numbered) outside.add(line);
        continue;
      }
      const alone = offsetPages.get(offset)!.size === 1;
      if (numbered || (sequenced && besideText(line, pages[index]!.lines)) || (unnumbered && alone)) outside.add(line);
    }
  });
  return outside;
}

/** Whether other text (not a number) shares the line's baseline. */
function besideText(line: Line, lines: readonly Line[]): boolean {
  return lines.some((other) => other !== line && Math.abs(other.baseline - line.baseline) < slotTolerance && !isPageNumber(other.text));
}

/**
 * Whether every line of the band further out than `line` (toward its edge of the page) is repeated
 * furniture or a page number: a page number is printed outside the text, while a number or a
 * letter with text below it ("L" heading an index's group, a count in a table) is part of the text.
 */
function onlyFurnitureBeyond(line: Line, band: readonly Line[], side: Band, repeated: ReadonlySet<Line>): boolean {
  const header = side === 'header';
  return band.every((other) => {
    if (other === line || Math.abs(other.baseline - line.baseline) < slotTolerance) return true;
    const beyond = header ? other.baseline > line.baseline : other.baseline < line.baseline;
    return !beyond || repeated.has(other) || isPageNumber(other.text);
  });
}

/**
 * Whether a line repeated at the top of the pages is a table's header row, which a table running over several pages
 * sets again on each: its row and the row right under it (within a table's row step) each break into the cells of a
 * table, the cells below sit under the header's, and the row below says something new (a running head's second line
 * repeats too). A running head stands apart from the text; a header row sits on its table and names its columns.
 */
function headsTable(line: Line, page: PageLines, repeated: ReadonlySet<Line>): boolean {
  const rowAt = (baseline: number): Line[] => page.lines.filter((other) => Math.abs(other.baseline - baseline) < slotTolerance);
  const below = page.lines.filter((other) => other.baseline < line.baseline - slotTolerance);
  if (below.length === 0) return false;
  const nextBaseline = Math.max(...below.map((other) => other.baseline));
  if (line.baseline - nextBaseline > maxRowStep * line.fontSize) return false;
  const next = rowAt(nextBaseline);
  if (next.some((other) => repeated.has(other))) return false;
  const headerCells = rowPieces(
    rowAt(line.baseline).flatMap((other) => other.runs),
    cellGap,
  );
  const cells = rowPieces(
    next.flatMap((other) => other.runs),
    cellGap,
  );
  if (headerCells.length < minColumns || cells.length < minColumns) return false;
  const underHeader = cells.filter((cell) =>
    headerCells.some((header) => Math.min(rightOf(cell), rightOf(header)) > Math.max(leftOf(cell), leftOf(header))),
  );
  return underHeader.length >= minColumns;
}

const leftOf = (runs: readonly { left: number }[]): number => Math.min(...runs.map((run) => run.left));
const rightOf = (runs: readonly { right: number }[]): number => Math.max(...runs.map((run) => run.right));

/** Baselines this close (points) are one position of a running head. */
const slotTolerance = 1.5;
/** A running head stands apart from the text: at least this many of its sizes of empty space to the next line. */
const headGapShare = 1.5;
/** Larger than the running text by this factor, a line at a recurring place is a slide's title rather than a running head. */
const titleSizeRatio = 1.1;
/** At a place where at least this share of the texts differ from each other, larger lines are slides' titles. */
const titleSlotDistinctShare = 0.5;

/** Where a band's lines recur: the pages and the texts (digits folded) at each place (baseline and size). */
interface Slots {
  pagesAt(line: Line, height: number): Set<number>;
  textsAt(line: Line, height: number): string[];
}

function slotsOf(pages: readonly PageLines[], linesOf: readonly (readonly Line[])[], bandIn: BandOf): Slots {
  const slotPages = new Map<string, Set<number>>();
  const slotTexts = new Map<string, string[]>();
  const keyOf = (line: Line, height: number, shift = 0): string =>
    `${bandIn(line, height)}:${Math.round(line.baseline / slotTolerance) + shift}:${Math.round(line.fontSize)}`;
  linesOf.forEach((lines, index) => {
    for (const line of lines) {
      const key = keyOf(line, pages[index]!.height);
      slotPages.set(key, (slotPages.get(key) ?? new Set()).add(index));
      slotTexts.set(key, [...(slotTexts.get(key) ?? []), normalise(line.text)]);
    }
  });
  const near = <T>(map: ReadonlyMap<string, T>, line: Line, height: number): T[] =>
    [-1, 0, 1].flatMap((shift) => map.get(keyOf(line, height, shift)) ?? []);
  return {
    pagesAt: (line, height) => new Set(near(slotPages, line, height).flatMap((set) => [...set])),
    textsAt: (line, height) => near(slotTexts, line, height).flat(),
  };
}

/**
 * Slides' titles: lines larger than the running text at a place where most pages have a line and most
 * of those lines say something new. The few titles that come back ("Exercise" on every exercise's
 * slide) repeat at that place as a running head does, and are titles all the same.
 */
function slideTitles(pages: readonly PageLines[], banded: readonly Line[][], minRepeats: number, bandIn: BandOf): Set<Line> {
  const text = bodyStyleOf(pages.flatMap((page) => page.lines));
  const slots = slotsOf(pages, banded, bandIn);
  const titles = new Set<Line>();
  banded.forEach((lines, index) => {
    const height = pages[index]!.height;
    for (const line of lines) {
      if (line.fontSize <= text.fontSize * titleSizeRatio || slots.pagesAt(line, height).size < minRepeats) continue;
      const texts = slots.textsAt(line, height);
      if (new Set(texts).size >= titleSlotDistinctShare * texts.length) titles.add(line);
    }
  });
  return titles;
}

/**
 * Running heads whose text changes from page to page (the current chapter and section): the
 * outermost line of a band, set apart from the text by empty space, at a place (baseline and size)
 * where most pages have such a line, and either repeating its text at that place or set in a style
 * of its own (smaller, bolder or slanted, never much larger than the text). The first line of the
 * text recurs at one place too, but in the text's own style; slides' titles recur at one place,
 * but larger than the text and mostly saying something new (see `slideTitles`).
 * Where few pages carry running heads (a short thesis whose front matter and chapter openings have none, and whose
 * versos are blank), a place held on two pages or more is enough for a line that says again a heading set larger or
 * bolder elsewhere in the document ("CHAPTER 1. INTRODUCTION" over the pages after "Introduction"): a running head
 * repeats the titles of the chapter and section it is in.
 */
function runningHeads(
  pages: readonly PageLines[],
  banded: readonly Line[][],
  notHeads: ReadonlySet<Line>,
  minRepeats: number,
  bandIn: BandOf,
): Line[] {
  const candidates = banded.map((lines, index) =>
    lines.filter((line) => !notHeads.has(line) && standsApart(line, pages[index]!, bandIn(line, pages[index]!.height))),
  );
  const slots = slotsOf(pages, candidates, bandIn);
  const text = bodyStyleOf(pages.flatMap((page) => page.lines));
  const echoesHeading = headingEchoes(pages, text);
  const heads: Line[] = [];
  candidates.forEach((lines, index) => {
    const height = pages[index]!.height;
    for (const line of lines) {
      const places = slots.pagesAt(line, height).size;
      const textSized = line.fontSize <= text.fontSize * titleSizeRatio;
      if (textSized && places >= 2 && echoesHeading(line)) {
        heads.push(line);
        continue;
      }
      if (places < minRepeats) continue;
      const repeatedText = slots.textsAt(line, height).filter((other) => other === normalise(line.text)).length > 1;
      const ownStyle = Math.abs(line.fontSize - text.fontSize) > 0.5 || line.bold !== text.bold || line.italic;
      if (repeatedText || (ownStyle && textSized)) heads.push(line);
    }
  });
  return heads;
}

/** A title's words without its label and number ("Chapter 1.", "1.1.", "Appendix A"), case and punctuation folded. */
const titleLead = /^(?:\p{L}+\s+)?(?:\p{Nd}+|[ivxlc]+|\p{L})(?:\.\p{Nd}+)*[.:]?\s+/iu;

function titleWords(text: string): string {
  return spacedText(text)
    .replace(titleLead, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a line in the text's own size and weight says again, in its words, a line set larger or bolder than the text:
 * a heading (of five characters or more: a short word says too little). A heading said again in its own style ("Syntax"
 * over each function's section, a table's bold header row repeated on the next page) is no running head.
 */
function headingEchoes(pages: readonly PageLines[], text: { fontSize: number; bold: boolean }): (line: Line) => boolean {
  const prominent = (line: Line): boolean => line.fontSize > text.fontSize * titleSizeRatio || (line.bold && !text.bold);
  const headings = new Set<string>();
  for (const page of pages)
    for (const line of page.lines) {
      const words = prominent(line) ? titleWords(line.text) : '';
      if (words.length >= 5) headings.add(words);
    }
  return (line) => !prominent(line) && headings.has(titleWords(line.text));
}

/**
 * Only page numbers lie between the line and its edge of the page, and the nearest line on the
 * inner side (not on the line's own baseline) is at least `headGapShare` of its size away.
 */
function standsApart(line: Line, page: PageLines, side: Band): boolean {
  const header = side === 'header';
  let gap = Infinity;
  for (const other of page.lines) {
    if (other === line || Math.abs(other.baseline - line.baseline) < slotTolerance) continue;
    const outer = header ? other.baseline > line.baseline : other.baseline < line.baseline;
    if (outer && !isPageNumber(other.text)) return false;
    if (!outer) gap = Math.min(gap, header ? line.bottom - other.top : other.bottom - line.top);
  }
  return gap >= headGapShare * line.fontSize;
}

/** Share of the page height within which a lone page number may sit above or below everything else. */
const pageNumberShare = 0.22;

/** A page number printed lower (or higher) than all other text, further in than the usual band. */
function outermostPageNumber(lines: readonly Line[], pageHeight: number): Line | undefined {
  if (lines.length < 2) return undefined;
  let lowest = lines[0]!;
  let highest = lines[0]!;
  for (const line of lines) {
    if (line.top < lowest.top) lowest = line;
    if (line.bottom > highest.bottom) highest = line;
  }
  if (isPageNumber(lowest.text) && lowest.top <= pageHeight * pageNumberShare) return lowest;
  if (isPageNumber(highest.text) && highest.bottom >= pageHeight * (1 - pageNumberShare)) return highest;
  return undefined;
}

type Band = 'header' | 'footer' | undefined;
type BandOf = (line: Line, pageHeight: number) => Band;

/** Most pages' outermost lines lie at one place (within `slotTolerance`) when at least this share of them do. */
const outerPlaceShare = 0.5;

/**
 * The bands of a document's pages: the page's own (`bandOf`), reaching further in to the place where most of its pages
 * set their outermost line. A book's pages printed on letter paper set their running heads a hundred points and more from
 * the paper's edge, under the page's band, yet at one place on every page: the edge of the text block its pages share.
 * Pages whose text ends where it ends (a short page, a chapter's last) show no such place, and keep the page's band.
 */
function documentBands(pages: readonly PageLines[]): BandOf {
  const fromTop: number[] = [];
  const fromBottom: number[] = [];
  for (const page of pages) {
    if (page.lines.length === 0) continue;
    fromTop.push(page.height - page.lines.reduce((highest, line) => Math.max(highest, line.bottom), -Infinity));
    fromBottom.push(page.lines.reduce((lowest, line) => Math.min(lowest, line.top), Infinity));
  }
  const [top, bottom] = [outerPlace(fromTop), outerPlace(fromBottom)];
  return (line, height) => {
    const inPageBand = bandOf(line, height);
    if (inPageBand) return inPageBand;
    if (top !== undefined && height - line.bottom <= top + slotTolerance) return 'header';
    if (bottom !== undefined && line.top <= bottom + slotTolerance) return 'footer';
    return undefined;
  };
}

/** The distance from the page's edge at which most pages set their outermost line, if they agree. */
function outerPlace(distances: readonly number[]): number | undefined {
  if (distances.length < 3) return undefined;
  const place = median(distances);
  const there = distances.filter((distance) => Math.abs(distance - place) <= slotTolerance).length;
  return there >= outerPlaceShare * distances.length ? place : undefined;
}

/** `header` or `footer` when the line lies in the page's top or bottom band. */
export function bandOf(line: Line, pageHeight: number): Band {
  if (line.bottom >= pageHeight * (1 - bandShare)) return 'header';
  if (line.top <= pageHeight * bandShare) return 'footer';
  return undefined;
}

export function isPageNumber(text: string): boolean {
  const trimmed = text.trim();
  return pageNumber.test(trimmed) || chapterPageNumber.test(trimmed);
}

/** A line's text with case and runs of spaces folded. */
function spacedText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** ...and its digits folded too: a running line's page and chapter numbers change. */
function normalise(text: string): string {
  return spacedText(text).replace(/\d+/g, '#');
}
