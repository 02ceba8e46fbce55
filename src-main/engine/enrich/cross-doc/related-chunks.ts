import { checkpoint } from '../../cancellation';
import { termCountsOf, type TermCounts } from '../terms/term-statistics';
import { isContentWord } from '../terms/words';
import { Bm25Index } from '../../retrieve/bm25';

/** A chunk of a batch's document, as the batch phase holds it: its id and its text (as the steps before `cross-doc` left it). */
export interface BatchChunk {
  id: string;
  text: string;
}

export interface BatchDocument {
  docId: string;
  sourceFile: string;
  chunks: BatchChunk[];
}

export const RELATION_METHODS = ['bm25', 'dense'] as const;
export type RelationMethod = (typeof RELATION_METHODS)[number];

/** One entry of `chunk.enrichments.references.cross_document`. */
export interface CrossDocumentReference {
  doc_id: string;
  source_file: string;
  chunk_id: string;
  score: number;
  method: RelationMethod;
  /** With `explain`: the LLM's note on how the two chunks relate. */
  note?: string;
}

export interface RelationOptions {
  /** Related chunks kept per chunk and method. */
  topK: number;
  /** The least BM25 score kept, as a share of the chunk's score against itself. */
  minScore: number;
  /** The least cosine similarity of two chunks' vectors kept. */
  minSimilarity: number;
}

/**
 * The terms a chunk is searched by: its content words of highest TF-IDF in the batch. A query of a
 * few dozen rare terms finds what the whole chunk would (the others weigh near nothing), and keeps
 * each query's cost to the postings of rare terms.
 */
export const QUERY_TERMS = 32;

/** Related chunks of other documents, by document (in the batch's order), then by chunk id; best first. */
export type BatchRelations = Array<Map<string, CrossDocumentReference[]>>;

/** The key of a chunk of a batch: its document's id and its own. */
export function relationKey(docId: string, chunkId: string): string {
  return `${docId}\u0000${chunkId}`;
}

/** Queries between checks for cancellation. */
const CHECK_EVERY = 256;

/**
 * For each chunk, the `topK` chunks of the other documents BM25 ranks highest for it, at least
 * `minScore` of the chunk's score against itself (about 1 for a copy of it, 0 for nothing shared):
 * a scale that does not depend on the chunk's length or the rarity of its words.
 */
export async function relateByBm25(documents: readonly BatchDocument[], options: RelationOptions, signal?: AbortSignal) {
  const { owners, chunks } = flatten(documents);
  const counts = chunks.map((chunk) => termCountsOf(chunk.text));
  const index = new Bm25Index(counts, { indexes: isContentWord });
  const relations: BatchRelations = documents.map(() => new Map());
  for (const [position, chunk] of chunks.entries()) {
    if (position % CHECK_EVERY === 0) await checkpoint(signal);
    const owner = owners[position]!;
    const terms = queryTerms(counts[position]!, index);
    const scale = index.scoreOf(terms, counts[position]!, position);
    if (scale <= 0) continue;
    const hits = index
      .search(terms, (candidate) => owners[candidate] !== owner)
      .map(({ position: candidate, score }) => ({ candidate, score: score / scale }));
    relations[owner]!.set(chunk.id, best(hits, options.topK, options.minScore, 'bm25', documents, owners, chunks));
  }
  return relations;
}

/**
 * For each chunk, the `topK` chunks of the other documents whose vectors are nearest (cosine
 * similarity of at least `minSimilarity`); `vectors` by document and chunk, as `documents`.
 * Compares every pair: the batch's chunk limit bounds it.
 */
export async function relateByVectors(
  documents: readonly BatchDocument[],
  vectors: ReadonlyArray<readonly Float32Array[]>,
  options: RelationOptions,
  signal?: AbortSignal,
) {
  const { owners, chunks } = flatten(documents);
  const units = vectors.flat().map(unitVector);
  const relations: BatchRelations = documents.map(() => new Map());
  for (const [position, chunk] of chunks.entries()) {
    if (position % CHECK_EVERY === 0) await checkpoint(signal);
    const owner = owners[position]!;
    const own = units[position]!;
    const hits: Array<{ candidate: number; score: number }> = [];
    for (const [candidate, other] of units.entries()) {
      if (owners[candidate] !== owner) hits.push({ candidate, score: dot(own, other) });
    }
    relations[owner]!.set(chunk.id, best(hits, options.topK, options.minSimilarity, 'dense', documents, owners, chunks));
  }
  return relations;
}

/** Both methods' relations of each chunk in one list, best first (a chunk both find is listed once per method). */
export function mergeRelations(parts: readonly BatchRelations[]): BatchRelations {
  const [first, ...rest] = parts;
  if (!first) return [];
  return first.map((chunks, owner) => {
    const merged = new Map<string, CrossDocumentReference[]>();
    for (const part of [first, ...rest]) {
      for (const [chunkId, references] of part[owner]!) merged.set(chunkId, [...(merged.get(chunkId) ?? []), ...references]);
    }
    for (const references of merged.values()) references.sort((a, b) => b.score - a.score);
    return merged;
  });
}

function flatten(documents: readonly BatchDocument[]) {
  const owners: number[] = [];
  const chunks: BatchChunk[] = [];
  for (const [owner, document] of documents.entries()) {
    for (const chunk of document.chunks) {
      owners.push(owner);
      chunks.push(chunk);
    }
  }
  return { owners, chunks };
}

function queryTerms({ counts }: TermCounts, index: Bm25Index): string[] {
  const weighted: Array<{ term: string; weight: number }> = [];
  for (const [term, count] of counts) if (isContentWord(term)) weighted.push({ term, weight: count * index.inverseFrequency(term) });
  weighted.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
  return weighted.slice(0, QUERY_TERMS).map(({ term }) => term);
}

function best(
  hits: Array<{ candidate: number; score: number }>,
  topK: number,
  minimum: number,
  method: RelationMethod,
  documents: readonly BatchDocument[],
  owners: readonly number[],
  chunks: readonly BatchChunk[],
): CrossDocumentReference[] {
  return hits
    .filter((hit) => hit.score >= minimum)
    .sort((a, b) => b.score - a.score || a.candidate - b.candidate)
    .slice(0, topK)
    .map(({ candidate, score }) => {
      const document = documents[owners[candidate]!]!;
      const chunk_id = chunks[candidate]!.id;
      return { doc_id: document.docId, source_file: document.sourceFile, chunk_id, score: Math.round(score * 10_000) / 10_000, method };
    });
}

function unitVector(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  return length === 0 ? vector : vector.map((value) => value / length);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
