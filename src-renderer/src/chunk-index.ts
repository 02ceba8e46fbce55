import type { Chunk } from '../../src-shared/chunk';

/** For each document item, the positions of the chunks that contain it (several when chunks overlap). */
export function chunksByItem(chunks: readonly Chunk[]): Map<string, number[]> {
  const byItem = new Map<string, number[]>();
  chunks.forEach((chunk, position) => {
    for (const ref of new Set(chunk.docItems)) {
      const list = byItem.get(ref);
      if (list) list.push(position);
      else byItem.set(ref, [position]);
    }
  });
  return byItem;
}

/** The tokens-over-limit and heading-only marks a chunk's band carries. */
export function chunkMarks(chunk: Chunk, maxTokens: number): string[] {
  const marks: string[] = [];
  if (chunk.tokenCount > maxTokens) marks.push('over-limit');
  if (chunk.headingOnly) marks.push('heading-only');
  return marks;
}

/** Characters that source text has and an item's plain text may not (Markdown markup), and whitespace. */
const IGNORED = /[\s*_`#>[\]|\\]/u;
const NEEDLE_LENGTH = 24;

/**
 * Where a chunk that starts inside an item begins in the item's text, found by the chunk's first
 * characters; markup and whitespace are ignored on both sides, since a chunk's text may be a slice of
 * the source (with Markdown markup) while the item's text is plain. Undefined when it cannot be found.
 */
export function offsetOfChunkStart(itemText: string, chunkText: string): number | undefined {
  const needle = [...chunkText].filter((c) => !IGNORED.test(c)).slice(0, NEEDLE_LENGTH).join('');
  if (needle.length === 0) return undefined;
  const kept: string[] = [];
  const positions: number[] = [];
  let offset = 0;
  for (const character of itemText) {
    if (!IGNORED.test(character)) {
      kept.push(character);
      positions.push(offset);
    }
    offset += character.length;
  }
  const found = kept.join('').indexOf(needle);
  if (found < 0) return undefined;
  // `found` counts kept code points; turn it back into a UTF-16 offset of the item text
  const keptIndex = [...kept.join('').slice(0, found)].length;
  return positions[keptIndex];
}
