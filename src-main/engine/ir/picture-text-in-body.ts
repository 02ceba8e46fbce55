import { oncePerDocument } from './once-per-document';
import type { DoclingDocument, GroupItem, NodeItem, PictureItem, RefItem } from './types';

/**
 * The document with the text inside its pictures (a diagram's labels, a chart's axis names and
 * values, the lines of a framed figure) brought out into the flow, where chunkers read: each
 * picture's text items other than its captions follow the picture as one inline group under the
 * picture's parent, so a chunker takes a figure's labels together, as one run of text, not as an
 * item each. Docling's chunkers skip a picture's children (`traverse_pictures=false`), so a
 * drawing-heavy manual would lose every word its figures carry. The items keep their `self_ref`, so
 * chunks name the items of the parsed document; the groups are new and live in this copy only. The
 * document itself is kept as it is: parsed documents are cached and shared between configs.
 */
export const withPictureTextInBody = oncePerDocument(pictureTextInBody);

function pictureTextInBody(doc: DoclingDocument): DoclingDocument {
  const groups: GroupItem[] = [];
  const groupAfter = new Map<string, RefItem>();
  const groupOf = new Map<string, RefItem>();
  const movedFrom = new Map<string, Set<string>>();
  for (const picture of doc.pictures) {
    const labels = labelRefs(picture);
    if (labels.length === 0 || !picture.parent) continue;
    const group: GroupItem = {
      self_ref: `#/groups/${doc.groups.length + groups.length}`,
      parent: picture.parent,
      children: labels,
      content_layer: picture.content_layer,
      name: 'picture-text',
      label: 'inline',
    };
    groups.push(group);
    groupAfter.set(picture.self_ref, { $ref: group.self_ref });
    for (const label of labels) groupOf.set(label.$ref, { $ref: group.self_ref });
    movedFrom.set(picture.self_ref, new Set(labels.map((label) => label.$ref)));
  }
  if (groups.length === 0) return doc;

  const relocate = <Item extends NodeItem>(item: Item): Item => {
    const group = groupOf.get(item.self_ref);
    const moved = movedFrom.get(item.self_ref);
    const holdsPicture = item.children.some((child) => groupAfter.has(child.$ref));
    if (!group && !moved && !holdsPicture) return item;
    let children = moved ? item.children.filter((child) => !moved.has(child.$ref)) : item.children;
    if (holdsPicture) children = children.flatMap((child) => [child, ...(groupAfter.has(child.$ref) ? [groupAfter.get(child.$ref)!] : [])]);
    return { ...item, ...(group ? { parent: group } : {}), children };
  };
  return {
    ...doc,
    body: relocate(doc.body),
    furniture: relocate(doc.furniture),
    groups: [...doc.groups.map(relocate), ...groups],
    texts: doc.texts.map(relocate),
    tables: doc.tables.map(relocate),
    pictures: doc.pictures.map(relocate),
    key_value_items: doc.key_value_items.map(relocate),
    form_items: doc.form_items.map(relocate),
  };
}

/** A picture's text items that are not its captions: its labels. */
function labelRefs(picture: PictureItem): RefItem[] {
  const captions = new Set((picture.captions ?? []).map((caption) => caption.$ref));
  return picture.children.filter((child) => child.$ref.startsWith('#/texts/') && !captions.has(child.$ref));
}
