import type { Chunk } from '../../../src-shared/chunk';
import { isHeading } from '../evaluate/coverage/text-units';
import { iterateItems } from '../ir/iterate';
import type { ContentLayer, DoclingDocument, TextItem } from '../ir/types';

/** Where each item stands in reading order, and where the nodes below it end; the body's headings in that order. */
interface ReadingOrder {
  start: Map<string, number>;
  end: Map<string, number>;
  headings: Array<{ item: TextItem; position: number }>;
}

/** Chunks hold body text, and notes where the config includes them. */
const CHUNKED_LAYERS: ReadonlySet<ContentLayer> = new Set(['body', 'notes']);

const readingOrders = new WeakMap<DoclingDocument, ReadingOrder>();

/** Built once per parsed document: live tuning applies the same edits on every change. */
function readingOrderOf(doc: DoclingDocument): ReadingOrder {
  let order = readingOrders.get(doc);
  if (order) return order;
  order = { start: new Map(), end: new Map(), headings: [] };
  const open: Array<{ ref: string; depth: number }> = [];
  let position = 0;
  for (const { item, depth } of iterateItems(doc, { withGroups: true, layers: CHUNKED_LAYERS })) {
    while (open.length > 0 && open[open.length - 1]!.depth >= depth) order.end.set(open.pop()!.ref, position);
    order.start.set(item.self_ref, position);
    open.push({ ref: item.self_ref, depth });
    if (isHeading(item) && (item.content_layer ?? 'body') === 'body') order.headings.push({ item: item as TextItem, position });
    position++;
  }
  for (const { ref } of open) order.end.set(ref, position);
  readingOrders.set(doc, order);
  return order;
}

/** A heading a joined chunk holds in its own text, and the chunk of the run it stands before (the run's length: after the last). */
export interface RunHeading {
  item: TextItem;
  before: number;
}

/**
 * The headings a run of chunks joined into one must hold in its text, in reading order: the body
 * headings between the start of its first chunk and the end of its last that no chunk of the run
 * holds as text. The joined chunk keeps the first chunk's heading path, which lies before its start,
 * so these are the later sections' headings (a later chunk's heading path, an empty section's
 * heading) that would otherwise reach no chunk. A heading-only chunk holds its headings as its
 * heading path, not as text. Without places for the run's ends (items outside the chunked layers)
 * there are none.
 */
export function headingsWithinRun(doc: DoclingDocument, run: readonly Chunk[]): RunHeading[] {
  const order = readingOrderOf(doc);
  const contentRefs = (chunk: Chunk) => (chunk.headingOnly ? [] : chunk.docItems);
  const positions = (refs: readonly string[], of: Map<string, number>) => refs.flatMap((ref) => (of.has(ref) ? [of.get(ref)!] : []));
  const first = run[0]!;
  const firstStarts = positions(first.docItems, order.start);
  // a heading-only chunk's items are its heading path: what follows its last heading is new
  const after = first.headingOnly ? Math.max(...firstStarts) : Math.min(...firstStarts);
  const before = Math.max(...positions(run[run.length - 1]!.docItems, order.end));
  if (!Number.isFinite(after) || !Number.isFinite(before)) return [];
  const held = new Set(run.flatMap(contentRefs));
  const contentStarts = run.map((chunk) => Math.min(...positions(contentRefs(chunk), order.start)));
  return order.headings
    .filter(({ item, position }) => position > after && position < before && !held.has(item.self_ref))
    .map(({ item, position }) => {
      const next = contentStarts.findIndex((start, index) => index > 0 && start > position);
      return { item, before: next < 0 ? run.length : next };
    });
}
