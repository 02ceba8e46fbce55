import type { DoclingDocument } from '../ir/types';
import { StratumError } from '../../../src-shared/errors';
import { inputLimits, tooDeeplyNested, type InputLimits } from './limits';

/**
 * Items may nest this many times `maxNestingDepth`: a level of a list is a group and an item, a
 * table in a table a group for its cell, and headings add a few levels of sections.
 */
const ITEMS_PER_LEVEL = 3;

interface NodeRef {
  self_ref: string;
  children?: ReadonlyArray<{ $ref: string }>;
}

/**
 * Checks the item tree a parser produced (a DoclingDocument JSON file states it outright) before
 * anything walks it: items nested deeper than three times `maxNestingDepth` are too deeply nested
 * (the chunkers and serializers follow the tree), and an item listed as a child twice makes the
 * tree a graph with cycles, a `corrupt-file` error. One walk without recursion.
 */
export function checkItemNesting(doc: DoclingDocument, fileName: string, limits: InputLimits = inputLimits()): void {
  const maxDepth = limits.maxNestingDepth * ITEMS_PER_LEVEL;
  const items = new Map<string, NodeRef>();
  for (const list of [doc.groups, doc.texts, doc.tables, doc.pictures, doc.key_value_items, doc.form_items] as ReadonlyArray<
    readonly NodeRef[]
  >) {
    for (const item of list) items.set(item.self_ref, item);
  }
  // The roots count as seen: a reference back to the body or the furniture closes a cycle too.
  items.set(doc.body.self_ref, doc.body);
  items.set(doc.furniture.self_ref, doc.furniture);
  const seen = new Set<string>([doc.body.self_ref, doc.furniture.self_ref]);
  const pending: Array<{ node: NodeRef; depth: number }> = [
    { node: doc.body, depth: 0 },
    { node: doc.furniture, depth: 0 },
  ];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    for (const { $ref } of node.children ?? []) {
      const child = items.get($ref);
      if (!child) continue;
      if (seen.has($ref))
        throw new StratumError('corrupt-file', `${fileName}: cannot be read, item ${$ref} is the child of more than one item`);
      seen.add($ref);
      if (depth + 1 > maxDepth) {
        throw tooDeeplyNested(
          fileName,
          `item ${$ref}`,
          `more than ${maxDepth.toLocaleString('en-US')} items inside each other`,
          'maxNestingDepth',
          limits,
        );
      }
      pending.push({ node: child, depth: depth + 1 });
    }
  }
}
