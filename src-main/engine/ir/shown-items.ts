import type { DoclingDocument } from './types';

/** The pictures and tables each caption belongs to, by the caption's ref. */
export function captionOwnersOf(doc: DoclingDocument): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const item of [...doc.pictures, ...doc.tables]) {
    for (const caption of item.captions) owners.set(caption.$ref, [...(owners.get(caption.$ref) ?? []), item.self_ref]);
  }
  return owners;
}

/**
 * The items a chunk shows, by ref: its own items and the pictures and tables captioned by one of
 * them. A picture reaches a chunk through its caption (chunkers serialize a picture as its caption
 * text), so the pictures and tables a chunk shows are those among its items or captioned by one.
 */
export function shownItemRefs(docItems: readonly string[], captionOwners: ReadonlyMap<string, string[]>): string[] {
  return docItems.flatMap((ref) => [ref, ...(captionOwners.get(ref) ?? [])]);
}
