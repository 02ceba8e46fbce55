import { NOT_ITEM_TEXT, rowTextPosition } from './selected-item-ranges';

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
 * The code-point offset in an item's text of a place `before` UTF-16 units into the text its row shows; undefined
 * when the row does not show the item's text as is (a table drawn as a grid, say), where no offset of the text could
 * be named from it.
 */
export function codePointOffsetOf(shown: string, before: number, itemText: string): number | undefined {
  if (shown !== itemText || before < 0 || before > itemText.length) return undefined;
  return [...itemText.slice(0, before)].length;
}

/**
 * The item text place of a DOM point (a selection's end) inside a row of the document view (`data-ref`); null
 * outside a row, on what the view draws besides the text, or where the row does not show the item's text as is.
 */
export function itemTextPointOf(node: Node, offsetInNode: number, textOf: (ref: string) => string | undefined): ItemTextPoint | null {
  const element = node instanceof Element ? node : node.parentElement;
  const row = element?.closest<HTMLElement>('[data-ref]');
  const ref = row?.dataset.ref;
  const itemText = ref === undefined ? undefined : textOf(ref);
  if (!row || ref === undefined || itemText === undefined || element?.closest(NOT_ITEM_TEXT)) return null;
  const position = rowTextPosition(row, node, offsetInNode);
  if (!position) return null;
  const offset = codePointOffsetOf(position.shown, position.offset, itemText);
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
