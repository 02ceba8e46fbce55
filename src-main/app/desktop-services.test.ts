import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import type { HostClient } from '../workbench/host-calls';
import { createDesktopServices, type DialogPort } from './desktop-services';

function setup(dialogs: Partial<DialogPort>) {
  const opened: Array<Parameters<HostClient['openDocumentFile']>[0]> = [];
  const written: Array<[string, string | Uint8Array]> = [];
  const remembered: string[] = [];
  const exported: Array<Parameters<HostClient['exportChunksToFile']>[0]> = [];
  const storedKeys = new Map<string, string>();
  const handedKeys: Array<Record<string, string>> = [];
  const host: HostClient = {
    openDocumentFile: async (request) => {
      opened.push(request);
      return { jobId: 'job-1' };
    },
    exportChunksToFile: async (request) => {
      exported.push(request);
      return { notes: request.artifacts ? ['1 of 2 pictures carry no image data in the parsed document and have no PNG file'] : [] };
    },
  };
  const api = {
    getCatalog: async () => ({
      strategies: [],
      tokenizers: [],
      formats: [
        { format: 'markdown', extensions: ['.md'] },
        { format: 'pdf', extensions: ['.pdf'] },
      ],
    }),
  } as unknown as StratumApi;
  const services = createDesktopServices({
    dialogs: {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: async () => ({ canceled: true }),
      ...dialogs,
    },
    api,
    host,
    writeFileAtomic: async (path, content) => void written.push([path, content]),
    rememberFile: async (path) => void remembered.push(path),
    llmKeys: {
      set: async (name, key) => void storedKeys.set(name, key),
      delete: async (name) => void storedKeys.delete(name),
      names: async () => [...storedKeys.keys()],
      all: async () => ({ keys: Object.fromEntries(storedKeys), undecryptable: [] }),
    },
    handLlmKeys: async (keys) => void handedKeys.push({ ...keys }),
  });
  return { services, opened, written, remembered, exported, handedKeys };
}

describe('desktop services', () => {
  it('opens the file chosen in the open dialog, filtered to the formats the engine reads', async () => {
    let filters: unknown;
    const { services, opened, remembered } = setup({
      showOpenDialog: async (options) => {
        filters = options.filters;
        return { canceled: false, filePaths: ['/docs/report.md'] };
      },
    });
    await expect(services.showOpenDialog()).resolves.toEqual({ jobId: 'job-1', fileName: 'report.md' });
    expect(filters).toEqual([
      { name: 'Documents', extensions: ['md', 'pdf'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    // the workbench reads the file itself (regular files only, bounded): the main process never holds it
    expect(opened).toEqual([{ path: '/docs/report.md' }]);
    expect(remembered).toEqual(['/docs/report.md']);
  });

  it('opens a folder as a set: its supported files in name order, its subfolders and other files left out and said so', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stratum-folder-'));
    try {
      await mkdir(join(folder, 'sub'));
      await writeFile(join(folder, 'sub', 'nested.md'), '# nested');
      for (const name of ['b.md', 'a.PDF', 'notes.xyz']) await writeFile(join(folder, name), 'x');
      let properties: unknown;
      const { services, opened, remembered } = setup({
        showOpenDialog: async (options) => {
          properties = options.properties;
          return { canceled: false, filePaths: [folder] };
        },
      });
      const set = await services.showOpenFolderDialog();
      expect(properties).toEqual(['openDirectory']);
      expect(set).toEqual({
        folderName: basename(folder),
        jobs: [
          { jobId: 'job-1', fileName: 'a.PDF' },
          { jobId: 'job-1', fileName: 'b.md' },
        ],
        left: [{ fileName: 'notes.xyz', reason: 'not a supported format' }],
      });
      expect(opened).toEqual([{ path: join(folder, 'a.PDF') }, { path: join(folder, 'b.md') }]);
      expect(remembered).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('does nothing when the open dialog is cancelled', async () => {
    const { services, opened } = setup({});
    await expect(services.showOpenDialog()).resolves.toBeNull();
    expect(opened).toEqual([]);
  });

  it('writes the export where the save dialog says, and nothing when cancelled', async () => {
    let defaultPath = '';
    const { services, written } = setup({
      showSaveDialog: async (options) => {
        defaultPath = options.defaultPath;
        return { canceled: false, filePath: '/out/report.chunks.jsonl' };
      },
    });
    await expect(services.saveFile({ suggestedName: 'report.chunks.jsonl', content: '{"a":1}\n' })).resolves.toEqual({ saved: true });
    expect(defaultPath).toBe('report.chunks.jsonl');
    expect(written).toEqual([['/out/report.chunks.jsonl', '{"a":1}\n']]);
    const cancelled = setup({});
    await expect(cancelled.services.saveFile({ suggestedName: 'x.json', content: '' })).resolves.toEqual({ saved: false });
    expect(cancelled.written).toEqual([]);
  });
});

describe('export to a file', () => {
  it('asks where to save, then has the workbench write the export there with the options asked for', async () => {
    let options: Parameters<DialogPort['showSaveDialog']>[0] | undefined;
    const { services, exported } = setup({
      showSaveDialog: async (dialog) => {
        options = dialog;
        return { canceled: false, filePath: '/out/my report.json' };
      },
    });
    const request = {
      documentId: 'abc12345',
      config: { maxTokens: 64 },
      format: 'canonical' as const,
      contextualizedText: false,
      artifacts: { imageDpi: 200 },
    };
    await expect(services.exportChunks({ ...request, suggestedName: 'report.chunks.json' })).resolves.toEqual({
      saved: true,
      notes: ['1 of 2 pictures carry no image data in the parsed document and have no PNG file'],
    });
    expect(options).toMatchObject({ defaultPath: 'report.chunks.json', filters: [{ name: 'JSON', extensions: ['json'] }] });
    // the user knows where the artifacts go
    expect(options!.title).toContain('report.chunks_artifacts');
    expect(exported).toEqual([{ ...request, path: '/out/my report.json' }]);
  });

  it('offers JSON Lines for JSONL, names no folder without artifacts, and exports nothing when cancelled', async () => {
    let options: Parameters<DialogPort['showSaveDialog']>[0] | undefined;
    const { services, exported } = setup({
      showSaveDialog: async (dialog) => {
        options = dialog;
        return { canceled: true };
      },
    });
    await expect(
      services.exportChunks({ documentId: 'abc12345', config: {}, format: 'jsonl', suggestedName: 'report.chunks.jsonl' }),
    ).resolves.toEqual({ saved: false, notes: [] });
    expect(options).toMatchObject({ title: 'Export chunks', filters: [{ name: 'JSON Lines', extensions: ['jsonl'] }] });
    expect(exported).toEqual([]);
  });
});

describe('password retry', () => {
  it('reopens, with the password, only a file this service opened', async () => {
    const { services, opened } = setup({ showOpenDialog: async () => ({ canceled: false, filePaths: ['/docs/locked.pdf'] }) });
    const first = await services.showOpenDialog();
    await services.retryWithPassword({ jobId: first!.jobId, password: 'secret' });
    expect(opened[1]).toEqual({ path: '/docs/locked.pdf', password: 'secret' });
    await expect(services.retryWithPassword({ jobId: 'someone-elses-job', password: 'x' })).rejects.toThrow('open it again');
  });

  it('hands the workbench thread the whole key store after every store and delete, and at start', async () => {
    const { services, handedKeys } = setup({});
    await services.setLlmKey({ name: 'OPENAI_API_KEY', key: 'sk-open-0123456789' });
    await services.setLlmKey({ name: 'anthropic', key: 'sk-ant-0123456789' });
    await services.deleteLlmKey({ name: 'OPENAI_API_KEY' });
    await expect(services.handStoredLlmKeys()).resolves.toEqual([]);
    expect(handedKeys).toEqual([
      { OPENAI_API_KEY: 'sk-open-0123456789' },
      { OPENAI_API_KEY: 'sk-open-0123456789', anthropic: 'sk-ant-0123456789' },
      { anthropic: 'sk-ant-0123456789' },
      { anthropic: 'sk-ant-0123456789' },
    ]);
    await expect(services.listLlmKeys()).resolves.toEqual(['anthropic']);
  });
});
