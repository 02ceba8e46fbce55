import { isGroup, resolveRef } from '../../ir/resolve';
import { iterateItems } from '../../ir/iterate';
import type { DocItem, DoclingDocument, NodeItem, TextItem } from '../../ir/types';
import type { TextRange } from '../../text/text-range';
import { tableLines, type TableLines } from './table-text';

export type BlockKind = 'heading' | 'text' | 'list-item' | 'table' | 'code' | 'formula' | 'caption';

/** An IR item whose text is (part of) a block. */
export interface BlockItem {
  ref: string;
  /** Where the item's own text sits, verbatim, in the block text (empty for an empty list item); null when it is rendered (a table). */
  textRange: TextRange | null;
}

/** A unit of reading-order text: a paragraph, heading, list item, table, code block or formula. */
export interface Block {
  kind: BlockKind;
  text: string;
  items: BlockItem[];
  /** Headings in force here (title first); a heading's own path ends with itself. */
  headingPath: string[];
  /** The heading items of `headingPath`, in its order. */
  headingRefs: string[];
  /** Heading level; a title is 0. */
  level?: number;
  /** The outermost list group of a list item. */
  listRef?: string;
  /** A table's Markdown lines (`text` is them joined with newlines). */
  table?: TableLines;
  page: number | null;
}

/**
 * The body of a document as blocks in reading order, with the heading path of each. Headings
 * follow Docling's rule: a heading replaces every heading of its level or deeper. Runs of an
 * inline group form one block; items inside rich table cells are part of their table.
 */
export function readBlocks(doc: DoclingDocument): Block[] {
  const cellRefs = new Set(doc.tables.flatMap((table) => table.data.table_cells.flatMap((cell) => (cell.ref ? [cell.ref.$ref] : []))));
  const headings = new Map<number, TextItem>();
  const blocks: Block[] = [];
  let inlineGroup: string | null = null;
  for (const { item } of iterateItems(doc)) {
    if (isGroup(item) || insideAny(doc, item, cellRefs)) continue;
    const docItem = item as DocItem;
    const parent = docItem.parent ? resolveRef(doc, docItem.parent) : undefined;
    const inInline = parent !== undefined && isGroup(parent) && 'label' in parent && parent.label === 'inline';
    const { headingPath, headingRefs } = pathOf(headings);
    const page = docItem.prov[0]?.page_no ?? null;
    if ('data' in docItem) {
      const table = tableLines(docItem);
      if (table.lines.length === 0) continue;
      blocks.push({
        kind: 'table',
        text: table.lines.join('\n'),
        items: [blockItem(docItem, null)],
        headingPath,
        headingRefs,
        table,
        page,
      });
      inlineGroup = null;
      continue;
    }
    if (!('text' in docItem)) continue;
    const textItem = docItem;
    if (textItem.label === 'title' || textItem.label === 'section_header') {
      const level = textItem.label === 'title' ? 0 : (textItem.level ?? 1);
      for (const key of [...headings.keys()]) if (key >= level) headings.delete(key);
      headings.set(level, textItem);
      if (textItem.text.trim() === '') continue;
      blocks.push(textBlock('heading', '', textItem, pathOf(headings), page, { level }));
      inlineGroup = null;
      continue;
    }
    if (textItem.text.trim() === '') continue;
    const previous = blocks[blocks.length - 1];
    if (inInline && previous && inlineGroup === parent?.self_ref) {
      appendRun(previous, textItem);
      continue;
    }
    inlineGroup = inInline ? (parent?.self_ref ?? null) : null;
    // A list item whose text is in an inline group (Docling's HTML backend) leaves its own text empty.
    const emptyListItem = inInline ? emptyListItemOwning(doc, parent) : undefined;
    const listItem = textItem.label === 'list_item' ? textItem : emptyListItem;
    if (listItem) {
      const lists = listAncestors(doc, listItem);
      const indent = '  '.repeat(Math.max(lists.length - 1, 0));
      const prefix = `${indent}${markerOf(doc, listItem)} `;
      const block = textBlock('list-item', prefix, textItem, { headingPath, headingRefs }, page, { listRef: lists[lists.length - 1] });
      if (emptyListItem) block.items.unshift(blockItem(emptyListItem, { start: 0, end: 0 }));
      blocks.push(block);
      continue;
    }
    const checkbox = textItem.label === 'checkbox_selected' ? '[x] ' : textItem.label === 'checkbox_unselected' ? '[ ] ' : '';
    blocks.push(textBlock(kindOf(textItem), checkbox, textItem, { headingPath, headingRefs }, page, {}));
  }
  return blocks;
}

function kindOf(item: TextItem): BlockKind {
  switch (item.label) {
    case 'code':
      return 'code';
    case 'formula':
      return 'formula';
    case 'caption':
      return 'caption';
    default:
      return 'text';
  }
}

function textBlock(
  kind: BlockKind,
  prefix: string,
  item: TextItem,
  path: Pick<Block, 'headingPath' | 'headingRefs'>,
  page: number | null,
  extra: Pick<Block, 'level' | 'listRef'>,
): Block {
  const text = prefix + item.text;
  const range = { start: prefix.length, end: text.length };
  return { kind, text, items: [blockItem(item, range)], ...path, page, ...extra };
}

/** The headings in force, outermost first. */
function pathOf(headings: ReadonlyMap<number, TextItem>): Pick<Block, 'headingPath' | 'headingRefs'> {
  const items = [...headings.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  return { headingPath: items.map((item) => item.text), headingRefs: items.map((item) => item.self_ref) };
}

function appendRun(block: Block, item: TextItem): void {
  const start = block.text.length + 1;
  block.text = `${block.text} ${item.text}`;
  block.items.push(blockItem(item, { start, end: block.text.length }));
}

function blockItem(item: DocItem, textRange: TextRange | null): BlockItem {
  return { ref: item.self_ref, textRange };
}

function ancestors(doc: DoclingDocument, item: NodeItem): NodeItem[] {
  const chain: NodeItem[] = [];
  let current = item.parent ? resolveRef(doc, item.parent) : undefined;
  while (current && chain.length < 1000) {
    chain.push(current);
    current = current.parent ? resolveRef(doc, current.parent) : undefined;
  }
  return chain;
}

function insideAny(doc: DoclingDocument, item: NodeItem, refs: ReadonlySet<string>): boolean {
  if (refs.size === 0) return false;
  return refs.has(item.self_ref) || ancestors(doc, item).some((node) => refs.has(node.self_ref));
}

/** The item's own marker; an enumerated item without one is numbered by its place in its list, as Docling does. */
function markerOf(doc: DoclingDocument, item: TextItem): string {
  const marker = item.marker?.trim();
  if (marker) return marker;
  if (!item.enumerated || !item.parent) return '-';
  const list = resolveRef(doc, item.parent);
  const position = list ? list.children.findIndex((child) => child.$ref === item.self_ref) : -1;
  return position >= 0 ? `${position + 1}.` : '-';
}

function emptyListItemOwning(doc: DoclingDocument, inlineGroup: NodeItem | undefined): TextItem | undefined {
  const owner = inlineGroup?.parent ? resolveRef(doc, inlineGroup.parent) : undefined;
  return owner && !isGroup(owner) && owner.label === 'list_item' && 'text' in owner && owner.text.trim() === '' ? owner : undefined;
}

/** Self-refs of the list groups around a list item, innermost first. */
function listAncestors(doc: DoclingDocument, item: TextItem): string[] {
  return ancestors(doc, item)
    .filter((node) => isGroup(node) && 'label' in node && (node.label === 'list' || node.label === 'ordered_list'))
    .map((node) => node.self_ref);
}
