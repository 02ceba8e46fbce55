import type { ItemRange } from '../../src-shared/lab';

/** What a document row shows besides its item's text: the page number, chunk markers, placeholders, notes. */
export const NOT_ITEM_TEXT = '.page-no, .context-of, .inline-boundary, .placeholder, .left-out-note, .chunk-start, .bands';

/**
 * The passage selected in the text view as ranges of item texts (UTF-16 offsets into each item's
 * text): the items the selection starts and ends in partly, those between whole. Offsets count only
 * the item's own text, never the markers the view adds around it.
 */
export function selectedItemRanges(selection: Selection | null): ItemRange[] {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return [];
  const range = selection.getRangeAt(0);
  const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="document-view"] .doc-row[data-ref]')];
  const ranges: ItemRange[] = [];
  for (const row of rows) {
    if (!range.intersectsNode(row)) continue;
    const item = row.querySelector<HTMLElement>('.item');
    if (!item) continue;
    const texts = itemTextNodes(item);
    const length = texts.reduce((sum, node) => sum + node.data.length, 0);
    const start = row.contains(range.startContainer) ? offsetIn(texts, range.startContainer, range.startOffset) : 0;
    const end = row.contains(range.endContainer) ? offsetIn(texts, range.endContainer, range.endOffset) : length;
    if (end > start) ranges.push({ ref: row.dataset.ref!, start, end, whole: false });
  }
  return ranges;
}

/** The item text a document row shows, and the offset in it (UTF-16) of a DOM position inside the row. */
export function rowTextPosition(row: HTMLElement, container: Node, offset: number): { shown: string; offset: number } | null {
  const item = row.querySelector<HTMLElement>('.item');
  if (!item) return null;
  const texts = itemTextNodes(item);
  return { shown: texts.map((text) => text.data).join(''), offset: offsetIn(texts, container, offset) };
}

function itemTextNodes(item: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(NOT_ITEM_TEXT)) nodes.push(node as Text);
  }
  return nodes;
}

/** The item-text offset of a DOM position: the text before it in the item's own text nodes. */
function offsetIn(texts: readonly Text[], container: Node, offset: number): number {
  let before = 0;
  for (const text of texts) {
    if (text === container) return before + offset;
    // a position between elements: count the text nodes that lie before it
    if (container.nodeType !== Node.TEXT_NODE) {
      const child = container.childNodes[offset];
      if (child && (child === text || child.contains(text))) return before;
    }
    before += text.data.length;
  }
  return before;
}
