import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import type { LabRunStatus } from '../../src-shared/lab';
import { hashedWordVector, startLlmTestServer } from '../engine/llm/llm-test-server.test-support';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService, environmentLlmAccess } from './service';

const testData = (path: string) => new URL(`../../test-data/${path}`, import.meta.url);

let engine: WorkbenchEngine;
let api: StratumApi;
let presetsDir: string;
let cacheDir: string;
let pdfId: string;
let markdownIds: string[];

async function opened(fileName: string, path: string): Promise<string> {
  const { jobId } = await api.openDocument({ fileName, bytes: new Uint8Array(await readFile(testData(path))) });
  for (let attempt = 0; attempt < 2400; attempt++) {
    const status = await api.getJob({ jobId });
    if (status.state === 'done') return status.documentId!;
    if (status.state !== 'running') throw new Error(`${fileName}: ${status.error?.message}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${fileName} did not open`);
}

async function finished(runId: string): Promise<LabRunStatus> {
  for (let attempt = 0; attempt < 2400; attempt++) {
    const status = await api.getLabRun({ runId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('lab run did not finish');
}

beforeAll(async () => {
  presetsDir = await mkdtemp(join(tmpdir(), 'stratum-lab-'));
  cacheDir = await mkdtemp(join(tmpdir(), 'stratum-lab-cache-'));
  engine = createEngine();
  api = createWorkbenchService(engine, new PresetStore(presetsDir), undefined, { ...environmentLlmAccess, cacheFolder: () => cacheDir });
  pdfId = await opened('multi_page.pdf', 'corpus/pdf/multi_page.pdf');
  markdownIds = [
    await opened('state_of_the_union.md', 'chunkeval/corpora/state_of_the_union.md'),
    await opened('chatlogs.md', 'chunkeval/corpora/chatlogs.md'),
  ];
}, 120_000);
afterAll(async () => {
  await engine.dispose();
  await rm(presetsDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const configA = { strategy: 'fixed-characters', size: 400, over: 'source' };
const configB = { strategy: 'recursive', size: 400 };

describe('the quality lab of the workbench', () => {
  it('evaluates A and B on a PDF whose references name a page, and draws a question on the pages', async () => {
    const content = await readFile(testData('lab/multi_page.questions.json'), 'utf8');
    const { questions, leftOut } = await api.loadQuestionSet({ fileName: 'multi_page.questions.json', content, documentIds: [pdfId] });
    expect(questions).toHaveLength(8);
    expect(leftOut).toEqual([]);
    const { runId } = await api.startLabRun({
      task: 'evaluate',
      documentIds: [pdfId],
      configA: { strategy: 'hybrid', maxTokens: 128 },
      configB: { strategy: 'hybrid', maxTokens: 512 },
      settings: { k: 2 },
      questions,
    });
    const status = await finished(runId);
    expect(status.error).toBeNull();
    const result = status.result!;
    if (result.task !== 'evaluate') throw new Error('not an evaluation');
    const [a, b] = result.sides;
    expect(a!.overall.recall).toBeGreaterThan(0.5);
    expect(b!.overall.recall).toBeGreaterThanOrEqual(a!.overall.recall);
    // bigger chunks read more tokens for the same questions
    expect(b!.overall.tokensRead).toBeGreaterThan(a!.overall.tokensRead);
    const drawn = await api.getLabQuestion({ runId, question: 2 });
    // the Google Docs paragraph: page 2, its item's text whole, on its lines
    expect(drawn.references[0]!.items).toEqual([{ ref: '#/texts/19', start: 0, end: expect.any(Number), whole: false }]);
    expect(new Set(drawn.references[0]!.bboxes.map((box) => box.page))).toEqual(new Set([2]));
    expect(drawn.sides.map((side) => side.side)).toEqual(['A', 'B']);
    expect(drawn.sides[0]!.hits[0]!.place.bboxes.length).toBeGreaterThan(0);
  }, 60_000);

  it('turns a passage selected in the view into a reference and back', async () => {
    const { corpusId, references } = await api.referencesOfSelection({
      documentId: pdfId,
      ranges: [{ ref: '#/texts/7', start: 0, end: 30, whole: false }],
    });
    expect(corpusId).toBe('multi_page');
    // the list item's bullet (page text 1076-1077) is not its text: the passage starts after it
    expect(references).toEqual([{ start: 1078, end: 1108, page: 1 }]);
    const { places } = await api.placesOfReferences({ documentId: pdfId, references });
    expect(places[0]!.items).toEqual([{ ref: '#/texts/7', start: 0, end: 30, whole: false }]);
    // a list item whole: its text's characters, the bullet before them left out, the lines' joins within
    const paragraph = await api.referencesOfSelection({
      documentId: pdfId,
      ranges: [{ ref: '#/texts/7', start: 0, end: 255, whole: false }],
    });
    expect(paragraph.references).toEqual([{ start: 1078, end: 1323, page: 1 }]);
  });

  it('previews BM25 retrieval over a document set for A and B, each hit placed in its own document', async () => {
    const { runId } = await api.startLabRun({
      task: 'search',
      documentIds: markdownIds,
      configA,
      configB,
      settings: { k: 3 },
      query: 'credit card late fees',
    });
    const status = await finished(runId);
    const result = status.result!;
    if (result.task !== 'search') throw new Error('not a search');
    expect(result.sides.map((side) => side.hits.length)).toEqual([3, 3]);
    const top = result.sides[0]!.hits[0]!;
    expect(top.corpusId).toBe('state_of_the_union');
    expect(top.documentId).toBe(markdownIds[0]);
    expect(top.excerpt.toLowerCase()).toContain('late fees');
    expect(top.place.items.length).toBeGreaterThan(0);
  });

  it('leaves out and counts the questions about documents not open, and refuses dense retrieval without a provider', async () => {
    const csv = await readFile(testData('chunkeval/questions.csv'), 'utf8');
    const { questions, leftOut } = await api.loadQuestionSet({ fileName: 'questions.csv', content: csv, documentIds: markdownIds });
    expect(new Set(questions.map((question) => question.corpusId))).toEqual(new Set(['state_of_the_union', 'chatlogs']));
    expect(leftOut.map((entry) => entry.corpusId)).toEqual(['wikitexts']);
    await expect(
      api.startLabRun({ task: 'search', documentIds: markdownIds, configA, settings: { retriever: 'dense' }, query: 'fees' }),
    ).rejects.toThrow(/needs an embedding provider/);
  });

  it('runs a sweep with progress, and a cancelled sweep ends cancelled', async () => {
    const csv = await readFile(testData('chunkeval/questions.csv'), 'utf8');
    const { questions } = await api.loadQuestionSet({ fileName: 'questions.csv', content: csv, documentIds: markdownIds });
    const sweepFile = {
      fileName: 'grid.json',
      content: JSON.stringify({ grid: { strategy: ['fixed-characters', 'recursive'], size: [300, 600] } }),
    };
    const { runId } = await api.startLabRun({ task: 'sweep', documentIds: markdownIds, settings: {}, questions, sweepFile });
    const status = await finished(runId);
    const result = status.result!;
    if (result.task !== 'sweep') throw new Error('not a sweep');
    expect(result.rows.map((row) => row.label)).toHaveLength(4);
    expect(result.rows.some((row) => row.paretoRecall)).toBe(true);
    expect(result.csv.split('\n')[0]).toContain('recall');
    const cancelled = await api.startLabRun({ task: 'sweep', documentIds: markdownIds, settings: {}, questions, sweepFile });
    expect(await api.cancelLabRun(cancelled)).toEqual({ cancelled: true });
    expect((await finished(cancelled.runId)).state).toBe('cancelled');
  }, 60_000);

  it("runs dense retrieval through the settings' embedding provider; an error mid-run names the provider and status", async () => {
    const embedding = (url: string) => ({
      provider: 'openai-compatible' as const,
      baseUrl: `${url}/v1`,
      model: 'embed-test',
      batchSize: 16,
      retries: 0,
    });
    const server = await startLlmTestServer();
    const content = await readFile(testData('lab/multi_page.questions.json'), 'utf8');
    const { questions } = await api.loadQuestionSet({ fileName: 'set.json', content, documentIds: [pdfId] });
    try {
      const { runId } = await api.startLabRun({
        task: 'evaluate',
        documentIds: [pdfId],
        configA: { strategy: 'hybrid', maxTokens: 64 },
        settings: { retriever: 'hybrid', k: 3, embedding: { ...embedding(server.url), cache: false } },
        questions,
      });
      const status = await finished(runId);
      expect(status.error).toBeNull();
      expect(server.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
    } finally {
      await server.close();
    }
    const failing = await startLlmTestServer([
      {
        status: 200,
        body: JSON.stringify({ data: Array.from({ length: 16 }, (_, index) => ({ index, embedding: hashedWordVector(String(index)) })) }),
      },
      { status: 503, body: '{"error":{"message":"model overloaded"}}' },
    ]);
    try {
      const { runId } = await api.startLabRun({
        task: 'search',
        documentIds: markdownIds,
        configA,
        settings: { retriever: 'dense', embedding: { ...embedding(failing.url), cache: false } },
        query: 'late fees',
      });
      const status = await finished(runId);
      expect(status.state).toBe('failed');
      expect(status.error?.message).toMatch(/embed-test.*503.*overloaded/s);
    } finally {
      await failing.close();
    }
  }, 60_000);
});
