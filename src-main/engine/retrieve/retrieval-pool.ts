import type { Chunk } from '../../../src-shared/chunk';
import type { PooledChunkInfo, RetrievalHit, RetrievalText } from '../../../src-shared/retrieval';

/** One document's chunks under one configuration; `corpusId` names the document (its file name without extension). */
export interface PoolDocument {
  corpusId: string;
  chunks: readonly Chunk[];
}

export interface PooledChunk {
  position: number;
  corpusId: string;
  /** Position of the chunk's document among the pool's documents. */
  document: number;
  chunk: Chunk;
}

/**
 * The chunks retrieval searches: every chunk of one document or a folder under one configuration, in
 * one pool (as chunkeval pools all its corpora: a question may retrieve a chunk of another document).
 */
export class RetrievalPool {
  readonly entries: readonly PooledChunk[];
  private readonly byChunkId = new Map<string, number>();

  constructor(readonly documents: readonly PoolDocument[]) {
    const entries: PooledChunk[] = [];
    for (const [document, { corpusId, chunks }] of documents.entries()) {
      for (const chunk of chunks) {
        this.byChunkId.set(chunkKey(document, chunk.id), entries.length);
        entries.push({ position: entries.length, corpusId, document, chunk });
      }
    }
    this.entries = entries;
  }

  get size(): number {
    return this.entries.length;
  }

  /** The position of a chunk of the same document as the chunk at `position`, by its id. */
  positionInDocument(position: number, chunkId: string): number | undefined {
    return this.byChunkId.get(chunkKey(this.entries[position]!.document, chunkId));
  }

  info(position: number): PooledChunkInfo {
    const { corpusId, chunk } = this.entries[position]!;
    return {
      position,
      corpusId,
      chunkId: chunk.id,
      chunkIndex: chunk.index,
      sourceChars: sourceCharsOf(chunk),
      tokenCount: chunk.tokenCount,
    };
  }
}

function chunkKey(document: number, chunkId: string): string {
  return `${document}\u0000${chunkId}`;
}

export function sourceCharsOf(chunk: Chunk): number {
  return chunk.sourceSpans.reduce((sum, [start, end]) => sum + end - start, 0);
}

/**
 * The text a chunk is searched by: its own text, or what it is embedded with (its contextualized
 * text), preceded by the situating context of the `context` enrichment when it has one: contextual
 * retrieval, to show what it buys.
 */
export function searchTextOf(chunk: Chunk, mode: RetrievalText): string {
  if (mode === 'text') return chunk.text;
  const context = chunk.enrichments['context'];
  const situating = typeof context === 'object' && context !== null && 'text' in context ? context.text : undefined;
  if (typeof situating !== 'string' || situating === '' || chunk.contextualizedText.startsWith(situating)) return chunk.contextualizedText;
  return `${situating}\n\n${chunk.contextualizedText}`;
}

/** A ranked pool position as a hit: rank from 1, with the chunk's id and document. */
export function hitOf(pool: RetrievalPool, position: number, index: number, score: number): RetrievalHit {
  const { chunk, corpusId } = pool.entries[position]!;
  return { position, chunkId: chunk.id, corpusId, rank: index + 1, score };
}
