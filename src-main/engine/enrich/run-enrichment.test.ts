import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StratumError } from '../../../src-shared/errors';
import { chunkedText } from './enrich.test-support';
import { EnrichmentCache } from './enrichment-cache';
import { resolveEnrichmentSteps, type ResolvedEnrichmentStep } from './resolve-steps';
import { runEnrichment } from './run-enrichment';
import type { EnrichmentStep } from './step';

const speech = () => readFile(new URL('../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
const config = { strategy: 'hybrid', maxTokens: 128 };

/** A step that fails on every document: what a broken step does to a run. */
const failingStep: EnrichmentStep<Record<string, never>> = {
  name: 'always-fails',
  version: '0',
  description: 'fails',
  optionsSchema: z.strictObject({}),
  supports: () => true,
  enrich: () => Promise.reject(new StratumError('invalid-config', 'this step always fails')),
};
const failing: ResolvedEnrichmentStep = { step: failingStep as EnrichmentStep<unknown>, options: {}, optionsHash: 'none' };

describe('enrichment runner', () => {
  it('writes each step under its name, logs it, and after a one-paragraph edit recomputes only the chunks that changed', async () => {
    const text = await speech();
    const document = await chunkedText('speech.md', new TextEncoder().encode(text), config);
    const cache = new EnrichmentCache();
    const steps = resolveEnrichmentSteps([{ name: 'keywords', options: {} }]);
    const input = { doc: document.parsed.doc, docId: document.parsed.docId, steps, cache, now: () => new Date(Date.UTC(2025, 0, 2)) };
    const first = await runEnrichment({ ...input, chunks: document.chunks });
    expect(first.documentEnrichments).toEqual([
      expect.objectContaining({ name: 'keywords', version: '1', timestamp: '2025-01-02T00:00:00.000Z' }),
    ]);
    expect(first.chunks.every((chunk) => Array.isArray(chunk.enrichments['keywords']))).toBe(true);
    expect(first.report[0]).toMatchObject({ status: 'done', cacheHits: 0, cacheMisses: document.chunks.length });
    expect(document.chunks.every((chunk) => !('keywords' in chunk.enrichments))).toBe(true);

    const again = await runEnrichment({ ...input, chunks: document.chunks });
    expect(again.report[0]).toMatchObject({ cacheHits: document.chunks.length, cacheMisses: 0 });
    expect(again.chunks.map((chunk) => chunk.enrichments)).toEqual(first.chunks.map((chunk) => chunk.enrichments));

    const paragraphs = text.split('\n\n');
    const middle = Math.floor(paragraphs.length / 2);
    paragraphs[middle] = `${paragraphs[middle]} And we will rebuild the bridges of this country.`;
    const edited = await chunkedText('speech.md', new TextEncoder().encode(paragraphs.join('\n\n')), config);
    const oldTexts = new Set(document.chunks.map((chunk) => chunk.text));
    const changed = edited.chunks.filter((chunk) => !oldTexts.has(chunk.text)).length;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(4);
    const afterEdit = await runEnrichment({ ...input, doc: edited.parsed.doc, docId: edited.parsed.docId, chunks: edited.chunks });
    expect(afterEdit.report[0]).toMatchObject({ cacheMisses: changed, cacheHits: edited.chunks.length - changed });
  });

  it('stops at a failing step in fail-fast mode, and logs it and goes on in continue mode', async () => {
    const document = await chunkedText('speech.md', new TextEncoder().encode(await speech()), config);
    const [keywords] = resolveEnrichmentSteps([{ name: 'keywords', options: {} }]);
    const input = { doc: document.parsed.doc, docId: document.parsed.docId, chunks: document.chunks, steps: [failing, keywords!] };
    await expect(runEnrichment(input)).rejects.toThrow('this step always fails');
    const run = await runEnrichment({ ...input, onError: 'continue' });
    expect(run.report.map(({ name, status, message }) => ({ name, status, message }))).toEqual([
      { name: 'always-fails', status: 'failed', message: 'this step always fails' },
      { name: 'keywords', status: 'done', message: undefined },
    ]);
    expect(run.documentEnrichments[0]).toMatchObject({ name: 'always-fails', error: 'this step always fails' });
    expect(run.chunks.every((chunk) => !('always-fails' in chunk.enrichments) && 'keywords' in chunk.enrichments)).toBe(true);
  });

  it('is cancelled by its signal in either mode', async () => {
    const document = await chunkedText('speech.md', new TextEncoder().encode(await speech()), config);
    const controller = new AbortController();
    controller.abort();
    const steps = resolveEnrichmentSteps([{ name: 'keywords', options: {} }]);
    const input = { doc: document.parsed.doc, docId: document.parsed.docId, chunks: document.chunks, steps, signal: controller.signal };
    await expect(runEnrichment({ ...input, onError: 'continue' })).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('refuses an unknown step, naming the known ones', () => {
    expect(() => resolveEnrichmentSteps([{ name: 'keyword', options: {} }])).toThrow(/enrich: unknown step "keyword" \(known: keywords/);
  });
});
