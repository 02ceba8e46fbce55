import { oncePerDocument } from './once-per-document';
import type { ContentLayer, DoclingDocument } from './types';

/**
 * The document with its `notes` layer (speaker notes, cell and slide comments) moved into the body,
 * where chunkers read: each item stays where the parser put it (a slide's notes after its shapes, a
 * comment thread after the sheets), so chunks take them in that order. The document itself is kept
 * as it is: parsed documents are cached and shared between configs.
 */
export const withNotesInBody = oncePerDocument(notesInBody);

function notesInBody(doc: DoclingDocument): DoclingDocument {
  const relayer = <Item extends { content_layer?: ContentLayer }>(items: readonly Item[]): Item[] =>
    items.map((item) => (item.content_layer === 'notes' ? { ...item, content_layer: 'body' } : item));
  return {
    ...doc,
    groups: relayer(doc.groups),
    texts: relayer(doc.texts),
    tables: relayer(doc.tables),
    pictures: relayer(doc.pictures),
  };
}
