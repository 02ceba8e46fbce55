import type { TermCounts } from '../terms/term-statistics';
import { isContentWord } from '../terms/words';

/**
 * Term-frequency saturation: a term's fifth occurrence in a chunk adds little over its second. 1.2 is
 * the usual value (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond";
 * Lucene's and Elasticsearch's default).
 */
export const BM25_K1 = 1.2;
/** Length normalisation: 0.75 of a term's weight is scaled by the chunk's length against the mean (the same sources' default). */
export const BM25_B = 0.75;

/** A scored chunk of the index, by its position in it. */
export interface Bm25Hit {
  position: number;
  score: number;
}

/**
 * Okapi BM25 over chunks: an inverted index of the content words of each (stop words need no list,
 * their inverse chunk frequency is near zero), with Lucene's non-negative inverse frequency
 * ln(1 + (N − n + 0.5) / (n + 0.5)).
 */
export class Bm25Index {
  private readonly postings = new Map<string, Array<{ position: number; count: number }>>();
  private readonly lengths: number[];
  private readonly meanLength: number;

  constructor(chunks: readonly TermCounts[]) {
    this.lengths = chunks.map((chunk) => chunk.wordCount);
    this.meanLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(chunks.length, 1) || 1;
    for (const [position, { counts }] of chunks.entries()) {
      for (const [term, count] of counts) {
        if (!isContentWord(term)) continue;
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ position, count });
      }
    }
  }

  get size(): number {
    return this.lengths.length;
  }

  inverseFrequency(term: string): number {
    const n = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
  }

  /** The query's distinct terms scored against every chunk that holds one of them, for the chunks `accept` lets through. */
  search(terms: readonly string[], accept: (position: number) => boolean): Bm25Hit[] {
    const scores = new Map<number, number>();
    for (const term of terms) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.inverseFrequency(term);
      for (const { position, count } of list) {
        if (!accept(position)) continue;
        scores.set(position, (scores.get(position) ?? 0) + idf * this.saturated(count, position));
      }
    }
    return [...scores].map(([position, score]) => ({ position, score }));
  }

  /** The score of the chunk at `position` (whose counts are `chunk`) against the query: a query run on its own chunk gives its scale. */
  scoreOf(terms: readonly string[], chunk: TermCounts, position: number): number {
    let score = 0;
    for (const term of terms) {
      const count = chunk.counts.get(term);
      if (count) score += this.inverseFrequency(term) * this.saturated(count, position);
    }
    return score;
  }

  private saturated(count: number, position: number): number {
    const norm = 1 - BM25_B + (BM25_B * this.lengths[position]!) / this.meanLength;
    return (count * (BM25_K1 + 1)) / (count + BM25_K1 * norm);
  }
}
