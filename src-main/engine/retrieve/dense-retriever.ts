import type { EmbeddingSession } from '../llm/embeddings';
import { checkpoint } from '../cancellation';
import { bestRanked, QUERIES_PER_STEP, type RankedPosition, type Retriever } from './retriever';

const NO_VECTOR = new Float32Array(0);

/** Texts handed to the embedding session at a time: progress is reported, and cancellation seen, between them. */
const TEXTS_PER_STEP = 256;

export interface DenseProgress {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Vectors of texts, a step at a time; the session caches each by provider, endpoint, model and text (the content's hash). */
async function embedInSteps(session: EmbeddingSession, texts: readonly string[], { signal, onProgress }: DenseProgress) {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += TEXTS_PER_STEP) {
    await checkpoint(signal);
    onProgress?.(start, texts.length);
    // providers reject an empty input: a blank text is not sent and gets no vector (similarity 0)
    const step = texts.slice(start, start + TEXTS_PER_STEP);
    const sent = step.filter((text) => text.trim() !== '');
    const answered = sent.length === 0 ? [] : await session.embed(sent, signal);
    let next = 0;
    for (const text of step) vectors.push(text.trim() === '' ? NO_VECTOR : unitVector(answered[next++]!));
  }
  onProgress?.(texts.length, texts.length);
  return vectors;
}

/**
 * Dense retrieval: the pool's texts and the queries embedded by the session's model, chunks ranked by
 * cosine similarity (ties by pool position). `prepareDenseRetriever` embeds the pool first, so a
 * provider error or a cancellation stops before any question is searched.
 */
export async function prepareDenseRetriever(
  session: EmbeddingSession,
  texts: readonly string[],
  progress: DenseProgress = {},
): Promise<Retriever> {
  const chunkVectors = await embedInSteps(session, texts, progress);
  return {
    async rank(queries, depth, { signal, onProgress } = {}) {
      const queryVectors = await embedInSteps(session, queries, { signal });
      const ranked: RankedPosition[][] = [];
      for (const [done, query] of queryVectors.entries()) {
        if (done % QUERIES_PER_STEP === 0) {
          await checkpoint(signal);
          onProgress?.(done, queries.length);
        }
        ranked.push(
          bestRanked(
            chunkVectors.map((vector, position) => ({ position, score: dot(query, vector) })),
            depth,
          ),
        );
      }
      onProgress?.(queries.length, queries.length);
      return ranked;
    },
  };
}

function unitVector(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  return length === 0 ? vector : vector.map((value) => value / length);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) sum += a[i]! * b[i]!;
  return sum;
}
