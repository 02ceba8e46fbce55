import type { IndexedTerms } from './bm25';

/** Maximal runs of Unicode letters and digits. */
const TERM = /[\p{L}\p{N}]+/gu;

/**
 * The terms retrieval indexes and queries by: lower-cased maximal runs of letters and digits, no
 * stemming, no stop words (BM25's inverse frequency already weighs common words near nothing). The
 * reference setting of chunkeval's scores, and a tokenisation any reader can reproduce.
 */
export function retrievalTermsOf(text: string): string[] {
  return text.toLowerCase().match(TERM) ?? [];
}

export function retrievalTermCounts(text: string): IndexedTerms {
  const terms = retrievalTermsOf(text);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, wordCount: terms.length };
}
