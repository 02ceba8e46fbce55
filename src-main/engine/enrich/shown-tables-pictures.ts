import type { Chunk } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import { captionOwnersOf, shownItemRefs } from '../ir/shown-items';
import type { DoclingDocument, PictureItem, TableItem } from '../ir/types';

const captionOwners = new WeakMap<DoclingDocument, Map<string, string[]>>();

/** The tables a chunk shows (its own or captioned by one of its items), each once, in the chunk's order. */
export function tablesOf(doc: DoclingDocument, chunk: Chunk): TableItem[] {
  return shownItems(doc, chunk, '#/tables/') as TableItem[];
}

/** The pictures a chunk shows (its own or captioned by one of its items), each once, in the chunk's order. */
export function picturesOf(doc: DoclingDocument, chunk: Chunk): PictureItem[] {
  return shownItems(doc, chunk, '#/pictures/') as PictureItem[];
}

function shownItems(doc: DoclingDocument, chunk: Chunk, prefix: string): unknown[] {
  let owners = captionOwners.get(doc);
  if (!owners) captionOwners.set(doc, (owners = captionOwnersOf(doc)));
  const refs = [...new Set(shownItemRefs(chunk.docItems, owners).filter((ref) => ref.startsWith(prefix)))];
  return refs.flatMap((ref) => {
    const item = resolveRef(doc, ref);
    return item ? [item] : [];
  });
}
