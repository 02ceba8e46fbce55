import type { DoclingDocument, NodeItem, RefItem } from './types';

const COLLECTIONS = ['texts', 'groups', 'tables', 'pictures', 'key_value_items', 'form_items'] as const;
const collectionNames: ReadonlySet<string> = new Set(COLLECTIONS);

function isCollectionName(name: string): name is (typeof COLLECTIONS)[number] {
  return collectionNames.has(name);
}

const DIGIT_ZERO = 0x30;

/** Resolves a JSON pointer such as `#/texts/12`, `#/body` or `#/furniture`; undefined when it points nowhere. */
export function resolveRef(doc: DoclingDocument, ref: RefItem | string): NodeItem | undefined {
  const pointer = typeof ref === 'string' ? ref : ref.$ref;
  if (pointer === '#/body') return doc.body;
  if (pointer === '#/furniture') return doc.furniture;
  // Parsed by hand rather than by a regular expression: every walk over the document resolves every child.
  if (!pointer.startsWith('#/')) return undefined;
  const slash = pointer.indexOf('/', 2);
  if (slash < 0 || slash === pointer.length - 1) return undefined;
  const name = pointer.slice(2, slash);
  if (!isCollectionName(name)) return undefined;
  let index = 0;
  for (let i = slash + 1; i < pointer.length; i++) {
    const digit = pointer.charCodeAt(i) - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return undefined;
    index = index * 10 + digit;
  }
  return doc[name][index];
}

export function isGroup(node: NodeItem): node is import('./types').GroupItem {
  return node.self_ref.startsWith('#/groups/') || node.self_ref === '#/body' || node.self_ref === '#/furniture';
}
