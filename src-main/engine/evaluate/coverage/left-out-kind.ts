import type { LeftOutKind } from '../../../../src-shared/evaluation';
import { resolveRef } from '../../ir/resolve';
import type { DoclingDocument, NodeItem } from '../../ir/types';

/** What text of an item is, for coverage: furniture, text inside a picture, or body text. */
export interface TextKind {
  kind: LeftOutKind;
  /** the picture the item lies in (kind `picture`) */
  picture: string | null;
}

const BODY: TextKind = { kind: 'body', picture: null };
const FURNITURE: TextKind = { kind: 'furniture', picture: null };

/**
 * The kind of each item's text, memoized along the parent chain: an item in a layer other than
 * the body (or under one) is furniture; one below a picture is the picture's text, unless it is
 * one of the picture's captions or footnotes, which chunkers read as body text.
 */
export function textKinds(doc: DoclingDocument): (item: NodeItem) => TextKind {
  const known = new Map<string, TextKind>();
  const kindOf = (item: NodeItem, depth: number): TextKind => {
    const cached = known.get(item.self_ref);
    if (cached) return cached;
    let kind: TextKind;
    if ((item.content_layer ?? 'body') !== 'body') kind = FURNITURE;
    else {
      const parent = item.parent ? resolveRef(doc, item.parent) : undefined;
      // The depth bound keeps a parent cycle in a hostile DoclingDocument finite.
      const inherited = parent && parent !== item && depth < MAX_DEPTH ? kindOf(parent, depth + 1) : BODY;
      kind = inherited.kind === 'body' && parent && isPicture(parent) && !attachedTo(parent, item) ? pictureKind(parent) : inherited;
    }
    known.set(item.self_ref, kind);
    return kind;
  };
  return (item) => kindOf(item, 0);
}

const MAX_DEPTH = 1_000;

function isPicture(item: NodeItem): boolean {
  return item.self_ref.startsWith('#/pictures/');
}

function pictureKind(picture: NodeItem): TextKind {
  return { kind: 'picture', picture: picture.self_ref };
}

/** A caption or footnote of a floating item is its own body text, though it sits below the item. */
function attachedTo(owner: NodeItem, item: NodeItem): boolean {
  const refs = [...('captions' in owner ? (owner.captions ?? []) : []), ...('footnotes' in owner ? (owner.footnotes ?? []) : [])];
  return refs.some((ref) => ref.$ref === item.self_ref);
}
