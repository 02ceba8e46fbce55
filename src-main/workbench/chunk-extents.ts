import type { ChunkExtents } from '../../src-shared/api';
import type { Chunk, SourceSpan } from '../../src-shared/chunk';
import { isGroup, resolveRef } from '../engine/ir/resolve';
import { iterateItems } from '../engine/ir/iterate';
import { hasCellSources } from '../engine/ir/table-grid';
import type { DocItem, DoclingDocument, SourceRun, TableData } from '../engine/ir/types';
import { codePointOffsets, utf16Offsets, type CodePointOffset, type Utf16Offset } from '../engine/text/code-points';

/**
 * Where a chunk lies inside the items it holds, for the text view to draw it exactly: its source
 * spans read back through each item's `source_runs` into ranges of the item's text. Only items the
 * chunk holds in part are named (a whole item needs no range), so a run's payload stays small.
 */
export function chunkExtentsOf(doc: DoclingDocument, chunk: Chunk): ChunkExtents {
  const ranges: [number, number, number][] = [];
  const tableRows: [number, number, number][] = [];
  const seen = new Set<string>();
  chunk.docItems.forEach((ref, position) => {
    if (seen.has(ref)) return;
    seen.add(ref);
    const node = resolveRef(doc, ref);
    if (!node || isGroup(node)) return;
    const item = node as DocItem;
    if ('data' in item && item.label === 'table') {
      const page = chunk.sourceSpans[0]?.[2] === undefined ? 0 : (item.prov[0]?.page_no ?? 0);
      const rows = rowsHeld(item.data, page, chunk.sourceSpans);
      if (rows) tableRows.push([position, rows[0], rows[1]]);
      return;
    }
    if (!('text' in item) || item.text === '' || chunk.sourceSpans.length === 0) return;
    for (const [start, end] of partialRanges(item, item.text, chunk.sourceSpans)) ranges.push([position, start, end]);
  });
  const contextItems = chunk.contextSpans.length > 0 ? contextItemsOf(doc, chunk.contextSpans) : headingsAbove(doc, chunk);
  return { ranges, tableRows, contextItems };
}

/** The stretches of an item's text (UTF-16) whose source the spans hold; none when they hold all of it. */
function partialRanges(item: DocItem, text: string, spans: readonly SourceSpan[]): [number, number][] {
  const runs: readonly SourceRun[] = item.source_runs ?? (item.source_span ? [wholeRun(item.source_span, text)] : []);
  if (runs.length === 0) return [];
  // spans of a paged format carry their page; the others index the one source text
  const page = spans[0]![2] === undefined ? 0 : (item.prov[0]?.page_no ?? 0);
  const [low, high] = item.source_span ?? sourceBoundsOf(runs);
  const near = spansOver(spans, page, low, high);
  // most items a chunk holds, it holds whole: one span over all of the item's source
  if (near.length === 0 || (near.length === 1 && near[0]![0] <= low && near[0]![1] >= high)) return [];
  const { toCodePoint, toUtf16 } = offsetMapsOf(item, text);
  const pieces: { start: number; end: number }[] = [];
  for (const run of runs) {
    const runEnd = run.source + run.sourceLength;
    for (const span of near) {
      const from = Math.max(span[0], run.source);
      const to = Math.min(span[1], runEnd);
      if (from >= to) continue;
      const firstCodePoint = toCodePoint(run.text);
      const verbatim = toCodePoint(run.text + run.length) - firstCodePoint === run.sourceLength;
      // a run that does not map one to one (an escape, an entity) is held whole
      const start = verbatim ? toUtf16(firstCodePoint + from - run.source) : run.text;
      const end = verbatim ? toUtf16(firstCodePoint + to - run.source) : run.text + run.length;
      pieces.push({ start, end });
    }
  }
  if (pieces.length === 0) return [];
  const joined = joinAcrossBlanks(pieces, text);
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const only = joined[0]!;
  if (joined.length === 1 && only[0] <= first.text && only[1] >= last.text + last.length) return [];
  return joined.map(([start, end]) => [start === first.text ? 0 : start, end === last.text + last.length ? text.length : end]);
}

/** An item's offset maps, built once however many chunks hold part of it (a long paragraph, in dozens of chunks). */
const offsetMaps = new WeakMap<DocItem, { toCodePoint: CodePointOffset; toUtf16: Utf16Offset }>();

function offsetMapsOf(item: DocItem, text: string): { toCodePoint: CodePointOffset; toUtf16: Utf16Offset } {
  let maps = offsetMaps.get(item);
  if (!maps) {
    maps = { toCodePoint: codePointOffsets(text), toUtf16: utf16Offsets(text) };
    offsetMaps.set(item, maps);
  }
  return maps;
}

/** Pieces apart only by whitespace are one range: a chunk's spans leave out the spaces and line breaks that join its words. */
function joinAcrossBlanks(pieces: { start: number; end: number }[], text: string): [number, number][] {
  pieces.sort((a, b) => a.start - b.start);
  const joined: [number, number][] = [];
  for (const { start, end } of pieces) {
    const last = joined[joined.length - 1];
    if (last && (start <= last[1] || text.slice(last[1], start).trim() === '')) last[1] = Math.max(last[1], end);
    else joined.push([start, end]);
  }
  return joined;
}

function sourceBoundsOf(runs: readonly SourceRun[]): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const run of runs) {
    low = Math.min(low, run.source);
    high = Math.max(high, run.source + run.sourceLength);
  }
  return [low, high];
}

/** The spans (sorted by page, then start; disjoint) on `page` that reach into `[low, high)`, found by bisection. */
function spansOver(spans: readonly SourceSpan[], page: number, low: number, high: number): SourceSpan[] {
  const pageOf = (span: SourceSpan) => span[2] ?? 0;
  let first = 0;
  let last = spans.length;
  while (first < last) {
    const middle = (first + last) >> 1;
    const span = spans[middle]!;
    if (pageOf(span) < page || (pageOf(span) === page && span[1] <= low)) first = middle + 1;
    else last = middle;
  }
  const near: SourceSpan[] = [];
  for (let i = first; i < spans.length && pageOf(spans[i]!) === page && spans[i]![0] < high; i++) near.push(spans[i]!);
  return near;
}

function wholeRun([start, end]: [number, number], text: string): SourceRun {
  return { text: 0, length: text.length, source: start, sourceLength: end - start };
}

/**
 * The body rows `[first, end)` of a table a chunk holds when it holds only some of them: the rows any of
 * whose cells' source runs its spans reach into (a row of empty cells between two held rows goes with
 * them). Undefined when it holds every body row, or the table's cells do not say where they were read
 * (DOCX, Docling JSON: such a table is held whole).
 */
function rowsHeld(data: TableData, page: number, spans: readonly SourceSpan[]): [number, number] | undefined {
  if (spans.length === 0 || !hasCellSources(data)) return undefined;
  const headerRows = new Set<number>();
  for (const cell of data.table_cells) if (cell.column_header) headerRows.add(cell.start_row_offset_idx);
  let first = Infinity;
  let end = -Infinity;
  for (const cell of data.table_cells) {
    const row = cell.start_row_offset_idx;
    const runs = cell.source_runs ?? [];
    if (headerRows.has(row) || !runs.some((run) => spansOver(spans, page, run.source, run.source + run.sourceLength).length > 0)) continue;
    first = Math.min(first, row);
    end = Math.max(end, cell.end_row_offset_idx);
  }
  if (first === Infinity) return undefined;
  if (first <= firstRowNotIn(headerRows, data.num_rows) && end >= data.num_rows) return undefined;
  return [first, end];
}

function firstRowNotIn(rows: ReadonlySet<number>, count: number): number {
  let row = 0;
  while (row < count && rows.has(row)) row++;
  return row;
}

/** Items whose source the context spans name, by source start (per page), built once per document. */
interface SourceIndex {
  starts: number[];
  ends: number[];
  pages: number[];
  refs: string[];
}

const sourceIndexes = new WeakMap<DoclingDocument, SourceIndex>();

function sourceIndexOf(doc: DoclingDocument): SourceIndex {
  let index = sourceIndexes.get(doc);
  if (index) return index;
  const entries: { start: number; end: number; page: number; ref: string }[] = [];
  for (const { item } of iterateItems(doc, { traversePictures: false })) {
    if (!('prov' in item) || !item.source_span) continue;
    entries.push({ start: item.source_span[0], end: item.source_span[1], page: item.prov[0]?.page_no ?? 0, ref: item.self_ref });
  }
  entries.sort((a, b) => a.page - b.page || a.start - b.start);
  index = {
    starts: entries.map((entry) => entry.start),
    ends: entries.map((entry) => entry.end),
    pages: entries.map((entry) => entry.page),
    refs: entries.map((entry) => entry.ref),
  };
  sourceIndexes.set(doc, index);
  return index;
}

/** The items (headings) a chunk's context spans were read from, in document order. */
function contextItemsOf(doc: DoclingDocument, contextSpans: readonly SourceSpan[]): string[] {
  if (contextSpans.length === 0) return [];
  const index = sourceIndexOf(doc);
  const refs: string[] = [];
  for (const [start, end, page = 0] of contextSpans) {
    for (let i = firstAtOrAfter(index, page, start); i < index.refs.length; i++) {
      if (index.pages[i] !== page || index.starts[i]! >= end) break;
      if (index.ends[i]! > start && !refs.includes(index.refs[i]!)) refs.push(index.refs[i]!);
    }
  }
  return refs;
}

/** The first entry on `page` that ends after `start` could begin no earlier than this one (entries do not nest). */
function firstAtOrAfter(index: SourceIndex, page: number, start: number): number {
  let low = 0;
  let high = index.refs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (index.pages[middle]! < page || (index.pages[middle] === page && index.ends[middle]! <= start)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Per item, the headings above it (the last one of each level), built once per document in reading order. */
const headingStacks = new WeakMap<DoclingDocument, Map<string, readonly { ref: string; text: string }[]>>();

function headingStacksOf(doc: DoclingDocument): Map<string, readonly { ref: string; text: string }[]> {
  let stacks = headingStacks.get(doc);
  if (stacks) return stacks;
  stacks = new Map();
  let stack: { ref: string; text: string; level: number }[] = [];
  // a picture's labels, which chunks take by default, stand under the headings above their picture
  for (const { item } of iterateItems(doc, { traversePictures: true })) {
    if (!('label' in item)) continue;
    stacks.set(item.self_ref, stack);
    const level = item.label === 'title' ? 0 : item.label === 'section_header' ? ('level' in item ? item.level : 1) : undefined;
    if (level === undefined || !('text' in item)) continue;
    stack = [...stack.filter((heading) => heading.level < level), { ref: item.self_ref, text: item.text.trim(), level }];
  }
  headingStacks.set(doc, stacks);
  return stacks;
}

/**
 * Where a format has no source offsets (DOCX, DoclingDocument JSON): the headings above the
 * chunk's first item whose texts its heading path names.
 */
function headingsAbove(doc: DoclingDocument, chunk: Chunk): string[] {
  const first = chunk.docItems[0];
  if (chunk.headingPath.length === 0 || first === undefined) return [];
  const path = new Set(chunk.headingPath.map((heading) => heading.trim()));
  return (headingStacksOf(doc).get(first) ?? []).filter((heading) => path.has(heading.text)).map((heading) => heading.ref);
}
