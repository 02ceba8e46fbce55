import type { ChunkSummary } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { chunkStartNeedle } from '../../src-shared/chunk-start';

/** What the chunk views draw of a chunk (src-shared/api.ts `chunkSummarySchema`). */
export function summarizeChunk({ id, index, tokenCount, docItems, pageStart, pageEnd, bboxes, headingOnly, text }: Chunk): ChunkSummary {
  return { id, index, tokenCount, docItems, pageStart, pageEnd, bboxes, headingOnly, startNeedle: chunkStartNeedle(text) };
}
