import { isContentWord, wordsOf } from './words';

/** How often each word occurs in one text, and how many words it has. */
export interface TermCounts {
  counts: ReadonlyMap<string, number>;
  wordCount: number;
}

export function termCountsOf(text: string): TermCounts {
  const counts = new Map<string, number>();
  const words = wordsOf(text);
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { counts, wordCount: words.length };
}

/**
 * In how many chunks of a batch of documents each content word occurs: the inverse document
 * frequency of key terms measured against the whole batch instead of one document.
 */
export interface BatchTermStatistics {
  chunkCount: number;
  chunkFrequency: Map<string, number>;
}

/** In how many of these chunks each content word occurs. */
export function chunkFrequencyOf(chunks: readonly TermCounts[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const { counts } of chunks) {
    for (const word of counts.keys()) if (isContentWord(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  return frequency;
}

/** Statistics of several documents' chunks together (the CLI's batch), from each one's. */
export function mergeBatchStatistics(parts: readonly BatchTermStatistics[]): BatchTermStatistics {
  const chunkFrequency = new Map<string, number>();
  let chunkCount = 0;
  for (const part of parts) {
    chunkCount += part.chunkCount;
    for (const [word, count] of part.chunkFrequency) chunkFrequency.set(word, (chunkFrequency.get(word) ?? 0) + count);
  }
  return { chunkCount, chunkFrequency };
}
