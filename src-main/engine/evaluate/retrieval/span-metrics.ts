import type { SpanMetrics } from '../../../../src-shared/retrieval';
import { intersection, lengthOf, meets, subtract, union, type SourceInterval } from './source-intervals';

/** A chunk as the metrics see it: its corpus and the source it names. */
export interface ScoredChunk {
  corpusId: string;
  intervals: readonly SourceInterval[];
}

/** The reference characters the chunks cover (a union) and those they leave uncovered. */
function coverage(references: readonly SourceInterval[], chunks: readonly ScoredChunk[]) {
  const common: SourceInterval[] = [];
  for (const chunk of chunks) {
    for (const piece of chunk.intervals) {
      for (const reference of references) {
        const shared = intersection(piece, reference);
        if (shared) common.push(shared);
      }
    }
  }
  const covered = union(common);
  return { covered, uncovered: subtract(references, covered) };
}

/**
 * Recall, precision and IoU of one question's retrieved chunks, exactly as chunkeval defines them
 * (../shared/chunkeval/README.md §4): only chunks of the question's corpus cover references; the
 * precision and IoU denominators sum every retrieved chunk's length (overlaps twice, chunks of other
 * corpora in full), and IoU adds the reference characters left uncovered.
 */
export function retrievalSpanMetrics(
  corpusId: string,
  references: readonly SourceInterval[],
  retrieved: readonly ScoredChunk[],
): Omit<SpanMetrics, 'precisionOmega'> {
  const { covered, uncovered } = coverage(
    references,
    retrieved.filter((chunk) => chunk.corpusId === corpusId),
  );
  const found = lengthOf(covered);
  const read = retrieved.reduce((sum, chunk) => sum + lengthOf(chunk.intervals), 0);
  const referenceLength = lengthOf(references);
  return {
    recall: referenceLength === 0 ? 0 : found / referenceLength,
    precision: read === 0 ? 0 : found / read,
    iou: read + lengthOf(uncovered) === 0 ? 0 : found / (read + lengthOf(uncovered)),
  };
}

/**
 * Precision-Ω: the precision of perfect retrieval. Every chunk of the question's corpus that
 * intersects or touches a reference is "retrieved"; the denominator is the union of those chunks
 * and of the reference characters no chunk names. It measures the chunking alone, not the retriever.
 */
export function precisionOmega(references: readonly SourceInterval[], corpusChunks: readonly ScoredChunk[]): number {
  const hitting = corpusChunks.filter((chunk) => meets(chunk.intervals, references));
  const { covered, uncovered } = coverage(references, hitting);
  const denominator = lengthOf(union([...hitting.flatMap((chunk) => chunk.intervals), ...uncovered]));
  return denominator === 0 ? 0 : lengthOf(covered) / denominator;
}
