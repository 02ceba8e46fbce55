import type { Chunk } from '../../../src-shared/chunk';
import { isHeading } from '../evaluate/coverage/text-units';
import { iterateItems } from '../ir/iterate';
import type { ContentLayer, DoclingDocument, TextItem } from '../ir/types';

/** Where each item stands in reading order, and the body's headings in that order. */
interface ReadingOrder {
  position: Map<string, number>;
  headings: Array<{ item: TextItem; position: number }>;
}

/** Chunks hold body text, and notes where the config includes them. */
const CHUNKED_LAYERS: ReadonlySet<ContentLayer> = new Set(['body', 'notes']);

const readingOrders = new WeakMap<DoclingDocument, ReadingOrder>();

/**
 * Built once per parsed document: live tuning applies the same edits on every change. A table's
 * chunk holds what lies in its cells, so nothing below a table has a place of its own.
 */
function readingOrderOf(doc: DoclingDocument): ReadingOrder {
  let order = readingOrders.get(doc);
  if (order) return order;
  order = { position: new Map(), headings: [] };
  const walk = iterateItems(doc, { withGroups: true, layers: CHUNKED_LAYERS, descendInto: (item) => !('data' in item) });
  for (const { item } of walk) {
    const position = order.position.size;
    order.position.set(item.self_ref, position);
    if (isHeading(item) && (item.content_layer ?? 'body') === 'body') order.headings.push({ item: item as TextItem, position });
  }
  readingOrders.set(doc, order);
  return order;
}

/** A heading a joined chunk holds in its own text, and the chunk of the run it stands before. */
export interface RunHeading {
  item: TextItem;
  before: number;
}

/**
 * The headings a run of chunks joined into one must hold in its text, in reading order: the body
 * headings that stand between one chunk of the run and the next and that no chunk holds as text.
 * The joined chunk keeps the first chunk's heading path, which lies before its start, so these are
 * the later sections' headings (a later chunk's heading path, an empty section's heading) that
 * would otherwise reach no chunk. A heading-only chunk holds its headings as its heading path, not
 * as text: it stands at its last heading. Headings inside a chunk are the strategy's to leave out.
 * Where a chunk of the run has no place (no item in the chunked layers) there are none.
 */
export function headingsWithinRun(doc: DoclingDocument, run: readonly Chunk[]): RunHeading[] {
  const order = readingOrderOf(doc);
  const places = run.map((chunk) => {
    const positions = chunk.docItems.flatMap((ref) => order.position.get(ref) ?? []);
    if (positions.length === 0) return undefined;
    const last = Math.max(...positions);
    // a heading-only chunk's items are its heading path: it stands at its last heading, those of its path past the chunk before are new
    return chunk.headingOnly ? { opens: last + 1, reaches: last } : { opens: Math.min(...positions), reaches: last };
  });
  if (places.some((place) => place === undefined)) return [];
  const held = new Set(run.flatMap((chunk) => (chunk.headingOnly ? [] : chunk.docItems)));
  const found: RunHeading[] = [];
  let reached = places[0]!.reaches;
  for (let next = 1; next < run.length; next++) {
    const { opens, reaches } = places[next]!;
    for (let i = firstHeadingAfter(order.headings, reached); i < order.headings.length; i++) {
      const { item, position } = order.headings[i]!;
      if (position >= opens) break;
      if (!held.has(item.self_ref)) found.push({ item, before: next });
    }
    reached = Math.max(reached, reaches);
  }
  return found;
}

/** Index of the first heading past `position`, by bisection (a pin may join many chunks of a long document). */
function firstHeadingAfter(headings: ReadingOrder['headings'], position: number): number {
  let low = 0;
  let high = headings.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (headings[middle]!.position <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
