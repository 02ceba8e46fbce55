import type { DoclingDocument, NodeItem, RefItem } from './types';

const collectionByName = {
  texts: 'texts',
  groups: 'groups',
  tables: 'tables',
  pictures: 'pictures',
  key_value_items: 'key_value_items',
  form_items: 'form_items',
} as const;

/** Resolves a JSON pointer such as `#/texts/12`, `#/body` or `#/furniture`; undefined when it points nowhere. */
export function resolveRef(doc: DoclingDocument, ref: RefItem | string): NodeItem | undefined {
  const pointer = typeof ref === 'string' ? ref : ref.$ref;
  if (pointer === '#/body') return doc.body;
  if (pointer === '#/furniture') return doc.furniture;
  const match = /^#\/(\w+)\/(\d+)$/.exec(pointer);
  if (!match) return undefined;
  const name = collectionByName[match[1] as keyof typeof collectionByName];
  if (!name) return undefined;
  return doc[name][Number(match[2])];
}

export function isGroup(node: NodeItem): node is import('./types').GroupItem {
  return node.self_ref.startsWith('#/groups/') || node.self_ref === '#/body' || node.self_ref === '#/furniture';
}
