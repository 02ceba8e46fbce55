import type { DoclingDocument } from './types';

/**
 * `derive`, run once per document and kept as long as the document is: live tuning chunks a parsed document again at
 * every change of the config, and what chunkers derive from a document (the Docling serializer, the hierarchical chunks)
 * is kept by the identity of the document they are given, so a copy made anew at every run would defeat those caches.
 */
export function oncePerDocument<T extends object>(derive: (doc: DoclingDocument) => T): (doc: DoclingDocument) => T {
  const derived = new WeakMap<DoclingDocument, T>();
  return (doc) => {
    let value = derived.get(doc);
    if (!value) derived.set(doc, (value = derive(doc)));
    return value;
  };
}
