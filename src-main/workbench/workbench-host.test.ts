import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import { createApiClient } from '../../src-shared/api-client';
import { DEFAULT_TOKENIZER } from '../../src-shared/config';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import { startLlmTestServer } from '../engine/llm/llm-test-server.test-support';
import { createHostClient } from './host-calls';
import { startWorkbenchThread, type WorkbenchThread } from './workbench-host';
import { openedDocument, settledEnrichment } from './service-waits.test-support';

/** The threads started, so that a test can end one as a crash would. */
const startedThreads = vi.hoisted(() => [] as Worker[]);
vi.mock('../engine/worker/module-worker', async (importOriginal) => {
  const original = await importOriginal<typeof import('../engine/worker/module-worker')>();
  return {
    startModuleWorker: (...args: Parameters<typeof original.startModuleWorker>) => {
      const worker = original.startModuleWorker(...args);
      startedThreads.push(worker);
      return worker;
    },
  };
});

let thread: WorkbenchThread;
let presetsDir: string;

beforeAll(async () => {
  presetsDir = await mkdtemp(join(tmpdir(), 'stratum-thread-'));
  thread = startWorkbenchThread({ presetsDir });
});
afterAll(async () => {
  await thread.close();
  await rm(presetsDir, { recursive: true, force: true });
});

describe('workbench thread', () => {
  it('opens and chunks a document off the calling thread', async () => {
    const api = createApiClient(thread.call);
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/corpus/md/wiki.md', import.meta.url)));
    const { jobId } = await api.openDocument({ fileName: 'wiki.md', bytes });
    let status = await api.getJob({ jobId });
    for (let i = 0; status.state === 'running' && i < 1800; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = await api.getJob({ jobId });
    }
    expect(status.state).toBe('done');
    const run = await api.chunkDocument({ documentId: status.documentId!, config: { strategy: 'hierarchical' } });
    expect(run.chunks.length).toBeGreaterThan(3);
  });

  it('validates calls on the thread and answers bad ones with an error envelope', async () => {
    await expect(thread.call('getDocument', { documentId: 'not hex' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    await expect(thread.callHost('exportChunksToFile', { documentId: 'abc12345', config: {}, format: 'canonical' })).resolves.toMatchObject(
      {
        ok: false,
        error: { code: 'bad-request', message: expect.stringContaining('path') },
      },
    );
    await expect(
      thread.callHost('exportChunksToFile', { path: 'relative.json', documentId: 'abc12345', config: {}, format: 'canonical' }),
    ).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('an absolute path') },
    });
    const host = createHostClient(thread.callHost);
    await expect(
      host.exportChunksToFile({ path: '/tmp/x.json', documentId: 'abc12345', config: {}, format: 'canonical' }),
    ).rejects.toMatchObject({
      name: 'ApiCallError',
      code: 'not-found',
    });
  });

  it('answers a request whose reply cannot be sent with an error, and keeps serving', async () => {
    let nested = '0';
    for (let depth = 0; depth < 50_000; depth++) nested = `{"a":${nested}}`;
    const deep = await thread.call('parseConfigFile', { fileName: 'deep.json', content: nested });
    // the config parses, but its echo is nested too deep to be cloned back: an error, not a dead thread
    expect(deep).toMatchObject({ ok: false });
    const started = Date.now();
    await expect(thread.call('getCatalog', {})).resolves.toMatchObject({ ok: true });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a workbench thread that ends mid-call fails that call at once; the next call is answered by a new thread', async () => {
    await expect(thread.call('getCatalog', {})).resolves.toMatchObject({ ok: true });
    const workbenchThread = startedThreads.at(-1)!;
    const inFlight = thread.call('countTokens', { text: 'tokens '.repeat(1_400_000), tokenizers: [DEFAULT_TOKENIZER] });
    // at once: a fast machine counts even these 1.4 million words within a few tens of milliseconds
    await workbenchThread.terminate();
    await expect(inFlight).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'unexpected error: the workbench thread stopped (exit code 1)' },
    });
    await expect(thread.call('getCatalog', {})).resolves.toMatchObject({ ok: true });
    expect(startedThreads.at(-1)).not.toBe(workbenchThread);
  });
});

async function openLetter(api: StratumApi): Promise<string> {
  const bytes = new Uint8Array(await readFile(new URL('../../test-data/pii/customer-letter.md', import.meta.url)));
  return openedDocument(api, 'customer-letter.md', bytes);
}

describe('LLM keys the host hands to its workbench thread', () => {
  it('are refused by the thread of a host that keeps none (browser mode reads the environment)', async () => {
    await expect(thread.setLlmKeys({ OPENAI_API_KEY: 'sk-not-kept' })).rejects.toThrow('this host keeps no LLM keys');
  });

  it('reach the runs, a deleted key is gone, and a thread started again still has them; no reply carries a key', async () => {
    const keyName = 'STRATUM_TEST_THREAD_STORED_KEY';
    delete process.env[keyName];
    const server = await startLlmTestServer();
    const keyed = startWorkbenchThread({ presetsDir, handsLlmKeys: true });
    try {
      const api = createApiClient(keyed.call);
      const config = { strategy: 'hybrid', maxTokens: 64 };
      // a model of its own per run and no disk cache: every run asks the server, which sees the key it used
      let runs = 0;
      const runWithKey = async () => {
        const enrichment: EnrichmentSettings = {
          enrich: [{ name: 'context', options: {} }],
          onError: 'fail-fast',
          llm: { provider: 'openai-compatible', baseUrl: `${server.url}/v1`, model: `model-${++runs}`, apiKeyEnv: keyName, cache: false },
        };
        const documentId = await openLetter(api);
        const { runId } = await api.startEnrichment({ documentId, config, enrichment, sendToLlm: true });
        const status = await settledEnrichment(api, runId);
        expect(JSON.stringify(status)).not.toMatch(/sk-thread-/);
        return status;
      };
      const authorizationsFrom = (index: number) => new Set(server.requests.slice(index).map((r) => r.headers['authorization']));

      await keyed.setLlmKeys({ [keyName]: 'sk-thread-first-0123456789' });
      expect((await runWithKey()).error).toBeNull();
      expect(server.requests.length).toBeGreaterThan(0);
      expect(authorizationsFrom(0)).toEqual(new Set(['Bearer sk-thread-first-0123456789']));

      await keyed.setLlmKeys({});
      const asked = server.requests.length;
      const failed = await runWithKey();
      expect(failed.state).toBe('failed');
      const unset = `llm.apiKeyEnv: the environment variable ${keyName} is not set`;
      expect(failed.error!.message).toBe(`${unset}, and no key is stored under ${keyName} (Store key… in the LLM settings)`);
      expect(server.requests.length).toBe(asked);

      await keyed.setLlmKeys({ [keyName]: 'sk-thread-second-0123456789' });
      const threadsBefore = startedThreads.length;
      await startedThreads.at(-1)!.terminate();
      const afterRestart = await runWithKey();
      expect(startedThreads.length).toBe(threadsBefore + 1);
      expect(afterRestart.error).toBeNull();
      expect(authorizationsFrom(asked)).toEqual(new Set(['Bearer sk-thread-second-0123456789']));
    } finally {
      await keyed.close();
      await server.close();
    }
  });
});
