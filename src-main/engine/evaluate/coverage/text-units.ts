import { iterateItems } from '../../ir/iterate';
import { resolveRef } from '../../ir/resolve';
import type { ContentLayer, DocItem, DoclingDocument, NodeItem, TableCell } from '../../ir/types';
import { coverageWords, coverageWordsAt, type WordAt } from './coverage-words';
import { textKinds, type TextKind } from './left-out-kind';

/** An item with words of its own, as every run over its document looks for them. */
export interface TextUnit {
  item: DocItem;
  /** reading order */
  order: number;
  /** the ref a chunk names the item by itself */
  ownRef: string;
  /** the refs a chunk may also hold its text under (`containersOf`) */
  containerRefs: string[];
  /** a table, or an item in one of its rich cells */
  inTable: boolean;
  kind: TextKind;
  /** the words, in order: a text's, or a table's cell by cell */
  words: string[];
  /** a text's words with their offsets in its text */
  wordsAt?: WordAt[];
  /** a table's cells (rich cells aside: their items are units of their own), each with its range of `words` */
  cells?: Array<{ cell: TableCell; from: number; to: number }>;
}

/** Live tuning measures one document again on every edit: what depends on the document alone is read once. */
const unitsByDocument = new WeakMap<DoclingDocument, TextUnit[]>();

/**
 * Every item with words of its own, in the order they claim the chunks' words: body text, then
 * tables and the items of their rich cells, then the text of pictures and furniture, each in
 * reading order. Body text first: a picture's labels ("as", "or") must not take the words of the
 * paragraph a chunk holds beside the picture, nor a table cell its serialisation leaves out (a
 * triplet table's corner cell) take them from the text a chunk holds beside the table.
 */
export function textUnitsOf(doc: DoclingDocument): TextUnit[] {
  let units = unitsByDocument.get(doc);
  if (!units) {
    const kindOf = textKinds(doc);
    const captionOwners = captionOwnersOf(doc);
    units = itemsInReadingOrder(doc).flatMap((item, order): TextUnit[] => {
      const { refs, inTable } = containersOf(doc, item, captionOwners);
      const base = { item, order, ownRef: item.self_ref, containerRefs: refs, inTable, kind: kindOf(item) };
      if ('data' in item) {
        const words: string[] = [];
        const cells = item.data.table_cells
          .filter((cell) => !cell.ref)
          .map((cell) => {
            const from = words.length;
            words.push(...coverageWords(cell.text));
            return { cell, from, to: words.length };
          });
        return words.length === 0 ? [] : [{ ...base, words, cells }];
      }
      if (!('text' in item) || item.text === '') return [];
      const wordsAt = coverageWordsAt(item.text);
      return wordsAt.length === 0 ? [] : [{ ...base, words: wordsAt.map((word) => word.word), wordsAt }];
    });
    const rank = (unit: TextUnit) => (unit.kind.kind !== 'body' ? 2 : unit.inTable ? 1 : 0);
    units.sort((a, b) => rank(a) - rank(b) || a.order - b.order);
    unitsByDocument.set(doc, units);
  }
  return units;
}

export function isHeading(node: NodeItem): boolean {
  return 'label' in node && (node.label === 'title' || node.label === 'section_header');
}

/** Parent chains of a hostile DoclingDocument may loop; real ones are far shallower. */
const MAX_DEPTH = 1_000;
const ALL_LAYERS: ReadonlySet<ContentLayer> = new Set(['body', 'furniture', 'background', 'invisible', 'notes']);

/** Every item, body first (pictures' children included), then furniture, then any item no tree reaches (a hand-made DoclingDocument). */
function itemsInReadingOrder(doc: DoclingDocument): DocItem[] {
  const seen = new Set<string>();
  const items: DocItem[] = [];
  for (const root of [doc.body, doc.furniture]) {
    for (const { item } of iterateItems(doc, { root, traversePictures: true, layers: ALL_LAYERS })) {
      if (!('prov' in item) || seen.has(item.self_ref)) continue;
      seen.add(item.self_ref);
      items.push(item);
    }
  }
  for (const item of [...doc.texts, ...doc.tables]) if (!seen.has(item.self_ref)) items.push(item);
  return items;
}

/**
 * The nodes an item lies in (a list item, a group, a picture, a table) and the floating items it
 * is a caption or footnote of: a chunk that names any of them may hold its text. Not a heading it
 * lies under: a chunk that names a heading holds the heading, not its section.
 */
function containersOf(
  doc: DoclingDocument,
  item: DocItem,
  captionOwners: ReadonlyMap<string, string[]>,
): { refs: string[]; inTable: boolean } {
  const owners = captionOwners.get(item.self_ref) ?? [];
  const refs = [...owners];
  let inTable = isTable(item);
  let parent = item.parent ? resolveRef(doc, item.parent) : undefined;
  for (let depth = 0; parent && depth < MAX_DEPTH; depth++) {
    if (!isHeading(parent)) refs.push(parent.self_ref);
    // a table's caption sits below the table, but is no text of its cells
    inTable ||= isTable(parent) && !owners.includes(parent.self_ref);
    parent = parent.parent ? resolveRef(doc, parent.parent) : undefined;
  }
  return { refs, inTable };
}

function isTable(node: NodeItem): boolean {
  return node.self_ref.startsWith('#/tables/');
}

function captionOwnersOf(doc: DoclingDocument): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const item of [...doc.pictures, ...doc.tables, ...doc.texts]) {
    for (const ref of [...(item.captions ?? []), ...(item.footnotes ?? [])]) {
      owners.set(ref.$ref, [...(owners.get(ref.$ref) ?? []), item.self_ref]);
    }
  }
  return owners;
}
