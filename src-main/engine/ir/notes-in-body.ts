import type { ContentLayer, DoclingDocument } from './types';

/**
 * The document with its `notes` layer (speaker notes, cell and slide comments) moved into the body,
 * where chunkers read: each item stays where the parser put it (a slide's notes after its shapes, a
 * comment thread after the sheets), so chunks take them in that order. The document itself is kept
 * as it is: parsed documents are cached and shared between configs.
 */
export function withNotesInBody(doc: DoclingDocument): DoclingDocument {
  let relayered = withNotes.get(doc);
  if (!relayered) withNotes.set(doc, (relayered = notesInBody(doc)));
  return relayered;
}

/** One copy per parsed document, as `withPictureTextInBody` keeps: what chunkers derive from a document is kept by its identity. */
const withNotes = new WeakMap<DoclingDocument, DoclingDocument>();

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
