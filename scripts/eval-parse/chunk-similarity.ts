import { wordsOf } from '../../src-main/engine/evaluate/parse-metrics';

export interface ChunkSimilarity {
  /** 1 when both sides cut the same words into the same chunks */
  similarity: number;
  /** chunks with words on each side */
  reference: number;
  candidate: number;
}

export const CHUNK_SIMILARITY_DEFINITION =
  "mean of both directions of the mean best word-set Jaccard of each chunk with the other side's chunks (chunks without words left out)";

/**
 * How alike two chunkings of (possibly differently parsed) documents are. Character offsets do not
 * line up across parses, so chunks are compared by content: each chunk's best word-set Jaccard
 * with any chunk of the other side, averaged per side, and the two sides averaged so that both a
 * missing and a spurious chunk cost.
 */
export function chunkSimilarity(referenceTexts: readonly string[], candidateTexts: readonly string[]): ChunkSimilarity {
  const reference = wordSets(referenceTexts);
  const candidate = wordSets(candidateTexts);
  const counts = { reference: reference.length, candidate: candidate.length };
  if (reference.length === 0 || candidate.length === 0) {
    return { similarity: reference.length === candidate.length ? 1 : 0, ...counts };
  }
  const similarity = (meanBestJaccard(reference, candidate) + meanBestJaccard(candidate, reference)) / 2;
  return { similarity, ...counts };
}

function wordSets(texts: readonly string[]): Array<Set<string>> {
  return texts.map((text) => new Set(wordsOf(text))).filter((words) => words.size > 0);
}

function meanBestJaccard(from: ReadonlyArray<Set<string>>, to: ReadonlyArray<Set<string>>): number {
  let sum = 0;
  for (const words of from) sum += Math.max(...to.map((other) => jaccard(words, other)));
  return sum / from.length;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}
