import type { ChunkBox, SourceSpan } from '../../../../src-shared/chunk';
import type { ItemRange } from '../../../../src-shared/lab';
import { topLeftBox } from '../../chunk/item-sources';
import { iterateItems } from '../../ir/iterate';
import type { DocItem, DoclingDocument, SourceRun } from '../../ir/types';
import { codePointOffsets, utf16Offsets } from '../../text/code-points';
import type { SourceInterval } from './source-intervals';

export interface PlacedSource {
  items: ItemRange[];
  bboxes: ChunkBox[];
}

interface IndexedRun {
  item: DocItem;
  page: number;
  run: SourceRun;
}

/**
 * Where stretches of a document's source lie in its items and on its pages: the inverse of what
 * chunking records as `sourceSpans` (chunk/item-sources.ts), so that a chunk or a reference passage
 * is drawn by its own source characters. Inside a run of an item's `source_runs` that maps one to
 * one the item range is exact; a run that does not is marked whole. Built once per document.
 */
export class SourcePlaces {
  private readonly runs: IndexedRun[] = [];

  constructor(private readonly doc: DoclingDocument) {
    for (const { item } of iterateItems(doc, { traversePictures: true })) {
      const docItem = item as DocItem;
      const page = docItem.prov?.[0]?.page_no ?? 0;
      const text = 'text' in docItem ? docItem.text : '';
      const runs = docItem.source_runs ?? (docItem.source_span ? [wholeRun(docItem.source_span, text)] : []);
      for (const run of runs) this.runs.push({ item: docItem, page, run });
    }
  }

  /** The item ranges and line boxes of source stretches (`page` 0 for a text file's own characters). */
  place(intervals: readonly SourceInterval[]): PlacedSource {
    const items = new Map<string, ItemRange>();
    const bboxes: ChunkBox[] = [];
    const boxed = new Set<string>();
    for (const { item, page, run } of this.runs) {
      const from = run.source;
      const to = run.source + run.sourceLength;
      const hit = intervals.find((interval) => interval.page === page && interval.start < to && from < interval.end);
      if (!hit) continue;
      const text = 'text' in item ? item.text : '';
      const range = text === '' ? { ref: item.self_ref, start: 0, end: 0, whole: true } : itemRangeOf(item, text, run, hit);
      const known = items.get(item.self_ref);
      if (known) {
        known.start = Math.min(known.start, range.start);
        known.end = Math.max(known.end, range.end);
      } else items.set(item.self_ref, range);
      const boxes =
        run.box && page > 0 ? [run.box] : item.prov.map((prov) => [prov.bbox.l, prov.bbox.t, prov.bbox.r, prov.bbox.b] as const);
      for (const box of boxes) {
        const key = `${page}:${box.join(',')}`;
        if (boxed.has(key)) continue;
        boxed.add(key);
        const topLeft = topLeftBox(this.doc, page, box, item.prov[0]?.bbox.coord_origin ?? 'TOPLEFT');
        if (topLeft) bboxes.push(topLeft);
      }
    }
    return { items: [...items.values()], bboxes };
  }

  placeSpans(spans: readonly SourceSpan[]): PlacedSource {
    return this.place(spans.map(([start, end, page]) => ({ page: page ?? 0, start, end })));
  }
}

function wholeRun([start, end]: readonly [number, number], text: string): SourceRun {
  return { text: 0, length: text.length, source: start, sourceLength: end - start };
}

/** The part of one run's text that `interval` covers: exact where the run maps one to one, else the whole run. */
function itemRangeOf(item: DocItem, text: string, run: SourceRun, interval: SourceInterval): ItemRange {
  const whole = { ref: item.self_ref, start: run.text, end: run.text + run.length, whole: false };
  const toCodePoint = codePointOffsets(text);
  const runStart = toCodePoint(run.text);
  if (toCodePoint(run.text + run.length) - runStart !== run.sourceLength) return whole;
  const toUtf16 = utf16Offsets(text);
  const from = Math.max(interval.start, run.source) - run.source;
  const to = Math.min(interval.end, run.source + run.sourceLength) - run.source;
  return { ...whole, start: toUtf16(runStart + from), end: toUtf16(runStart + to) };
}
