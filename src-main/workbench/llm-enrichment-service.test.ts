import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichmentStatus } from '../../src-shared/api';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import { startLlmTestServer, type LlmTestServer } from '../engine/llm/llm-test-server.test-support';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { HandedLlmKeys } from './handed-llm-keys';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { openedDocument, settledEnrichment } from './service-waits.test-support';

const KEY_VARIABLE = 'STRATUM_TEST_WORKBENCH_LLM_KEY';
const KEY = 'sk-workbench-test-0123456789';
const letterPath = new URL('../../test-data/pii/customer-letter.md', import.meta.url);
const config = { strategy: 'hybrid', maxTokens: 64 };

let engine: WorkbenchEngine;
let api: ReturnType<typeof createWorkbenchService>;
let server: LlmTestServer;
let folder: string;
let pipeline: EnrichmentSettings;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-workbench-llm-'));
  // browser mode's own path: the key from the variable the pipeline names, answers cached under STRATUM_LLM_CACHE_DIR
  process.env[KEY_VARIABLE] = KEY;
  process.env['STRATUM_LLM_CACHE_DIR'] = join(folder, 'cache');
  server = await startLlmTestServer([], (_body, n) => `The letter's opening, part ${n}.`);
  engine = createEngine();
  api = createWorkbenchService(engine, new PresetStore(join(folder, 'presets')));
  pipeline = {
    enrich: [{ name: 'context', options: {} }],
    onError: 'fail-fast',
    llm: {
      provider: 'openai-compatible',
      baseUrl: `${server.url}/v1`,
      model: 'test-model',
      apiKeyEnv: KEY_VARIABLE,
      prices: { 'test-model': { input: 1, output: 2 } },
    },
  };
});
afterAll(async () => {
  delete process.env[KEY_VARIABLE];
  delete process.env['STRATUM_LLM_CACHE_DIR'];
  await server.close();
  await engine.dispose();
  await rm(folder, { recursive: true, force: true });
});

async function open(service = api): Promise<string> {
  return openedDocument(service, 'customer-letter.md', new Uint8Array(await readFile(letterPath)));
}

function settled(runId: string, service = api): Promise<EnrichmentStatus> {
  return settledEnrichment(service, runId);
}

describe('the LLM in the workbench (browser mode: the key from the environment)', () => {
  it('estimates before sending anything, sends once the user confirms, and reports tokens and cost; the key never in a view', async () => {
    const documentId = await open();
    const { chunks } = await api.chunkDocument({ documentId, config });

    const estimated = await settled((await api.startEnrichment({ documentId, config, enrichment: pipeline })).runId);
    expect(estimated.error).toBeNull();
    expect(server.requests).toHaveLength(0);
    expect(estimated.result!.llm).toMatchObject({ model: 'test-model', sent: false, usage: null });
    expect(estimated.result!.llm!.estimate).toMatch(new RegExp(`^${chunks.length} requests to test-model .*cost at most \\$`));

    const sent = await settled((await api.startEnrichment({ documentId, config, enrichment: pipeline, sendToLlm: true })).runId);
    expect(sent.error).toBeNull();
    expect(server.requests).toHaveLength(chunks.length);
    for (const request of server.requests) expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(sent.result!.llm).toMatchObject({ sent: true });
    expect(sent.result!.llm!.usage).toMatch(new RegExp(`^${chunks.length} requests to test-model .* output tokens, cost \\$`));
    const chunk = await api.getChunk({ documentId, config, index: 0, enrichment: pipeline, sendToLlm: true });
    expect(chunk.enrichments['context']).toEqual({ text: expect.stringMatching(/^The letter's opening, part \d+\.$/) });
    for (const status of [estimated, sent]) expect(JSON.stringify(status)).not.toContain(KEY);

    // the export of a confirmed run sends nothing again (the disk cache answers) and holds no key
    const { content } = await api.exportChunks({ documentId, config, format: 'canonical', enrichment: pipeline, sendToLlm: true });
    expect(server.requests).toHaveLength(chunks.length);
    expect(content).toContain("The letter's opening");
    expect(content).not.toContain(KEY);
  });

  it('a run that may send fails with the variable named when it is not set, and sends nothing', async () => {
    const documentId = await open();
    const asked = server.requests.length;
    const unset = { ...pipeline, llm: { ...pipeline.llm!, apiKeyEnv: 'STRATUM_TEST_UNSET_KEY', model: 'other-model' } };
    const failed = await settled((await api.startEnrichment({ documentId, config, enrichment: unset, sendToLlm: true })).runId);
    expect(failed.state).toBe('failed');
    expect(failed.error!.message).toContain('STRATUM_TEST_UNSET_KEY');
    expect(server.requests.length).toBe(asked);
  });
});

describe('the LLM in the desktop app (the key from its key store)', () => {
  it('authenticates a run with the stored key while the environment variable is unset; the key never in a view or export', async () => {
    const keyName = 'STRATUM_TEST_STORED_ONLY_KEY';
    const storedKey = 'sk-stored-key-0123456789';
    delete process.env[keyName];
    const desktop = createWorkbenchService(
      engine,
      new PresetStore(join(folder, 'presets')),
      undefined,
      new HandedLlmKeys({ [keyName]: storedKey }),
    );
    const stored = { ...pipeline, llm: { ...pipeline.llm!, apiKeyEnv: keyName, model: 'stored-key-model' } };
    const documentId = await open(desktop);
    const asked = server.requests.length;
    const sent = await settled((await desktop.startEnrichment({ documentId, config, enrichment: stored, sendToLlm: true })).runId, desktop);
    expect(sent.error).toBeNull();
    const requests = server.requests.slice(asked);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.headers['authorization']).toBe(`Bearer ${storedKey}`);
    expect(JSON.stringify(sent)).not.toContain(storedKey);
    const { content } = await desktop.exportChunks({ documentId, config, format: 'canonical', enrichment: stored, sendToLlm: true });
    expect(content).not.toContain(storedKey);
  });
});
