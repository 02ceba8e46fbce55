import { describe, expect, it } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import { apiMethodNames, ipcChannelOf, type ApiMethodName } from '../../src-shared/api-methods';
import { desktopChannels } from '../../src-shared/desktop-bridge';
import type { DesktopServices } from './desktop-services';
import { dispatchApiCall } from '../workbench/dispatch';
import { registerIpcHandlers, type IpcRegistrar } from './ipc';

const APP_URL = 'file:///app/out/renderer/index.html';
type Handler = Parameters<IpcRegistrar['handle']>[1];

function setup(overrides: Partial<StratumApi> = {}) {
  const handlers = new Map<string, Handler>();
  const calls: unknown[] = [];
  const api = {
    getJob: async (request: unknown) => {
      calls.push(request);
      return { jobId: 'j1', state: 'running', progress: null, documentId: null, error: null };
    },
    ...overrides,
  } as unknown as StratumApi;
  const saved: unknown[] = [];
  const exported: unknown[] = [];
  const keys = new Map<string, string>();
  const desktop: DesktopServices = {
    showOpenDialog: async () => ({ jobId: 'j2', fileName: 'a.md' }),
    showOpenFolderDialog: async () => ({ folderName: 'docs', jobs: [{ jobId: 'j5', fileName: 'd.md' }], left: [] }),
    openPath: async () => ({ jobId: 'j3', fileName: 'b.md' }),
    retryWithPassword: async () => ({ jobId: 'j4', fileName: 'c.pdf' }),
    saveFile: async (request) => {
      saved.push(request);
      return { saved: true };
    },
    exportChunks: async (request) => {
      exported.push(request);
      return { saved: true, notes: [] };
    },
    setLlmKey: async ({ name, key }) => {
      keys.set(name, key);
      return null;
    },
    deleteLlmKey: async ({ name }) => {
      keys.delete(name);
      return null;
    },
    listLlmKeys: async () => [...keys.keys()],
    handStoredLlmKeys: async () => [],
  };
  const call = (method: ApiMethodName, request: unknown) => dispatchApiCall(api, method, request);
  registerIpcHandlers({ handle: (channel, handler) => handlers.set(channel, handler) }, call, desktop, (url) => url === APP_URL);
  const invoke = (channel: string, payload?: unknown, url = APP_URL) => handlers.get(channel)!({ senderFrame: { url } }, payload);
  return { handlers, calls, saved, exported, keys, invoke };
}

describe('registerIpcHandlers', () => {
  it('registers one channel per API method and the native services', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      [
        ...apiMethodNames.map(ipcChannelOf),
        ...Object.values(desktopChannels).filter((c) => c !== desktopChannels.menuCommand && c !== desktopChannels.jobStarted),
      ].sort(),
    );
  });

  it('passes a valid request to the API and wraps the result', async () => {
    const { invoke, calls } = setup();
    await expect(invoke(ipcChannelOf('getJob'), { jobId: 'j1' })).resolves.toMatchObject({
      ok: true,
      value: { jobId: 'j1', state: 'running' },
    });
    expect(calls).toEqual([{ jobId: 'j1' }]);
  });

  it('rejects an invalid payload before the API sees it', async () => {
    const { invoke, calls } = setup();
    const reply = (await invoke(ipcChannelOf('getJob'), { jobId: 42 })) as { ok: boolean; error: { code: string; message: string } };
    expect(reply.ok).toBe(false);
    expect(reply.error.code).toBe('bad-request');
    expect(reply.error.message).toContain('jobId');
    expect(calls).toEqual([]);
  });

  it('refuses calls from frames other than the app page', async () => {
    const { invoke, calls } = setup();
    const reply = (await invoke(ipcChannelOf('getJob'), { jobId: 'j1' }, 'https://example.com/')) as { ok: boolean };
    expect(reply.ok).toBe(false);
    expect(calls).toEqual([]);
  });

  it('turns a thrown typed error into an error envelope with its code', async () => {
    const { StratumError } = await import('../../src-shared/errors');
    const { invoke } = setup({
      getJob: async () => {
        throw new StratumError('corrupt-file', 'bad.pdf: not a PDF');
      },
    });
    await expect(invoke(ipcChannelOf('getJob'), { jobId: 'j1' })).resolves.toEqual({
      ok: false,
      error: { code: 'corrupt-file', message: 'bad.pdf: not a PDF' },
    });
  });

  it('validates save requests: a file name, never a path', async () => {
    const { invoke, saved } = setup();
    await expect(invoke(desktopChannels.saveFile, { suggestedName: 'a.chunks.json', content: '{}' })).resolves.toEqual({
      ok: true,
      value: { saved: true },
    });
    const reply = (await invoke(desktopChannels.saveFile, { suggestedName: '../../etc/passwd', content: '' })) as { ok: boolean };
    expect(reply.ok).toBe(false);
    expect(saved).toHaveLength(1);
  });

  it('validates export requests: the options as the API checks them, a file name, never a path', async () => {
    const { invoke, exported } = setup();
    const request = { documentId: 'abc12345', config: {}, format: 'canonical', suggestedName: 'a.chunks.json' };
    await expect(invoke(desktopChannels.exportChunks, { ...request, artifacts: {} })).resolves.toEqual({
      ok: true,
      value: { saved: true, notes: [] },
    });
    // the defaults are applied before the service sees the request
    expect(exported).toEqual([{ ...request, contextualizedText: true, artifacts: { imageDpi: 144 } }]);
    const refused = async (payload: object) =>
      ((await invoke(desktopChannels.exportChunks, payload)) as { ok: boolean; error: { message: string } }).error.message;
    expect(await refused({ ...request, suggestedName: '../a.json' })).toContain('suggestedName');
    expect(await refused({ ...request, artifacts: { imageDpi: -1 } })).toContain('artifacts.imageDpi');
    expect(await refused({ ...request, contextualizedText: 'yes' })).toContain('contextualizedText');
    expect(exported).toHaveLength(1);
  });

  it('validates LLM key requests: a variable or provider name and a key, never quoting a refused key; lists names only', async () => {
    const { invoke, keys } = setup();
    const key = 'sk-live-0123456789abcdef';
    await expect(invoke(desktopChannels.setLlmKey, { name: 'OPENAI_API_KEY', key })).resolves.toEqual({ ok: true, value: null });
    await expect(invoke(desktopChannels.setLlmKey, { name: 'anthropic', key: `${key}-2` })).resolves.toEqual({ ok: true, value: null });
    await expect(invoke(desktopChannels.listLlmKeys)).resolves.toEqual({ ok: true, value: ['OPENAI_API_KEY', 'anthropic'] });
    const refused = async (payload: unknown) =>
      (await invoke(desktopChannels.setLlmKey, payload)) as { ok: boolean; error: { message: string } };
    const withSpace = await refused({ name: 'OPENAI_API_KEY', key: `${key} trailing` });
    expect(withSpace).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(withSpace.error.message).toBe('setLlmKey: key: must be a key of printable characters without spaces');
    for (const payload of [
      { name: '../keys', key },
      { name: 'OPENAI_API_KEY', key: '' },
      { name: 'OPENAI_API_KEY', key: 'k'.repeat(5000) },
      { name: 'OPENAI_API_KEY', key, extra: true },
      'OPENAI_API_KEY',
    ]) {
      const reply = await refused(payload);
      expect(reply.ok).toBe(false);
      expect(reply.error.message).not.toContain(key);
    }
    await expect(invoke(desktopChannels.deleteLlmKey, { name: 'anthropic' })).resolves.toEqual({ ok: true, value: null });
    expect([...keys]).toEqual([['OPENAI_API_KEY', key]]);
    const foreign = (await invoke(desktopChannels.setLlmKey, { name: 'X', key }, 'https://example.com/')) as { ok: boolean };
    expect(foreign.ok).toBe(false);
    expect(keys.has('X')).toBe(false);
  });
});
