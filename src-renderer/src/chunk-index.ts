import type { Chunk } from '../../src-shared/chunk';

/** For each document item, the positions of the chunks that contain it (several when chunks overlap). */
export function chunksByItem(chunks: readonly Pick<Chunk, 'docItems'>[]): Map<string, number[]> {
  const byItem = new Map<string, number[]>();
  chunks.forEach((chunk, position) => {
    for (const ref of chunk.docItems) {
      const list = byItem.get(ref);
      // positions arrive in order: an item a chunk repeats is already at the end of its list
      if (!list) byItem.set(ref, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    }
  });
  return byItem;
}

/**
 * The tokens-over-limit and heading-only marks a chunk's band carries; a parent (of parent-child, layered) is never
 * over the limit: it is not embedded as such.
 */
export function chunkMarks(
  chunk: Pick<Chunk, 'id' | 'tokenCount' | 'headingOnly'>,
  tokenLimit: number,
  parentIds?: ReadonlySet<string>,
): string[] {
  const marks: string[] = [];
  if (chunk.tokenCount > tokenLimit && !parentIds?.has(chunk.id)) marks.push('over-limit');
  if (chunk.headingOnly) marks.push('heading-only');
  return marks;
}
