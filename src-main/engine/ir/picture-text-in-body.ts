import type { DoclingDocument, NodeItem, PictureItem, RefItem } from './types';

/**
 * The document with the text inside its pictures (a diagram's labels, a chart's axis names and
 * values, the lines of a framed figure) brought out into the flow, where chunkers read: each
 * picture's children other than its captions follow the picture, in their order, under the
 * picture's parent. Docling's chunkers skip a picture's children (`traverse_pictures=false`), so
 * a drawing-heavy manual would lose every word its figures carry; chunkers see those words as
 * text items after the figure, each item keeping its `self_ref`, so the chunks still name the
 * items of the parsed document. The document itself is kept as it is: parsed documents are cached
 * and shared between configs.
 */
export function withPictureTextInBody(doc: DoclingDocument): DoclingDocument {
  const moved = new Map<string, { picture: PictureItem; refs: RefItem[] }>();
  for (const picture of doc.pictures) {
    const captions = new Set((picture.captions ?? []).map((caption) => caption.$ref));
    const refs = picture.children.filter((child) => !captions.has(child.$ref));
    if (refs.length > 0 && picture.parent) moved.set(picture.self_ref, { picture, refs });
  }
  if (moved.size === 0) return doc;

  const newParent = new Map<string, RefItem>();
  const followers = new Map<string, RefItem[]>();
  for (const { picture, refs } of moved.values()) {
    for (const ref of refs) newParent.set(ref.$ref, picture.parent!);
    followers.set(picture.self_ref, refs);
  }
  const withChildrenAfterPictures = (children: readonly RefItem[]): RefItem[] =>
    children.flatMap((child) => [child, ...(followers.get(child.$ref) ?? [])]);
  const relocate = <Item extends NodeItem>(item: Item): Item => {
    const parent = newParent.get(item.self_ref);
    const holdsMovedPicture = item.children.some((child) => followers.has(child.$ref));
    const picture = moved.get(item.self_ref);
    if (!parent && !holdsMovedPicture && !picture) return item;
    const children = picture ? item.children.filter((child) => !newParent.has(child.$ref)) : item.children;
    return {
      ...item,
      ...(parent ? { parent } : {}),
      children: holdsMovedPicture ? withChildrenAfterPictures(children) : children,
    };
  };
  return {
    ...doc,
    body: relocate(doc.body),
    furniture: relocate(doc.furniture),
    groups: doc.groups.map(relocate),
    texts: doc.texts.map(relocate),
    tables: doc.tables.map(relocate),
    pictures: doc.pictures.map(relocate),
    key_value_items: doc.key_value_items.map(relocate),
    form_items: doc.form_items.map(relocate),
  };
}
