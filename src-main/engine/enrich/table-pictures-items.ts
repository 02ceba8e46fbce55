import type { Chunk } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument, PictureItem, TableItem } from '../ir/types';

/** The tables a chunk holds, each once, in the chunk's order. */
export function tablesOf(doc: DoclingDocument, chunk: Chunk): TableItem[] {
  return itemsOf(doc, chunk, '#/tables/') as TableItem[];
}

/** The pictures a chunk holds, each once, in the chunk's order. */
export function picturesOf(doc: DoclingDocument, chunk: Chunk): PictureItem[] {
  return itemsOf(doc, chunk, '#/pictures/') as PictureItem[];
}

function itemsOf(doc: DoclingDocument, chunk: Chunk, prefix: string): unknown[] {
  const refs = [...new Set(chunk.docItems.filter((ref) => ref.startsWith(prefix)))];
  return refs.flatMap((ref) => {
    const item = resolveRef(doc, ref);
    return item ? [item] : [];
  });
}
