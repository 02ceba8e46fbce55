import type { DoclingDocument, NodeItem, RefItem } from './types';

const COLLECTIONS = ['texts', 'groups', 'tables', 'pictures', 'key_value_items', 'form_items'] as const;
const SLASH = 0x2f;
const DIGIT_ZERO = 0x30;

/** Resolves a JSON pointer such as `#/texts/12`, `#/body` or `#/furniture`; undefined when it points nowhere. */
export function resolveRef(doc: DoclingDocument, ref: RefItem | string): NodeItem | undefined {
  const pointer = typeof ref === 'string' ? ref : ref.$ref;
  if (pointer === '#/body') return doc.body;
  if (pointer === '#/furniture') return doc.furniture;
  // Parsed by hand rather than by a regular expression: every walk over the document resolves every child.
  if (!pointer.startsWith('#/')) return undefined;
  for (const name of COLLECTIONS) {
    if (pointer.startsWith(name, 2) && pointer.charCodeAt(2 + name.length) === SLASH) {
      const index = indexAt(pointer, 3 + name.length);
      return index < 0 ? undefined : doc[name][index];
    }
  }
  return undefined;
}

/** The decimal number from `start` to the end of `pointer`, or -1 when that is not one. */
function indexAt(pointer: string, start: number): number {
  if (start >= pointer.length) return -1;
  let index = 0;
  for (let i = start; i < pointer.length; i++) {
    const digit = pointer.charCodeAt(i) - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return -1;
    index = index * 10 + digit;
  }
  return index;
}

export function isGroup(node: NodeItem): node is import('./types').GroupItem {
  return node.self_ref.startsWith('#/groups/') || node.self_ref === '#/body' || node.self_ref === '#/furniture';
}
