/**
 * Term-frequency saturation: a term's fifth occurrence in a chunk adds little over its second. 1.2 is
 * the usual value (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond";
 * Lucene's and Elasticsearch's default).
 */
export const BM25_K1 = 1.2;
/** Length normalisation: 0.75 of a term's weight is scaled by the chunk's length against the mean (the same sources' default). */
export const BM25_B = 0.75;

export interface Bm25Parameters {
  k1: number;
  b: number;
}

export const DEFAULT_BM25_PARAMETERS: Bm25Parameters = { k1: BM25_K1, b: BM25_B };

/** What the index reads of a chunk: how often each of its terms occurs, and how many terms it has (its length). */
export interface IndexedTerms {
  counts: ReadonlyMap<string, number>;
  wordCount: number;
}

export interface Bm25IndexOptions {
  parameters?: Bm25Parameters;
  /** Which terms get postings (all by default); a term left out never scores, though it still counts in a chunk's length. */
  indexes?: (term: string) => boolean;
}

/** A scored chunk of the index, by its position in it. */
export interface Bm25Hit {
  position: number;
  score: number;
}

/**
 * Okapi BM25 over chunks: an inverted index of their terms, with Lucene's non-negative inverse
 * frequency ln(1 + (N − n + 0.5) / (n + 0.5)). Cross-document relations and retrieval share it; each
 * decides which terms it indexes and how a text becomes terms.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Array<{ position: number; count: number }>>();
  private readonly lengths: number[];
  private readonly meanLength: number;
  private readonly parameters: Bm25Parameters;

  constructor(chunks: readonly IndexedTerms[], options: Bm25IndexOptions = {}) {
    this.parameters = options.parameters ?? DEFAULT_BM25_PARAMETERS;
    this.lengths = chunks.map((chunk) => chunk.wordCount);
    this.meanLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(chunks.length, 1) || 1;
    for (const [position, { counts }] of chunks.entries()) {
      for (const [term, count] of counts) {
        if (options.indexes && !options.indexes(term)) continue;
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

  /**
   * The query's terms (each counted once, however often the query repeats it) scored against every
   * chunk that holds one of them, for the chunks `accept` lets through (all by default). Unordered.
   */
  search(terms: readonly string[], accept?: (position: number) => boolean): Bm25Hit[] {
    const scores = new Map<number, number>();
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.inverseFrequency(term);
      for (const { position, count } of list) {
        if (accept && !accept(position)) continue;
        scores.set(position, (scores.get(position) ?? 0) + idf * this.saturated(count, position));
      }
    }
    return [...scores].map(([position, score]) => ({ position, score }));
  }

  /** The score of the chunk at `position` (whose counts are `chunk`) against the query: a query run on its own chunk gives its scale. */
  scoreOf(terms: readonly string[], chunk: IndexedTerms, position: number): number {
    let score = 0;
    for (const term of new Set(terms)) {
      const count = chunk.counts.get(term);
      if (count) score += this.inverseFrequency(term) * this.saturated(count, position);
    }
    return score;
  }

  private saturated(count: number, position: number): number {
    const { k1, b } = this.parameters;
    const norm = 1 - b + (b * this.lengths[position]!) / this.meanLength;
    return (count * (k1 + 1)) / (count + k1 * norm);
  }
}
