import type { PageItem } from '../../src-shared/api';
import { boxesOf } from '../engine/chunk/build-chunk';
import { iterateItems } from '../engine/ir/iterate';
import type { ContentLayer, DocItem, DoclingDocument, NodeItem } from '../engine/ir/types';

/** Body text is read in order; furniture (running headers, page numbers) is on the pages too, in no order. */
const DRAWN_LAYERS: ReadonlySet<ContentLayer> = new Set(['body', 'furniture']);

/**
 * The items the page view's overlay draws: every item placed on a page, body items numbered in the body's reading order
 * (docling-core's `iterate_items`), then the furniture tree's. A picture's own text stays inside its box, unnumbered,
 * as the text view lists it.
 */
export function pageItemsOf(doc: DoclingDocument): PageItem[] {
  const items: PageItem[] = [];
  let order = 0;
  for (const root of [doc.body, doc.furniture]) {
    for (const { item } of iterateItems(doc, { root, layers: DRAWN_LAYERS })) {
      if (!isPlaced(item)) continue;
      const boxes = boxesOf(doc, [item]);
      if (boxes.length === 0) continue;
      const inOrder = (item.content_layer ?? 'body') === 'body';
      items.push({ ref: item.self_ref, label: item.label, order: inOrder ? order++ : null, boxes });
    }
  }
  return items;
}

function isPlaced(item: NodeItem): item is DocItem {
  return 'prov' in item && item.prov.length > 0;
}
