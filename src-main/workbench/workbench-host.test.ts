import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src-shared/api-client';
import { createHostClient } from './host-calls';
import { startWorkbenchThread, type WorkbenchThread } from './workbench-host';

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
    await expect(thread.call('getDocument', { documentId: 'not hex' })).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
    await expect(thread.callHost('exportChunksToFile', { documentId: 'abc12345', config: {}, format: 'json' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('path') },
    });
    await expect(thread.callHost('exportChunksToFile', { path: 'relative.json', documentId: 'abc12345', config: {}, format: 'json' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('an absolute path') },
    });
    const host = createHostClient(thread.callHost);
    await expect(host.exportChunksToFile({ path: '/tmp/x.json', documentId: 'abc12345', config: {}, format: 'json' })).rejects.toMatchObject({
      name: 'ApiCallError',
      code: 'not-found',
    });
  });
});
