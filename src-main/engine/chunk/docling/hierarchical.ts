import { isGroup } from '../../ir/resolve';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, GroupItem, TextItem } from '../../ir/types';
import type { DocChunk } from './doc-chunk';
import type { ChunkingSerializer } from './serializer/doc-serializer';
import { originsOf } from './serializer/serialization-result';

/**
 * docling-core's HierarchicalChunker: one chunk per top-level serialized node (a list
 * group is one chunk), under the heading path in effect; headings themselves print nothing.
 */
export function* hierarchicalChunks(
  doc: DoclingDocument,
  serializer: ChunkingSerializer,
  alwaysEmitHeadings: boolean,
): Generator<DocChunk> {
  const headingByLevel = new Map<number, TextItem>();
  /** headingByLevel's headings by level, kept in step with it (read for every chunk, changed only at headings). */
  let headingPath: TextItem[] = [];
  const visited = new Set<string>();
  const emittedLeaves = new Set<string>();
  const leaf = () => headingPath[headingPath.length - 1];
  const headingOnlyChunk = (): DocChunk => ({
    text: '',
    docItems: [...headingPath],
    headings: headingPath.map((h) => h.text),
    headingRefs: headingPath.map((h) => h.self_ref),
    headingOnly: true,
    origins: [],
  });

  for (const { item } of iterateItems(doc, { withGroups: true })) {
    if (serializer.isExcluded(item.self_ref)) continue;
    if (
      !isGroup(item) &&
      item.self_ref.startsWith('#/texts/') &&
      ((item as TextItem).label === 'title' || (item as TextItem).label === 'section_header')
    ) {
      const heading = item as TextItem;
      const level = heading.label === 'title' ? 0 : (heading.level ?? 1);
      const toDelete = [...headingByLevel.keys()].filter((k) => k >= level);
      const current = leaf();
      if (alwaysEmitHeadings && toDelete.length > 0 && current && !emittedLeaves.has(current.self_ref)) {
        yield headingOnlyChunk();
        emittedLeaves.add(current.self_ref);
      }
      for (const k of toDelete) headingByLevel.delete(k);
      headingByLevel.set(level, heading);
      headingPath = [...headingByLevel.entries()].sort((a, b) => a[0] - b[0]).map(([, h]) => h);
      continue;
    }
    if (isGroup(item) && !['list', 'ordered_list', 'inline'].includes((item as GroupItem).label)) continue;
    if (visited.has(item.self_ref)) continue;
    const result = serializer.serialize(item, { visited });
    if (!result.text || result.spans.length === 0) continue;
    const headings = headingPath.map((h) => h.text);
    yield {
      text: result.text,
      docItems: result.spans,
      headings: headings.length > 0 ? headings : null,
      headingRefs: headings.length > 0 ? headingPath.map((h) => h.self_ref) : null,
      headingOnly: false,
      origins: originsOf(result),
    };
    const current = leaf();
    if (alwaysEmitHeadings && current) emittedLeaves.add(current.self_ref);
  }
  const current = leaf();
  if (alwaysEmitHeadings && current && !emittedLeaves.has(current.self_ref)) yield headingOnlyChunk();
}
