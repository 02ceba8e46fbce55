import type { ChunkBox, SourceSpan } from '../../../src-shared/chunk';
import { resolveRef, isGroup } from '../ir/resolve';
import type { CoordOrigin, DocItem, DoclingDocument, SourceRun, TableCell } from '../ir/types';
import { codePointOffsets, type CodePointOffset } from '../text/code-points';

/**
 * A range of one item's text (UTF-16 offsets into its `text`) that a chunk's text came from; without
 * bounds, the whole item. With `cell`, a range of that cell's text in the table `ref`.
 */
export interface ItemTextRange {
  ref: string;
  cell?: TableCell;
  start?: number;
  end?: number;
}

export interface ChunkSources {
  /** Sorted by page, then start; disjoint and not touching. */
  sourceSpans: SourceSpan[];
  bboxes: ChunkBox[];
}

/**
 * The source characters and boxes that ranges of item texts came from: the one place where what
 * a strategy took from each item becomes `sourceSpans` and `bboxes`. Inside a run of the item's
 * (or table cell's) `source_runs` that maps one to one the span is exact to the character; a run
 * that does not (an escape, an entity) is taken whole; text outside every run (a joining space)
 * adds nothing. An item without runs is one run over its `source_span`; a cell without runs stands
 * for its whole table. Spans of items with a page (PDF, OCR) carry it; boxes are the lines the
 * characters lie on where runs have boxes, else the cell's box, else the item's boxes.
 */
export function sourcesOf(doc: DoclingDocument, ranges: readonly ItemTextRange[]): ChunkSources {
  const boxes = new BoxList();
  return { sourceSpans: collectSources(doc, ranges, boxes), bboxes: boxes.list };
}

/** The source spans of `sourcesOf`, without the boxes (a chunk's context is not boxed). */
export function spansOf(doc: DoclingDocument, ranges: readonly ItemTextRange[]): SourceSpan[] {
  return collectSources(doc, ranges, undefined);
}

function collectSources(doc: DoclingDocument, ranges: readonly ItemTextRange[], boxes: BoxList | undefined): SourceSpan[] {
  const spans: SourceSpan[] = [];
  for (const range of ranges) {
    const node = resolveRef(doc, range.ref);
    if (!node || isGroup(node)) continue;
    const item = node as DocItem;
    const page = item.prov[0]?.page_no;
    const cellRuns = range.cell?.source_runs;
    // The text the range indexes, and who owns it: the cell's when it has runs, else the item's (a table or picture is whole).
    const owner: TextOwner = cellRuns ? range.cell! : item;
    const text = cellRuns ? range.cell!.text : 'text' in item ? item.text : '';
    // A text item without text (its text is its inline group's) has no characters of its own.
    if (!cellRuns && 'text' in item && item.text === '') continue;
    const start = range.start ?? 0;
    const end = range.end ?? text.length;
    if (text !== '' && start >= end) continue;
    const runs = cellRuns ?? item.source_runs ?? runsFromSpan(item, text);
    let lineBoxes = false;
    for (let i = text === '' ? 0 : firstRunEndingAfter(runs, start); i < runs.length; i++) {
      const run = runs[i]!;
      if (text !== '' && run.text >= end) break;
      spans.push(sourceSpanOfRun(owner, text, run, start, end, page));
      if (run.box && page !== undefined && boxes) {
        boxes.add(doc, page, run.box, item);
        lineBoxes = true;
      }
    }
    if (lineBoxes || !boxes) continue;
    const cellBox = cellRuns && range.cell!.bbox;
    if (cellBox && page !== undefined) boxes.add(doc, page, [cellBox.l, cellBox.t, cellBox.r, cellBox.b], item);
    else for (const prov of item.prov) boxes.add(doc, prov.page_no, [prov.bbox.l, prov.bbox.t, prov.bbox.r, prov.bbox.b], item);
  }
  return mergeSourceSpans(spans);
}

/** What a range's text belongs to: an item, or a table cell with runs of its own. */
type TextOwner = DocItem | TableCell;

/**
 * Spans sorted by page and start, overlapping or touching ones joined. The spans are this module's
 * own, made for one chunk: they are sorted and joined in place rather than copied (a chunk of a long
 * document names thousands).
 */
function mergeSourceSpans(spans: SourceSpan[]): SourceSpan[] {
  // Spans mostly come in order already: a chunk reads its items front to back.
  if (!isSorted(spans)) spans.sort(spanOrder);
  const merged: SourceSpan[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && last[2] === span[2] && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}

function spanOrder(a: SourceSpan, b: SourceSpan): number {
  return (a[2] ?? 0) - (b[2] ?? 0) || a[0] - b[0] || a[1] - b[1];
}

function isSorted(spans: readonly SourceSpan[]): boolean {
  for (let i = 1; i < spans.length; i++) if (spanOrder(spans[i - 1]!, spans[i]!) > 0) return false;
  return true;
}

/** An item without runs: its whole source span, one to one when it has as many code points as the text; a table or picture whole. */
function runsFromSpan(item: DocItem, text: string): SourceRun[] {
  const span = item.source_span;
  return span ? [{ text: 0, length: text.length, source: span[0], sourceLength: span[1] - span[0] }] : [];
}

/** The first run that ends after `start`. */
function firstRunEndingAfter(runs: readonly SourceRun[], start: number): number {
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const run = runs[middle]!;
    if (run.text + run.length <= start) low = middle + 1;
    else high = middle;
  }
  return low;
}

function sourceSpanOfRun(owner: TextOwner, text: string, run: SourceRun, start: number, end: number, page: number | undefined): SourceSpan {
  let from = run.source;
  let to = run.source + run.sourceLength;
  if (run.length > 0 && (start > run.text || end < run.text + run.length)) {
    const codePointAt = codePointsOf(owner, text);
    const runStart = codePointAt(run.text);
    // a run that does not map one to one (an escape, an entity) is taken whole
    if (codePointAt(run.text + run.length) - runStart === run.sourceLength) {
      from = run.source + codePointAt(Math.max(start, run.text)) - runStart;
      to = run.source + codePointAt(Math.min(end, run.text + run.length)) - runStart;
    }
  }
  return page === undefined ? [from, to] : [from, to, page];
}

/** Per item or cell, built on its first partial range: chunkers cut long items many times. */
const codePointMaps = new WeakMap<TextOwner, CodePointOffset>();

function codePointsOf(owner: TextOwner, text: string): CodePointOffset {
  let map = codePointMaps.get(owner);
  if (!map) codePointMaps.set(owner, (map = codePointOffsets(text)));
  return map;
}

/** Boxes in top-left page coordinates (y grows downwards), in the order met; a box met again at once (a line's next run) once. */
class BoxList {
  readonly list: ChunkBox[] = [];
  private last: readonly [number, number, number, number] | undefined;
  private lastPage = 0;

  add(doc: DoclingDocument, page: number, box: readonly [number, number, number, number], item: DocItem): void {
    if (this.last && this.lastPage === page && sameBox(this.last, box)) return;
    this.last = box;
    this.lastPage = page;
    const topLeft = topLeftBox(doc, page, box, item.prov[0]?.bbox.coord_origin ?? 'TOPLEFT');
    if (topLeft) this.list.push(topLeft);
  }
}

function sameBox(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** A box in top-left page coordinates; undefined for a bottom-left one on a page of unknown height. */
export function topLeftBox(
  doc: DoclingDocument,
  page: number,
  [l, t, r, b]: readonly [number, number, number, number],
  origin: CoordOrigin,
): ChunkBox | undefined {
  if (origin === 'TOPLEFT') return { page, l, t, r, b };
  const height = doc.pages[String(page)]?.size.height;
  return height === undefined ? undefined : { page, l, t: height - t, r, b: height - b };
}
