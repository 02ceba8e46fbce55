import type { ChunkExtents, ChunkSummary } from '../../src-shared/api';

/** UTF-16 ranges of an item's text that one chunk holds, by chunk position: only chunks that hold the item in part. */
export type PartialHolds = Map<number, [number, number][]>;

/** The extents of a run indexed by item: what each row of the text view draws. */
export interface ExtentIndex {
  /** per item ref, the chunks that hold it in part and where */
  partial: Map<string, PartialHolds>;
  /** per table ref, the body rows `[first, end)` of each chunk holding part of it, by chunk position */
  tableRows: Map<string, Map<number, [number, number]>>;
  /** per heading ref, the chunks that carry it as context */
  contextOf: Map<string, number[]>;
}

/** The run's extents (`getChunkExtents`, by chunk index) indexed by item; empty until they arrived. */
export function extentIndexOf(chunks: readonly Pick<ChunkSummary, 'docItems'>[], runExtents: readonly ChunkExtents[] | null): ExtentIndex {
  const partial = new Map<string, PartialHolds>();
  const tableRows = new Map<string, Map<number, [number, number]>>();
  const contextOf = new Map<string, number[]>();
  runExtents?.forEach((extents, position) => {
    const docItems = chunks[position]?.docItems;
    if (!docItems) return;
    for (const [at, start, end] of extents.ranges) {
      const ref = docItems[at]!;
      const holds = partial.get(ref) ?? new Map<number, [number, number][]>();
      partial.set(ref, holds);
      const ranges = holds.get(position);
      if (ranges) ranges.push([start, end]);
      else holds.set(position, [[start, end]]);
    }
    for (const [at, first, end] of extents.tableRows) {
      const ref = docItems[at]!;
      const rows = tableRows.get(ref) ?? new Map<number, [number, number]>();
      tableRows.set(ref, rows);
      rows.set(position, [first, end]);
    }
    for (const ref of extents.contextItems) {
      const list = contextOf.get(ref);
      if (list) list.push(position);
      else contextOf.set(ref, [position]);
    }
  });
  return { partial, tableRows, contextOf };
}

/** A stretch of an item's text and the chunks that hold all of it. */
export interface TextStretch {
  start: number;
  end: number;
  chunks: number[];
}

/** Where a chunk starts or ends inside an item's text. */
export interface ExtentMark {
  offset: number;
  position: number;
  kind: 'start' | 'end';
}

/**
 * An item's text cut where any chunk holding it starts or ends (and at `extraStops`), each stretch
 * with the chunks that hold it; and the starts and ends that fall inside the text.
 */
export function stretchesOf(
  textLength: number,
  covering: readonly number[],
  holds: PartialHolds | undefined,
  extraStops: readonly number[] = [],
): { stretches: TextStretch[]; marks: ExtentMark[] } {
  const stops = new Set([0, textLength]);
  const marks: ExtentMark[] = [];
  for (const [position, ranges] of holds ?? []) {
    for (const [start, end] of ranges) {
      stops.add(clamp(start, textLength));
      stops.add(clamp(end, textLength));
      if (start > 0) marks.push({ offset: clamp(start, textLength), position, kind: 'start' });
      if (end < textLength) marks.push({ offset: clamp(end, textLength), position, kind: 'end' });
    }
  }
  for (const stop of extraStops) stops.add(clamp(stop, textLength));
  const offsets = [...stops].sort((a, b) => a - b);
  const stretches: TextStretch[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) {
    const [start, end] = [offsets[i]!, offsets[i + 1]!];
    const chunks = covering.filter((position) => {
      const ranges = holds?.get(position);
      return !ranges || ranges.some(([from, to]) => from < end && start < to);
    });
    stretches.push({ start, end, chunks });
  }
  // an end before a start at one offset: the reader meets the end of one chunk first
  marks.sort((a, b) => a.offset - b.offset || (a.kind === b.kind ? a.position - b.position : a.kind === 'end' ? -1 : 1));
  return { stretches, marks };
}

/**
 * The rows of a table where a chunk's start is drawn as a rule, with the chunks starting there: every
 * chunk that starts below the first row any of them holds (the chunk holding that one is labelled
 * above the table, as it starts there or before).
 */
export function tableRowStarts(rowsHeld: ReadonlyMap<number, readonly [number, number]> | undefined): Map<number, number[]> {
  const starts = new Map<number, number[]>();
  if (!rowsHeld || rowsHeld.size === 0) return starts;
  const firstRow = Math.min(...[...rowsHeld.values()].map(([first]) => first));
  for (const [position, [first]] of rowsHeld) {
    if (first <= firstRow) continue;
    const list = starts.get(first);
    if (list) list.push(position);
    else starts.set(first, [position]);
  }
  return starts;
}

/** Chunks of one level of a hierarchy overlap; a parent and its children do not. */
export function overlapsIn(chunks: readonly number[], parents: ReadonlySet<number>): boolean {
  let peers = 0;
  for (const position of chunks) if (!parents.has(position) && ++peers > 1) return true;
  return false;
}

/**
 * A lane of the gutter for each chunk, so that a chunk keeps one lane down the rows it spans and
 * chunks that share rows get lanes side by side: longer spans (parents) first, so they stand to
 * the left of what they hold. Greedy interval colouring over the rows, in linear-ish time.
 */
export function gutterLanes(spans: readonly (readonly [first: number, last: number] | undefined)[]): { lanes: number[]; count: number } {
  const order = spans
    .map((span, position) => ({ span, position }))
    .filter((entry): entry is { span: readonly [number, number]; position: number } => entry.span !== undefined)
    .sort((a, b) => a.span[0] - b.span[0] || b.span[1] - a.span[1]);
  const lanes = new Array<number>(spans.length).fill(0);
  const laneEnds: number[] = [];
  for (const { span, position } of order) {
    let lane = laneEnds.findIndex((end) => end < span[0]);
    if (lane < 0) lane = laneEnds.push(span[1]) - 1;
    else laneEnds[lane] = span[1];
    lanes[position] = lane;
  }
  return { lanes, count: laneEnds.length };
}

function clamp(offset: number, length: number): number {
  return Math.min(Math.max(offset, 0), length);
}
