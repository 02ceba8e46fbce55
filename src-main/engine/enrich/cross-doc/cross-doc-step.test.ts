import { afterEach, describe, expect, it } from 'vitest';
import type { Chunk } from '../../../../src-shared/chunk';
import { createEmbeddingSession } from '../../llm/embeddings';
import { createLlmSession } from '../../llm/create-llm-session';
import { startLlmTestServer, type LlmTestServer } from '../../llm/llm-test-server.test-support';
import { chunkedTestDocument, enrichWith } from '../enrich.test-support';
import { EnrichmentCache } from '../enrichment-cache';
import { resolveEnrichmentSteps } from '../resolve-steps';
import { runEnrichment } from '../run-enrichment';
import { relateBatch, type CrossDocumentInput } from './cross-document-batch';
import type { CrossDocOptions } from './cross-doc-options';
import type { BatchDocument, CrossDocumentReference } from './related-chunks';

const CONFIG = { strategy: 'hybrid', maxTokens: 256 };
const DEFAULTS: CrossDocOptions = { topK: 3, minScore: 0.2, minSimilarity: 0.5, method: 'auto', explain: false };

/** The Debian New Maintainers' Guide's chapter 5 in English and in Spanish: each section has its counterpart. */
async function guides() {
  const en = await chunkedTestDocument('cross-doc/dother.en.html', CONFIG);
  const es = await chunkedTestDocument('cross-doc/dother.es.html', CONFIG);
  const batch = [en, es].map((document, index): BatchDocument => ({
    docId: document.parsed.docId,
    sourceFile: ['dother.en.html', 'dother.es.html'][index]!,
    chunks: document.chunks.map((chunk) => ({ id: chunk.id, text: chunk.text })),
  }));
  return { en, es, batch };
}

/** The section number a chunk sits in ("5.21" of "5.21. watch"), read from its heading path. */
const sectionOf = (chunk: Chunk) => /^(\d+(?:\.\d+)+)\./.exec(chunk.headingPath.at(-1) ?? '')?.[1];

function related(share: CrossDocumentInput): Record<string, CrossDocumentReference[]> {
  if ('problem' in share) throw new Error(share.problem);
  return share.related;
}

let server: LlmTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('cross-doc step', () => {
  it('finds by BM25 the counterpart section of each section in the other language (shared commands and file names)', async () => {
    const { en, es, batch } = await guides();
    const [english, spanish] = (await relateBatch(batch, { ...DEFAULTS, minScore: 0 }, undefined)).map(related);
    const bySection = (chunks: Chunk[], relations: Record<string, CrossDocumentReference[]>, others: Chunk[]) => {
      const sectioned = chunks.filter((chunk) => sectionOf(chunk) !== undefined);
      const sectionOfId = new Map(others.map((chunk) => [chunk.id, sectionOf(chunk)]));
      const first = sectioned.filter((chunk) => sectionOfId.get(relations[chunk.id]?.[0]?.chunk_id ?? '') === sectionOf(chunk));
      const topK = sectioned.filter((chunk) =>
        (relations[chunk.id] ?? []).some((reference) => sectionOfId.get(reference.chunk_id) === sectionOf(chunk)),
      );
      return { first: first.length / sectioned.length, topK: topK.length / sectioned.length, count: sectioned.length };
    };
    const fromEnglish = bySection(en.chunks, english!, es.chunks);
    const fromSpanish = bySection(es.chunks, spanish!, en.chunks);
    // measured: 37/51 first and 41/51 in the top 3 from English; 63/69 and 66/69 from Spanish
    expect(fromEnglish.count).toBeGreaterThan(40);
    expect(fromEnglish.first).toBeGreaterThan(0.7);
    expect(fromEnglish.topK).toBeGreaterThan(0.78);
    expect(fromSpanish.first).toBeGreaterThan(0.85);
    expect(fromSpanish.topK).toBeGreaterThan(0.9);
    for (const [owner, relations] of [english!, spanish!].entries()) {
      for (const references of Object.values(relations)) {
        expect(references.length).toBeLessThanOrEqual(3);
        expect(references.every((reference) => reference.doc_id === batch[1 - owner]!.docId && reference.method === 'bm25')).toBe(true);
        const scores = references.map((reference) => reference.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    }
  });

  it('writes each chunk share under references.cross_document beside what is there, and logs the batch', async () => {
    const { en, batch } = await guides();
    const [share] = await relateBatch(batch, DEFAULTS, undefined);
    const intra = { intra_document: [{ text: 'Section 5.2', kind: 'section', target: '5.2', target_chunk_ids: [], resolved: false }] };
    const chunks = en.chunks.map((chunk) => ({ ...chunk, enrichments: { references: intra } }));
    const run = await runEnrichment({
      doc: en.parsed.doc,
      docId: en.parsed.docId,
      chunks,
      steps: resolveEnrichmentSteps([{ name: 'cross-doc', options: {} }]),
      crossDocument: share,
    });
    const written = run.chunks.map((chunk) => chunk.enrichments['references'] as { intra_document: unknown; cross_document: unknown[] });
    expect(written.every((references) => references.intra_document === intra.intra_document)).toBe(true);
    expect(written.filter((references) => references.cross_document.length > 0).length).toBeGreaterThan(en.chunks.length / 2);
    expect(written.flatMap((references) => references.cross_document)[0]).toMatchObject({
      doc_id: batch[1]!.docId,
      source_file: 'dother.es.html',
      method: 'bm25',
    });
    expect(run.documentEnrichments[0]).toMatchObject({ name: 'cross-doc', documents: 2, methods: ['bm25'], bm25: { k1: 1.2, b: 0.75 } });
  });

  it('is skipped for a document on its own, saying why, and fails naming the limit for a batch past it', async () => {
    const { en, batch } = await guides();
    const alone = await enrichWith(en, ['cross-doc']);
    expect(alone.report[0]).toMatchObject({ status: 'skipped', message: expect.stringMatching(/this run has one document/) });
    expect(alone.chunks.every((chunk) => chunk.enrichments['references'] === undefined)).toBe(true);

    const [over] = await relateBatch(batch, DEFAULTS, undefined, { maxChunks: 100 });
    const steps = resolveEnrichmentSteps([{ name: 'cross-doc', options: {} }]);
    const input = { doc: en.parsed.doc, docId: en.parsed.docId, chunks: en.chunks, steps, crossDocument: over };
    await expect(runEnrichment(input)).rejects.toThrow(/the limit is 100 chunks; set STRATUM_MAX_CROSS_DOC_CHUNKS to raise it/);
    const continued = await runEnrichment({ ...input, onError: 'continue' });
    expect(continued.documentEnrichments[0]).toMatchObject({ error: expect.stringMatching(/the batch has 1\d\d chunks to relate/) });
  });

  it('relates by vectors from the embedding provider, beside BM25, and explains each pair with the LLM', async () => {
    server = await startLlmTestServer();
    const { en, batch } = await guides();
    const embeddings = createEmbeddingSession({ config: { provider: 'openai-compatible', model: 'e', baseUrl: server.url } });
    const options = { ...DEFAULTS, topK: 2, explain: true };
    const [share] = await relateBatch(batch, options, embeddings);
    const relations = related(share!);
    const methods = new Set(Object.values(relations).flatMap((references) => references.map((reference) => reference.method)));
    expect([...methods].sort()).toEqual(['bm25', 'dense']);
    const dense = Object.values(relations).flatMap((references) => references.filter((reference) => reference.method === 'dense'));
    expect(dense.every((reference) => reference.score >= 0.5 && reference.score <= 1.0001)).toBe(true);
    expect(embeddings.usage().texts).toBe(new Set(batch.flatMap((document) => document.chunks.map((chunk) => chunk.text))).size);

    const llm = createLlmSession({ config: { provider: 'openai-compatible', model: 'm', baseUrl: server.url } }, 'send');
    const run = await enrichWith(en, [{ name: 'cross-doc', options }], new EnrichmentCache(), { llm, crossDocument: share });
    const notes = run.chunks.flatMap(
      (chunk) => (chunk.enrichments['references'] as { cross_document: CrossDocumentReference[] }).cross_document,
    );
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((reference) => /^answer \d+: <passage>/.test(reference.note ?? ''))).toBe(true);
    // one request per pair of texts: a pair both methods find (or two chunks of one text) is asked once
    const pairs = new Set(
      run.chunks.flatMap((chunk) =>
        (chunk.enrichments['references'] as { cross_document: CrossDocumentReference[] }).cross_document.map(
          (reference) => `${chunk.text}\u0000${reference.chunk_id}`,
        ),
      ),
    );
    expect(server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(pairs.size);
  });
});
