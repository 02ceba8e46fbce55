import type { ChunkEnrichmentSummary, ChunkRun, ChunkSummary, EnrichmentView } from '../../src-shared/api';
import type { MetricDelta } from './metric-deltas';

/** A chunk both runs have whose enrichments differ. */
export interface ChunkEnrichmentDifference {
  indexA: number;
  indexB: number;
  /** what differs, as "keywords: x, y → x, z" */
  changes: string[];
}

/**
 * What the enrichments of A and B amount to, side by side: the steps each ran and what they found
 * over the document (a side without steps counts nothing). Only the rows of results some side has.
 */
export function enrichmentDeltasOf(a: EnrichmentView | null, b: EnrichmentView | null): MetricDelta[] {
  const rows: Array<[string, (view: EnrichmentView) => number]> = [
    ['steps', (view) => view.steps.length],
    ['chunks with keywords', (view) => view.chunks.filter((chunk) => chunk.keywords.length > 0).length],
    ['distinct keywords', (view) => new Set(view.chunks.flatMap((chunk) => chunk.keywords)).size],
    ['topics', (view) => new Set(view.chunks.flatMap((chunk) => (chunk.topic ? [chunk.topic.id] : []))).size],
    ['personal data', (view) => sum(view.chunks, (chunk) => chunk.piiCount)],
    ['chunks with personal data', (view) => view.chunks.filter((chunk) => chunk.piiCount > 0).length],
    ['references', (view) => sum(view.chunks, (chunk) => chunk.references.found)],
    ['references resolved', (view) => sum(view.chunks, (chunk) => chunk.references.resolved)],
  ];
  const valueOf = (view: EnrichmentView | null, metric: (view: EnrichmentView) => number) => (view ? metric(view) : 0);
  return rows
    .map(([name, metric]) => {
      const [valueA, valueB] = [valueOf(a, metric), valueOf(b, metric)];
      return { name, a: valueA, b: valueB, delta: valueB - valueA };
    })
    .filter((row, index) => index === 0 || row.a > 0 || row.b > 0);
}

/**
 * The chunks A and B both have whose enrichments differ, in A's order. Ids name a chunk under one
 * config only, so a chunk of A is B's when it holds the same items from the same start at the same size.
 */
export function chunkEnrichmentDifferencesOf(
  runA: Pick<ChunkRun, 'chunks'>,
  a: EnrichmentView | null,
  runB: Pick<ChunkRun, 'chunks'>,
  b: EnrichmentView | null,
): ChunkEnrichmentDifference[] {
  const indexInB = new Map(runB.chunks.map((chunk) => [sameChunkKeyOf(chunk), chunk.index]));
  return runA.chunks.flatMap((chunk) => {
    const indexB = indexInB.get(sameChunkKeyOf(chunk));
    if (indexB === undefined) return [];
    const changes = changesOf(a?.chunks[chunk.index], b?.chunks[indexB]);
    return changes.length === 0 ? [] : [{ indexA: chunk.index, indexB, changes }];
  });
}

function sameChunkKeyOf(chunk: ChunkSummary): string {
  return [chunk.tokenCount, chunk.startNeedle, ...chunk.docItems].join('\u0000');
}

function changesOf(a: ChunkEnrichmentSummary | undefined, b: ChunkEnrichmentSummary | undefined): string[] {
  const changes: string[] = [];
  const differ = (name: string, valueA: string, valueB: string) => valueA !== valueB && changes.push(`${name}: ${valueA} → ${valueB}`);
  differ('keywords', a?.keywords.join(', ') || '–', b?.keywords.join(', ') || '–');
  differ('topic', a?.topic?.label ?? '–', b?.topic?.label ?? '–');
  differ('personal data', String(a?.piiCount ?? 0), String(b?.piiCount ?? 0));
  differ('references', referencesOf(a), referencesOf(b));
  return changes;
}

function referencesOf(summary: ChunkEnrichmentSummary | undefined): string {
  return summary ? `${summary.references.found} (${summary.references.resolved} resolved)` : '0 (0 resolved)';
}

function sum<T>(values: readonly T[], of: (value: T) => number): number {
  return values.reduce((total, value) => total + of(value), 0);
}
