import type { ChunkSummary } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { chunkStartNeedle } from '../../src-shared/chunk-start';
import type { DoclingDocument } from '../engine/ir/types';
import { chunkExtentsOf } from './chunk-extents';

/** What the chunk views draw of a chunk (src-shared/api.ts `chunkSummarySchema`). */
export function summarizeChunk(doc: DoclingDocument, chunk: Chunk): ChunkSummary {
  const { id, index, tokenCount, docItems, pageStart, pageEnd, bboxes, headingOnly, text } = chunk;
  return {
    id,
    index,
    tokenCount,
    docItems,
    pageStart,
    pageEnd,
    bboxes,
    headingOnly,
    startNeedle: chunkStartNeedle(text),
    extents: chunkExtentsOf(doc, chunk),
  };
}
