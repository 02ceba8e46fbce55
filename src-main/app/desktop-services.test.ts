import { describe, expect, it } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import { createDesktopServices, type DialogPort } from './desktop-services';

function setup(dialogs: Partial<DialogPort>) {
  const opened: Array<{ fileName: string; bytes: Uint8Array }> = [];
  const written: Array<[string, string]> = [];
  const remembered: string[] = [];
  const api = {
    getCatalog: async () => ({ strategies: [], tokenizers: [], formats: [{ format: 'markdown', extensions: ['.md'] }, { format: 'pdf', extensions: ['.pdf'] }] }),
    openDocument: async (request: { fileName: string; bytes: Uint8Array }) => {
      opened.push(request);
      return { jobId: 'job-1' };
    },
  } as unknown as StratumApi;
  const services = createDesktopServices({
    dialogs: {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: async () => ({ canceled: true }),
      ...dialogs,
    },
    api,
    readFile: async (path) => new TextEncoder().encode(`content of ${path}`),
    writeFileAtomic: async (path, content) => void written.push([path, content]),
    rememberFile: async (path) => void remembered.push(path),
  });
  return { services, opened, written, remembered };
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
    expect(opened[0]!.fileName).toBe('report.md');
    expect(new TextDecoder().decode(opened[0]!.bytes)).toBe('content of /docs/report.md');
    expect(remembered).toEqual(['/docs/report.md']);
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

describe('password retry', () => {
  it('reopens, with the password, only a file this service opened', async () => {
    const { services, opened } = setup({ showOpenDialog: async () => ({ canceled: false, filePaths: ['/docs/locked.pdf'] }) });
    const first = await services.showOpenDialog();
    await services.retryWithPassword({ jobId: first!.jobId, password: 'secret' });
    expect(opened[1]).toMatchObject({ fileName: 'locked.pdf', password: 'secret' });
    await expect(services.retryWithPassword({ jobId: 'someone-elses-job', password: 'x' })).rejects.toThrow('open it again');
  });
});
