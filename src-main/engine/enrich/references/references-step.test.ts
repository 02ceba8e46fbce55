import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../../src-shared/chunk';
import { EnrichmentCache } from '../enrichment-cache';
import { chunkedTestDocument, enrichWith } from '../enrich.test-support';
import type { IntraDocumentReference } from './references-step';

const referencesOf = (chunk: Chunk) => (chunk.enrichments['references'] as { intra_document: IntraDocumentReference[] }).intra_document;

/** What shows that a chunk holds a target: its caption opening a line, or its heading in the chunk's heading path. */
function holds(chunk: Chunk, reference: IntraDocumentReference): boolean {
  const label = reference.target.replace(/[.]/g, '\\.');
  if (reference.kind === 'table') return new RegExp(`(^|\\n)Table ${label}[.:]`).test(chunk.text);
  if (reference.kind === 'figure') return new RegExp(`(^|\\n)(Figure|Fig\\.) ${label}[.:]`).test(chunk.text);
  return chunk.headingPath.some((heading) => new RegExp(`^${label}\\.? `).test(heading));
}

describe('references step', () => {
  // Two papers as Docling read them (DoclingDocument JSON): sections, tables and figures referred to by number. Chunked
  // as Docling's chunkers chunk them, without the text Docling read inside their figures (pages of other documents shown
  // as examples, whose own "cap. 3" is no reference of the paper's).
  it.each([
    [18, 'corpus/groundtruth/2305.03393v1.json'],
    [33, 'corpus/groundtruth/2206.01062.json'],
  ])('resolves 90 percent or more of the %i references of %s to the chunks that hold their targets', async (expectedCount, path) => {
    const document = await chunkedTestDocument(path, { strategy: 'hybrid', maxTokens: 256, includePictureText: false });
    const run = await enrichWith(document, ['references']);
    const byId = new Map(run.chunks.map((chunk) => [chunk.id, chunk]));
    const references = run.chunks.flatMap((chunk) => referencesOf(chunk).map((reference) => ({ chunk, reference })));
    expect(references.length).toBe(expectedCount);
    const resolved = references.filter(({ reference }) => reference.resolved);
    expect(resolved.length / references.length).toBeGreaterThanOrEqual(0.9);
    for (const { chunk, reference } of references) {
      expect(Array.from(chunk.text).slice(reference.start, reference.end).join('')).toBe(reference.text);
      expect(reference.resolved).toBe(reference.target_chunk_ids.length > 0);
      for (const id of reference.target_chunk_ids) expect(byId.has(id)).toBe(true);
      if (reference.resolved) expect(reference.target_chunk_ids.some((id) => holds(byId.get(id)!, reference))).toBe(true);
    }
    const entry = run.documentEnrichments[0]!;
    expect(entry).toMatchObject({ name: 'references', version: '1', found: references.length, resolved: resolved.length });
  });

  it('keeps a reference to a table the document does not caption, unresolved', async () => {
    const document = await chunkedTestDocument('corpus/groundtruth/2206.01062.json', { strategy: 'hybrid', maxTokens: 256 });
    const run = await enrichWith(document, ['references']);
    const tableFive = run.chunks.flatMap(referencesOf).filter((reference) => reference.kind === 'table' && reference.target === '5');
    expect(tableFive.length).toBeGreaterThan(0);
    for (const reference of tableFive) expect(reference).toMatchObject({ resolved: false, target_chunk_ids: [] });
  });

  it('finds the section of a heading by its number, the chunk of a figure by its caption, and reuses results on a second run', async () => {
    const document = await chunkedTestDocument('corpus/groundtruth/2305.03393v1.json', { strategy: 'hybrid', maxTokens: 256 });
    const cache = new EnrichmentCache();
    const run = await enrichWith(document, ['references'], cache);
    const all = run.chunks.flatMap(referencesOf);
    const section = all.find((reference) => reference.kind === 'section' && reference.resolved)!;
    const figure = all.find((reference) => reference.kind === 'figure' && reference.resolved)!;
    const targetOf = (reference: IntraDocumentReference) => run.chunks.find((chunk) => chunk.id === reference.target_chunk_ids[0])!;
    expect(targetOf(section).headingPath.join(' / ')).toMatch(new RegExp(`(^| / )${section.target} `));
    expect(targetOf(figure).text).toMatch(new RegExp(`Fig\\. ${figure.target}\\.`));
    const again = await enrichWith(document, ['references'], cache);
    expect(again.report[0]).toMatchObject({ cacheHits: document.chunks.length, cacheMisses: 0 });
    expect(again.chunks.map((chunk) => chunk.enrichments)).toEqual(run.chunks.map((chunk) => chunk.enrichments));
  });
});
