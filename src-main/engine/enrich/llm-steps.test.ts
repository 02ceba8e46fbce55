import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../src-shared/pipeline-config';
import { createLlmSession } from '../llm/create-llm-session';
import { lastUserText, startLlmTestServer, systemText, type LlmTestServer } from '../llm/llm-test-server.test-support';
import { runChunkJob } from '../pipeline-job';
import { readCanonical } from '../export/canonical';
import { chunkedTestDocument, enrichWith } from './enrich.test-support';
import { EnrichmentCache } from './enrichment-cache';

const KEY = 'sk-steps-9f8e7d6c5b4a-SECRET';

/** Answers as a model would: a label to a classification, a name to a topic, a described context otherwise. */
function modelAnswer(body: Record<string, unknown>, n: number): string {
  const system = systemText(body);
  if (system.startsWith('You classify')) return lastUserText(body).includes('debe') ? 'Obligation.' : 'none';
  if (system.startsWith('You name the topics')) return `"Topic ${n}"`;
  if (system.startsWith('You summarise')) return 'A guide to Debian packaging.';
  return `context ${n}`;
}

let server: LlmTestServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function setup(provider: LlmConfig['provider'] = 'openai-compatible') {
  server = await startLlmTestServer([], modelAnswer);
  const cacheFolder = await mkdtemp(join(tmpdir(), 'stratum-llm-steps-'));
  folders.push(cacheFolder);
  const config: LlmConfig = { provider, model: 'test-model', baseUrl: server.url };
  const session = () => createLlmSession({ config, apiKey: KEY, cacheFolder }, 'send');
  return { server, session, config, cacheFolder };
}

describe('LLM steps', () => {
  it('context: situates every chunk with the document as the same first part of every request, and prepends on request', async () => {
    const { server, session } = await setup('anthropic');
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    const run = await enrichWith(document, [{ name: 'context', options: { prepend: true } }], new EnrichmentCache(), { llm: session() });
    expect(server.requests).toHaveLength(document.chunks.length);
    const prefixes = new Set(
      server.requests.map((request) => JSON.stringify((request.body['messages'] as Array<{ content: unknown[] }>)[0]!.content[0])),
    );
    expect(prefixes.size).toBe(1);
    const [prefix] = (server.requests[0]!.body['messages'] as Array<{ content: Array<{ text: string; cache_control?: unknown }> }>)[0]!
      .content;
    expect(prefix!.cache_control).toEqual({ type: 'ephemeral' });
    expect(prefix!.text).toMatch(/^<document>\n[\s\S]*Debian[\s\S]*<\/document>$/);
    const answers = new Set<string>();
    run.chunks.forEach((chunk, index) => {
      const { text } = chunk.enrichments['context'] as { text: string };
      answers.add(text);
      expect(chunk.contextualizedText).toBe(`${text}\n\n${document.chunks[index]!.contextualizedText}`);
      expect(chunk.text).toBe(document.chunks[index]!.text);
    });
    expect(answers.size).toBe(run.chunks.length);
    expect(run.documentEnrichments[0]).toMatchObject({ name: 'context', model: 'anthropic/test-model', prefix: 'document' });
    expect(run.report[0]!.llm).toMatchObject({ requests: run.chunks.length, tokens: { input: 100 * run.chunks.length } });
  });

  it('context: a document past maxDocumentTokens is sent as its outline and central sentences; progress counts every chunk', async () => {
    const { server, session } = await setup();
    const document = await chunkedTestDocument('corpus/html/wiki_duck.html', { strategy: 'hybrid', maxTokens: 512 });
    const progress: Array<{ done: number; total: number }> = [];
    const run = await enrichWith(document, [{ name: 'context', options: { maxDocumentTokens: 400 } }], new EnrichmentCache(), {
      llm: session(),
      onProgress: ({ done, total }) => progress.push({ done, total }),
    });
    expect(run.documentEnrichments[0]).toMatchObject({ prefix: 'outline' });
    const prefix = (server.requests[0]!.body['messages'] as Array<{ content: string }>)[1]!.content;
    expect(prefix).toMatch(/^<document_outline>\nThe document is too long to show whole/);
    expect(prefix).toContain('- Taxonomy');
    expect(prefix.length).toBeLessThan(400 * 8);
    expect(progress.at(-1)).toEqual({ done: document.chunks.length, total: document.chunks.length });
  });

  it('context: a re-chunk asks only for the chunks whose text changed; a new session answers from the disk cache', async () => {
    const { server, session } = await setup();
    const cache = new EnrichmentCache();
    const small = await chunkedTestDocument('enrich/maint-guide.es.txt', { strategy: 'hybrid', maxTokens: 128 });
    await enrichWith(small, ['context'], cache, { llm: session() });
    const asked = server.requests.length;
    const larger = await chunkedTestDocument('enrich/maint-guide.es.txt', { strategy: 'hybrid', maxTokens: 160 });
    const seen = new Set(small.chunks.map((chunk) => chunk.text));
    const changed = larger.chunks.filter((chunk) => !seen.has(chunk.text)).length;
    expect(changed).toBeLessThan(larger.chunks.length);
    const again = await enrichWith(larger, ['context'], cache, { llm: session() });
    expect(server.requests.length - asked).toBe(changed);
    expect(again.report[0]).toMatchObject({ cacheHits: larger.chunks.length - changed, cacheMisses: changed });
    const fresh = await enrichWith(larger, ['context'], new EnrichmentCache(), { llm: session() });
    expect(server.requests.length - asked).toBe(changed);
    expect(fresh.report[0]!.llm).toMatchObject({ requests: 0, diskCacheHits: larger.chunks.length });
    expect(fresh.chunks.map((chunk) => chunk.enrichments)).toEqual(again.chunks.map((chunk) => chunk.enrichments));
  });

  it('context: cancelled mid-run, it stops, and the server sees the open requests closed', async () => {
    server = await startLlmTestServer(Array.from({ length: 50 }, () => 'hang' as const));
    const llm = createLlmSession({ config: { provider: 'openai-compatible', model: 'm', baseUrl: server.url, maxConcurrency: 3 } }, 'send');
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    const controller = new AbortController();
    const running = enrichWith(document, ['context'], new EnrichmentCache(), { llm, signal: controller.signal });
    await expect.poll(() => server!.requests.length, { timeout: 2000 }).toBe(3);
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(server.closedEarly, { timeout: 2000 }).toBe(3);
    expect(server.requests).toHaveLength(3);
  });

  it('classification: the LLM labels, a "none" is null, and without an LLM the offline rules label', async () => {
    const { session } = await setup();
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    const run = await enrichWith(document, ['classification'], new EnrichmentCache(), { llm: session() });
    for (const chunk of run.chunks) {
      const expected = chunk.text.includes('debe') ? 'obligation' : null;
      expect(chunk.enrichments['classification']).toEqual({ label: expected, method: 'llm' });
    }
    expect(run.chunks.some((chunk) => (chunk.enrichments['classification'] as { label: unknown }).label === 'obligation')).toBe(true);
    const offline = await enrichWith(document, ['classification']);
    expect(offline.chunks.every((chunk) => (chunk.enrichments['classification'] as { method: string }).method === 'rules')).toBe(true);
  });

  it('summary and topics: the LLM writes the document summary and names the topics; chunks keep their extractive sentence', async () => {
    const { session } = await setup();
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    const run = await enrichWith(document, ['summary', 'topics'], new EnrichmentCache(), { llm: session() });
    const [summary, topics] = run.documentEnrichments as unknown as [
      { summary: { text: string; method: string; sentences: unknown[] } },
      { topics: Array<{ label: string; named_by: string; terms: string[] }> },
    ];
    expect(summary.summary).toMatchObject({ text: 'A guide to Debian packaging.', method: 'abstractive' });
    expect(summary.summary.sentences.length).toBeGreaterThan(0);
    for (const topic of topics.topics) expect(topic).toMatchObject({ label: expect.stringMatching(/^Topic \d+$/), named_by: 'llm' });
    for (const chunk of run.chunks) {
      const tag = chunk.enrichments['topic'] as { id: number; label: string } | undefined;
      if (tag) expect(tag.label).toBe(topics.topics[tag.id]!.label);
    }
    const own = run.chunks.find((chunk) => chunk.enrichments['summary'])!;
    expect(own.text.replace(/\s+/g, ' ')).toContain((own.enrichments['summary'] as { text: string }).text);
  });

  it('tables and pictures: each table summarised whole, each picture described from its PNG and the text around it', async () => {
    const { server, config, cacheFolder } = await setup();
    const job = async (path: string, steps: string[]) => {
      const bytes = new Uint8Array(await readFile(new URL(`../../../test-data/${path}`, import.meta.url)));
      const enrich = { steps: steps.map((name) => ({ name, options: {} })), llm: { config, apiKey: KEY, cacheFolder } };
      const fileName = path.split('/').pop()!;
      const documentFolder = new URL(`../../../test-data/${path.split('/')[0]}/`, import.meta.url).pathname;
      return runChunkJob({ fileName, bytes, config: { strategy: 'hybrid', maxTokens: 512 }, format: 'canonical', enrich, documentFolder });
    };
    const tables = await job('html-tables/nested-tables.html', ['tables']);
    const tableChunks = readCanonical(tables.output).chunks.filter((chunk) => chunk.enrichments['tables']);
    expect(tableChunks.length).toBeGreaterThan(0);
    for (const chunk of tableChunks) {
      for (const entry of chunk.enrichments['tables'] as Array<{ ref: string; summary: string }>) {
        expect(entry.ref).toMatch(/^#\/tables\/\d+$/);
        expect(entry.summary).toMatch(/^context \d+$/);
      }
    }
    const tableRequest = server.requests.find((request) => systemText(request.body).startsWith('You describe tables'))!;
    expect(lastUserText(tableRequest.body)).toMatch(/<table>\n\|[\s\S]*\|\n<\/table>$/);
    expect(tables.llm!.usage!.requests).toBe(tables.llm!.estimate.requests);

    const pictures = await job('html-images/pictures.html', ['pictures']);
    const described = readCanonical(pictures.output).chunks.flatMap((chunk) => (chunk.enrichments['pictures'] ?? []) as object[]);
    expect(described).toContainEqual({
      ref: expect.stringMatching(/^#\/pictures\/\d+$/),
      description: expect.stringMatching(/^context \d+$/),
    });
    expect(described).toContainEqual({ ref: expect.any(String), note: expect.stringMatching(/^not described: /) });
    const pictureRequest = server.requests.find((request) => systemText(request.body).startsWith('You describe pictures'))!;
    const parts = (pictureRequest.body['messages'] as Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>)[1]!.content;
    expect(parts[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(JSON.stringify([tables, pictures])).not.toContain(KEY);
  });

  it('refuses a step that asks an LLM in a pipeline without one, before any document is read', async () => {
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    await expect(enrichWith(document, ['context'])).rejects.toThrow(
      'enrich.context: the step asks an LLM: add an llm: block to the pipeline config',
    );
  });
});
