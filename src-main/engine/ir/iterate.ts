import { isGroup, resolveRef } from './resolve';
import type { ContentLayer, DoclingDocument, NodeItem } from './types';

interface IterateOptions {
  /** Yield groups too (the chunkers do). */
  withGroups?: boolean;
  /** Descend into a picture's children (otherwise only its captions are visited). */
  traversePictures?: boolean;
  /** Layers whose nodes are yielded; children of other nodes are still visited. Default: body. */
  layers?: ReadonlySet<ContentLayer>;
  /** Start node; default the body. */
  root?: NodeItem;
  /**
   * Asked of each node below the root once the caller is done with it (after its yield, if yielded):
   * false skips the node's children. Default: every node is descended into.
   */
  descendInto?: (item: NodeItem) => boolean;
}

interface IteratedNode {
  item: NodeItem;
  depth: number;
}

const bodyOnly: ReadonlySet<ContentLayer> = new Set(['body']);

/**
 * Depth-first pre-order walk, as docling-core's `iterate_items`: the layer filter applies per node,
 * not per subtree, and pictures hide their non-caption children unless asked.
 */
export function* iterateItems(doc: DoclingDocument, options: IterateOptions = {}): Generator<IteratedNode> {
  const layers = options.layers ?? bodyOnly;
  const withGroups = options.withGroups ?? false;
  const traversePictures = options.traversePictures ?? false;
  const root = options.root ?? doc.body;
  const stack: IteratedNode[] = [{ item: root, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    const group = isGroup(item);
    if ((withGroups || !group) && layers.has(item.content_layer ?? 'body') && item !== root) {
      yield { item, depth };
    }
    if (options.descendInto && item !== root && !options.descendInto(item)) continue;
    let children = item.children;
    if (!traversePictures && item.self_ref.startsWith('#/pictures/')) {
      const captions = 'captions' in item ? (item.captions ?? []) : [];
      const captionRefs = new Set(captions.map((c) => c.$ref));
      children = children.filter((c) => captionRefs.has(c.$ref));
    }
    for (let i = children.length - 1; i >= 0; i--) {
      const child = resolveRef(doc, children[i]!);
      if (child) stack.push({ item: child, depth: depth + 1 });
    }
  }
}
