import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchHostCall } from './dispatch';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';

const wikiPath = fileURLToPath(new URL('../../test-data/corpus/md/wiki.md', import.meta.url));
const mixedPath = fileURLToPath(new URL('../../test-data/corpus/md/mixed.md', import.meta.url));
const csvPath = fileURLToPath(new URL('../../test-data/corpus/csv/csv-pipe.csv', import.meta.url));
const contentListPath = fileURLToPath(new URL('../../test-data/layout-json/rain_gauges_content_list.json', import.meta.url));
let folder: string;
let engine: WorkbenchEngine;
let service: ReturnType<typeof createWorkbenchService>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-open-file-'));
  engine = createEngine();
  service = createWorkbenchService(engine, new PresetStore(join(folder, 'presets')));
});
afterAll(async () => {
  await engine.dispose();
  await rm(folder, { recursive: true, force: true });
});

/** Waits for an open job and returns the document it opened. */
async function openedDocument(jobId: string) {
  let status = await service.getJob({ jobId });
  for (let attempt = 0; status.state === 'running' && attempt < 1800; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    status = await service.getJob({ jobId });
  }
  expect(status.state).toBe('done');
  return service.getDocument({ documentId: status.documentId! });
}

describe('openDocumentFile (the desktop open, browser-mode uploads)', () => {
  it('lists .csv, .tsv and *_content_list.json among the formats the open dialog and uploads take, and opens them', async () => {
    const { formats } = await service.getCatalog({});
    expect(formats).toEqual(
      expect.arrayContaining([
        { format: 'csv', extensions: ['.csv', '.tsv'] },
        { format: 'layout-json', extensions: ['_content_list.json'] },
      ]),
    );
    const table = await openedDocument((await service.openDocumentFile({ path: csvPath, fileName: 'customers.csv' })).jobId);
    expect(table).toMatchObject({ format: 'csv', fileName: 'customers.csv' });
    expect(table.items.map((item) => item.label)).toEqual(['table']);
    const mineru = await openedDocument((await service.openDocumentFile({ path: contentListPath })).jobId);
    expect(mineru.format).toBe('layout-json');
    expect(mineru.items.filter((item) => item.headingLevel !== null).map((item) => item.text)).toEqual([
      'Rain gauges in alpine valleys',
      '1. Sites',
      '2. Results',
    ]);
  });

  it('opens the file at a path under its own name, or under the name it was uploaded as', async () => {
    // two documents: a document is kept by its content, under the name it was last opened with
    const jobs = [
      await service.openDocumentFile({ path: wikiPath }),
      await service.openDocumentFile({ path: mixedPath, fileName: 'uploaded.md' }),
    ];
    const names: string[] = [];
    for (const { jobId } of jobs) {
      let status = await service.getJob({ jobId });
      for (let attempt = 0; status.state === 'running' && attempt < 1800; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = await service.getJob({ jobId });
      }
      expect(status.state).toBe('done');
      names.push((await service.getDocument({ documentId: status.documentId! })).fileName);
    }
    expect(names).toEqual(['wiki.md', 'uploaded.md']);
  });

  it('refuses a named pipe at once instead of waiting on it', async () => {
    const pipe = join(folder, 'pipe.pdf');
    execFileSync('mkfifo', [pipe]);
    await expect(service.openDocumentFile({ path: pipe })).rejects.toMatchObject({
      code: 'io',
      message: 'not a regular file (a named pipe)',
    });
  });

  it('takes absolute paths only', async () => {
    await expect(dispatchHostCall(service, 'openDocumentFile', { path: 'wiki.md' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'bad-request', message: expect.stringContaining('an absolute path') },
    });
  });
});
