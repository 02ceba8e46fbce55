import { describe, expect, it } from 'vitest';
import type { ChunkEnrichmentSummary, ChunkSummary, EnrichmentView } from '../../src-shared/api';
import { chunkEnrichmentDifferencesOf, enrichmentDeltasOf } from './enrichment-deltas';

const chunk = (index: number, startNeedle: string): ChunkSummary => ({
  id: `id${index}`,
  index,
  tokenCount: 10,
  docItems: [`#/texts/${index}`],
  pageStart: null,
  pageEnd: null,
  bboxes: [],
  headingOnly: false,
  startNeedle,
});
const summary = (keywords: string[], piiCount = 0, found = 0, resolved = 0): ChunkEnrichmentSummary => ({
  keywords,
  topic: null,
  piiCount,
  references: { found, resolved },
});
const view = (chunks: ChunkEnrichmentSummary[], steps = 1): EnrichmentView => ({
  steps: Array.from({ length: steps }, (_, i) => ({
    name: `s${i}`,
    version: '1',
    status: 'done',
    milliseconds: 1,
    cacheHits: 0,
    cacheMisses: 1,
  })),
  llm: null,
  elapsedMs: 1,
  document: [],
  chunks,
  piiValues: [],
});

describe('enrichment deltas of a comparison', () => {
  it('counts what each side found, leaving out results neither side has', () => {
    const rows = enrichmentDeltasOf(view([summary(['a', 'b'], 2), summary(['b'])], 2), view([summary(['c'], 0, 3, 2)]));
    expect(Object.fromEntries(rows.map((row) => [row.name, [row.a, row.b, row.delta]]))).toEqual({
      steps: [2, 1, -1],
      'chunks with keywords': [2, 1, -1],
      'distinct keywords': [2, 1, -1],
      'personal data': [2, 0, -2],
      'chunks with personal data': [1, 0, -1],
      references: [0, 3, 3],
      'references resolved': [0, 2, 2],
    });
    expect(enrichmentDeltasOf(null, null)).toEqual([{ name: 'steps', a: 0, b: 0, delta: 0 }]);
  });

  it('pairs the chunks both runs have by their items, start and size, and lists those enriched differently', () => {
    const runA = { chunks: [chunk(0, 'alpha'), chunk(1, 'beta'), chunk(2, 'gamma')] };
    // B lost A's first chunk and shifted the others by one
    const runB = {
      chunks: [
        { ...chunk(1, 'beta'), index: 0 },
        { ...chunk(2, 'gamma'), index: 1 },
      ],
    };
    const differences = chunkEnrichmentDifferencesOf(
      runA,
      view([summary(['x']), summary(['y'], 1), summary(['z'])]),
      runB,
      view([summary(['y']), summary(['z'])]),
    );
    expect(differences).toEqual([{ indexA: 1, indexB: 0, changes: ['personal data: 1 → 0'] }]);
    const onlyB = chunkEnrichmentDifferencesOf(runA, null, runB, view([summary([]), summary(['z'])]));
    expect(onlyB[0]!.changes).toEqual(['keywords: – → z']);
  });
});
