import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCanonical } from '../engine/export/canonical';
import { startLlmTestServer, type LlmTestServer } from '../engine/llm/llm-test-server.test-support';
import { runStratum } from './run-stratum.test-support';

let workspace: string;
let server: LlmTestServer;
const KEY = 'sk-embedding-key-NEVER-SHOWN';

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-cross-doc-'));
  server = await startLlmTestServer();
  await mkdir(join(workspace, 'docs'));
  for (const name of ['dother.en.html', 'dother.es.html']) {
    await cp(new URL(`../../test-data/cross-doc/${name}`, import.meta.url), join(workspace, 'docs', name));
  }
  const chunker = 'chunker: { strategy: hybrid, maxTokens: 256 }\n';
  await writeFile(join(workspace, 'bm25.yaml'), `${chunker}enrich:\n  - pii: { action: mask }\n  - cross-doc: { topK: 2 }\n`);
  await writeFile(
    join(workspace, 'dense.yaml'),
    `${chunker}enrich: [cross-doc]\n` +
      `embedding: { provider: openai-compatible, baseUrl: "${server.url}/v1", model: e, apiKeyEnv: CROSS_DOC_TEST_KEY }\n`,
  );
  process.env['CROSS_DOC_TEST_KEY'] = KEY;
  process.env['STRATUM_LLM_CACHE_DIR'] = join(workspace, 'cache');
});

afterAll(async () => {
  delete process.env['CROSS_DOC_TEST_KEY'];
  delete process.env['STRATUM_LLM_CACHE_DIR'];
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

const stratum = (...argv: string[]) => runStratum(workspace, argv);
const crossDocumentOf = (chunk: { enrichments: Record<string, unknown> }) =>
  (chunk.enrichments['references'] as { cross_document: Array<{ doc_id: string; chunk_id: string; method: string }> }).cross_document;

describe('stratum chunk with the cross-doc step', () => {
  it('chunks every file, relates them, then writes each with the chunks of the other it relates to', async () => {
    const run = await stratum('chunk', 'docs', '--pipeline-config', 'bm25.yaml', '-o', 'out', '--workers', '2');
    expect(run.code).toBe(0);
    // the pages' navigation icons are not beside them: a note each, no error
    expect(run.stderr.split('\n').filter((line) => line !== '' && !/^note: .*: the image file does not exist$/.test(line))).toEqual([]);
    const en = readCanonical(await readFile(join(workspace, 'out/dother.en.json'), 'utf8'));
    const es = readCanonical(await readFile(join(workspace, 'out/dother.es.json'), 'utf8'));
    const related = en.chunks.map(crossDocumentOf);
    expect(related.filter((references) => references.length > 0).length).toBeGreaterThan(en.chunks.length / 2);
    expect(related.flat().every((reference) => reference.doc_id === es.document.doc_id && reference.method === 'bm25')).toBe(true);
    const esIds = new Set(es.chunks.map((chunk) => chunk.id));
    expect(related.flat().every((reference) => esIds.has(reference.chunk_id))).toBe(true);
    expect(en.document.enrichments.at(-1)).toMatchObject({ name: 'cross-doc', documents: 2 });
  });

  it('says why a single file is not related, and names the limit a batch passes', async () => {
    const single = await stratum('chunk', 'docs/dother.en.html', '--pipeline-config', 'bm25.yaml', '-o', 'single.json');
    expect(single.code).toBe(0);
    expect(single.stderr).toMatch(/^note: docs\/dother\.en\.html: cross-doc relates the documents of a batch: skipped for one file/m);
    process.env['STRATUM_MAX_CROSS_DOC_CHUNKS'] = '50';
    try {
      const over = await stratum('chunk', 'docs', '--pipeline-config', 'bm25.yaml', '-o', 'over', '--workers', '1');
      expect(over.code).toBe(1);
      expect(over.stderr).toMatch(/error: docs\/dother\.en\.html: cross-doc: the batch has \d+ chunks to relate \(the limit is 50 chunks/);
    } finally {
      delete process.env['STRATUM_MAX_CROSS_DOC_CHUNKS'];
    }
  });

  it('relates by embeddings too with an embedding: block, reports the requests, and never shows the key', async () => {
    const run = await stratum('chunk', 'docs', '--pipeline-config', 'dense.yaml', '-o', 'dense', '--workers', '1');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^embedding: \d+ texts embedded in \d+ requests to e \(0 more from the disk cache\)/m);
    const en = readCanonical(await readFile(join(workspace, 'dense/dother.en.json'), 'utf8'));
    expect(new Set(en.chunks.flatMap(crossDocumentOf).map((reference) => reference.method))).toEqual(new Set(['bm25', 'dense']));
    expect(server.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const again = await stratum('chunk', 'docs', '--pipeline-config', 'dense.yaml', '-o', 'dense', '--workers', '1');
    expect(again.stderr).toMatch(/^embedding: 0 texts embedded in 0 requests to e \(\d+ more from the disk cache\)/m);
    const written = await readFile(join(workspace, 'dense/dother.en.json'), 'utf8');
    expect(written + run.stderr + again.stderr).not.toContain(KEY);
  });
});
