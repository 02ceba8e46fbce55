/** A place in an item's text as hand edits name it: the item's ref and a code-point offset of its text. */
export interface ItemTextPoint {
  ref: string;
  offset: number;
}

/** What the user selected in the document view: a caret (`from` = `to`) or a stretch of text, possibly over several items. */
export interface ItemTextSelection {
  from: ItemTextPoint;
  to: ItemTextPoint;
}

/**
 * What the document view draws inside an item's row besides the item's text (page numbers, chunk numbers at their
 * starts, notes): characters of these are not the item's and do not count in an offset.
 */
const DECORATIONS = '.page-no, .context-of, .inline-boundary, .left-out-note, .placeholder, .chunk-start, .bands';

/**
 * The code-point offset in an item's text of a place shown as `before` UTF-16 units of the text pieces the row
 * shows; undefined when the pieces are not the item's text as is (a table drawn as a grid, say), where no offset
 * of the text could be named from them.
 */
export function codePointOffsetOf(pieces: readonly string[], before: number, itemText: string): number | undefined {
  if (pieces.join('') !== itemText || before < 0 || before > itemText.length) return undefined;
  return [...itemText.slice(0, before)].length;
}

/**
 * The item text place of a DOM point (a selection's end) inside a row of the document view (`data-ref`), found by
 * counting the characters of the item's text shown before it; null outside a row, or where the row does not show
 * the item's text as is.
 */
export function itemTextPointOf(node: Node, offsetInNode: number, textOf: (ref: string) => string | undefined): ItemTextPoint | null {
  const element = node instanceof Element ? node : node.parentElement;
  const row = element?.closest<HTMLElement>('[data-ref]');
  const ref = row?.dataset.ref;
  const itemText = ref === undefined ? undefined : textOf(ref);
  if (!row || ref === undefined || itemText === undefined || element?.closest(DECORATIONS)) return null;
  const upToPoint = document.createRange();
  upToPoint.setStart(row, 0);
  upToPoint.setEnd(node, offsetInNode);
  const pieces: string[] = [];
  let before = 0;
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.parentElement?.closest(DECORATIONS)) continue;
    const content = text.textContent ?? '';
    pieces.push(content);
    if (text === node) before += offsetInNode;
    // a text node wholly before the point ends inside the range (0); one after it, beyond (1)
    else if (upToPoint.comparePoint(text, content.length) === 0) before += content.length;
  }
  const offset = codePointOffsetOf(pieces, before, itemText);
  return offset === undefined ? null : { ref, offset };
}

/** The document view's selection as item text places; null when it does not lie in the document's rows. */
export function itemTextSelectionOf(selection: Selection | null, textOf: (ref: string) => string | undefined): ItemTextSelection | null {
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const from = itemTextPointOf(range.startContainer, range.startOffset, textOf);
  const to = range.collapsed ? from : itemTextPointOf(range.endContainer, range.endOffset, textOf);
  return from && to ? { from, to } : null;
}
