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
interface Postings {
  positions: Int32Array;
  counts: Int32Array;
  /** Each posting's share of a chunk's score: the term's inverse frequency times its saturated count there. */
  weights: Float64Array;
}

/**
 * Okapi BM25 over chunks: an inverted index of their terms, with Lucene's non-negative inverse
 * frequency ln(1 + (N − n + 0.5) / (n + 0.5)). Cross-document relations and retrieval share it; each
 * decides which terms it indexes and how a text becomes terms. A term's weight in each chunk is
 * computed once, when the index is built, so a query only adds weights.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Postings>();
  private readonly lengths: number[];
  private readonly meanLength: number;
  private readonly parameters: Bm25Parameters;
  /** Scores of one query by position, reused: zeroed again for the positions it touched. */
  private readonly scratch: Float64Array;

  constructor(chunks: readonly IndexedTerms[], options: Bm25IndexOptions = {}) {
    this.parameters = options.parameters ?? DEFAULT_BM25_PARAMETERS;
    this.lengths = chunks.map((chunk) => chunk.wordCount);
    this.meanLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(chunks.length, 1) || 1;
    this.scratch = new Float64Array(chunks.length);
    const gathered = new Map<string, { positions: number[]; counts: number[] }>();
    for (const [position, { counts }] of chunks.entries()) {
      for (const [term, count] of counts) {
        if (options.indexes && !options.indexes(term)) continue;
        let list = gathered.get(term);
        if (!list) gathered.set(term, (list = { positions: [], counts: [] }));
        list.positions.push(position);
        list.counts.push(count);
      }
    }
    for (const [term, list] of gathered) {
      const idf = this.idfOf(list.positions.length);
      const weights = Float64Array.from(list.positions, (position, index) => idf * this.saturated(list.counts[index]!, position));
      this.postings.set(term, { positions: Int32Array.from(list.positions), counts: Int32Array.from(list.counts), weights });
    }
  }

  get size(): number {
    return this.lengths.length;
  }

  inverseFrequency(term: string): number {
    return this.idfOf(this.postings.get(term)?.positions.length ?? 0);
  }

  /**
   * The query's terms (each counted once, however often the query repeats it) scored against every
   * chunk that holds one of them, for the chunks `accept` lets through (all by default). Unordered.
   */
  search(terms: readonly string[], accept?: (position: number) => boolean): Bm25Hit[] {
    const touched = this.accumulate(terms);
    const hits: Bm25Hit[] = [];
    for (const position of touched) {
      if (!accept || accept(position)) hits.push({ position, score: this.scratch[position]! });
      this.scratch[position] = 0;
    }
    return hits;
  }

  /** The `depth` best chunks for the query, best first; equal scores by position (chunk order). */
  top(terms: readonly string[], depth: number): Bm25Hit[] {
    const best: Bm25Hit[] = [];
    for (const position of this.accumulate(terms)) {
      const score = this.scratch[position]!;
      this.scratch[position] = 0;
      if (depth <= 0) continue;
      if (best.length === depth && !ranksBefore(score, position, best[depth - 1]!)) continue;
      // insertion into the short sorted list: depth is a handful, the touched chunks thousands
      let at = Math.min(best.length, depth - 1);
      if (best.length === depth) best.pop();
      while (at > 0 && ranksBefore(score, position, best[at - 1]!)) at--;
      best.splice(at, 0, { position, score });
    }
    return best;
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

  /** Adds each distinct term's weights into `scratch`; returns the positions touched, each once. */
  private accumulate(terms: readonly string[]): number[] {
    const touched: number[] = [];
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const { positions, weights } = list;
      for (let i = 0; i < positions.length; i++) {
        const position = positions[i]!;
        if (this.scratch[position] === 0) touched.push(position);
        this.scratch[position]! += weights[i]!;
      }
    }
    return touched;
  }

  private idfOf(chunksWithTerm: number): number {
    return Math.log(1 + (this.size - chunksWithTerm + 0.5) / (chunksWithTerm + 0.5));
  }

  private saturated(count: number, position: number): number {
    const { k1, b } = this.parameters;
    const norm = 1 - b + (b * this.lengths[position]!) / this.meanLength;
    return (count * (k1 + 1)) / (count + k1 * norm);
  }
}

function ranksBefore(score: number, position: number, other: Bm25Hit): boolean {
  return score > other.score || (score === other.score && position < other.position);
}
