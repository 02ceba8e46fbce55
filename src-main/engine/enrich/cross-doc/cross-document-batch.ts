import { isStratumError, StratumError, type StratumErrorCode } from '../../../../src-shared/errors';
import { isCancelledError } from '../../cancellation';
import { readEnvironmentLimits } from '../../environment-limits';
import type { EmbeddingSession } from '../../llm/embeddings';
import {
  mergeRelations,
  relateByBm25,
  relateByVectors,
  relationKey,
  type BatchDocument,
  type CrossDocumentReference,
} from './related-chunks';
import type { CrossDocOptions } from './cross-doc-options';

/**
 * What the `cross-doc` step of one document is given by its batch: each chunk's related chunks of
 * the other documents, and, to explain them, those chunks' texts; or why the batch was not related.
 */
export type CrossDocumentInput =
  | {
      /** By chunk id, best first. */
      related: Record<string, CrossDocumentReference[]>;
      /** By `<doc_id>\u0000<chunk_id>`: the text of each related chunk, with `explain` only. */
      texts?: Record<string, string>;
      documents: number;
      chunks: number;
      methods: string[];
    }
  | { problem: string; code: StratumErrorCode };

/**
 * The most chunks a batch's documents may have together for `cross-doc` to relate them: BM25 holds
 * every chunk's words, and vectors are compared pair by pair (10,000 chunks: 10⁸ pairs, about a
 * minute at 768 dimensions).
 */
export const CROSS_DOC_CHUNK_LIMIT = { variable: 'STRATUM_MAX_CROSS_DOC_CHUNKS', defaultValue: 10_000, scale: 1 };

export function crossDocChunkLimit(env: Readonly<Record<string, string | undefined>> = process.env): number {
  return readEnvironmentLimits({ chunks: CROSS_DOC_CHUNK_LIMIT }, env).chunks;
}

/**
 * The batch phase of `cross-doc`: every document's chunks together, related by BM25 and, with an
 * embedding session, by their vectors; then each document's share, in the documents' order. A
 * batch past the chunk limit gets the problem instead, for each document's step to report.
 */
export async function relateBatch(
  documents: readonly BatchDocument[],
  options: CrossDocOptions,
  embeddings: EmbeddingSession | undefined,
  { signal, maxChunks = crossDocChunkLimit() }: { signal?: AbortSignal; maxChunks?: number } = {},
): Promise<CrossDocumentInput[]> {
  // a chunk without words has nothing to relate by, and an embeddings endpoint refuses an empty text
  const related = documents.map((document) => ({ ...document, chunks: document.chunks.filter((chunk) => chunk.text.trim() !== '') }));
  const chunkCount = related.reduce((sum, document) => sum + document.chunks.length, 0);
  if (chunkCount > maxChunks) {
    const problem =
      `the batch has ${chunkCount.toLocaleString('en-US')} chunks to relate (the limit is ${maxChunks.toLocaleString('en-US')} chunks; ` +
      `set ${CROSS_DOC_CHUNK_LIMIT.variable} to raise it)`;
    return documents.map(() => ({ problem, code: 'too-large' as const }));
  }
  const useDense = options.method !== 'bm25' && embeddings !== undefined;
  if (options.method === 'dense' && !embeddings) {
    throw new StratumError('invalid-config', 'enrich.cross-doc: method dense needs an embedding: block in the pipeline config');
  }
  const parts = options.method === 'dense' ? [] : [await relateByBm25(related, options, signal)];
  if (useDense) {
    let vectors: Float32Array[];
    try {
      vectors = await embeddings.embed(
        related.flatMap((document) => document.chunks.map((chunk) => chunk.text)),
        signal,
      );
    } catch (error) {
      // each document's step reports it (and fails its file unless the pipeline goes on)
      if (isCancelledError(error) || !isStratumError(error)) throw error;
      return documents.map(() => ({ problem: `embedding the batch failed: ${error.message}`, code: error.code }));
    }
    let next = 0;
    const byDocument = related.map((document) => document.chunks.map(() => vectors[next++]!));
    parts.push(await relateByVectors(related, byDocument, options, signal));
  }
  const relations = mergeRelations(parts);
  const texts = options.explain ? textsByKey(related) : undefined;
  const methods = [...(options.method === 'dense' ? [] : ['bm25']), ...(useDense ? ['dense'] : [])];
  return relations.map((chunks) => {
    const share = Object.fromEntries(chunks);
    return {
      related: share,
      ...(texts ? { texts: textsOf(share, texts) } : {}),
      documents: documents.length,
      chunks: chunkCount,
      methods,
    };
  });
}

function textsByKey(documents: readonly BatchDocument[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const document of documents) for (const chunk of document.chunks) texts.set(relationKey(document.docId, chunk.id), chunk.text);
  return texts;
}

/** The texts of the chunks a document's chunks are related to, and of no others. */
function textsOf(related: Record<string, CrossDocumentReference[]>, texts: ReadonlyMap<string, string>): Record<string, string> {
  const share: Record<string, string> = {};
  for (const references of Object.values(related)) {
    for (const { doc_id, chunk_id } of references) {
      const key = relationKey(doc_id, chunk_id);
      share[key] = texts.get(key)!;
    }
  }
  return share;
}
