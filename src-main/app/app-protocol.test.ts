import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appProtocolResponse, isAppUrl } from './app-protocol';

let root: string;
const read = async (path: string) => new Uint8Array(await readFile(path));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'stratum-protocol-'));
  await mkdir(join(root, 'renderer', 'assets'), { recursive: true });
  await writeFile(join(root, 'renderer', 'index.html'), '<!doctype html>');
  await writeFile(join(root, 'renderer', 'assets', 'pdf.worker.min.mjs'), 'export {}');
  await writeFile(join(root, 'secret.txt'), 'secret');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('app protocol', () => {
  it('serves the renderer’s files with their type and the CSP', async () => {
    const index = await appProtocolResponse(join(root, 'renderer'), APP_INDEX_URL, read);
    expect(index.status).toBe(200);
    expect(index.headers['Content-Type']).toContain('text/html');
    expect(index.headers['Content-Security-Policy']).toContain("script-src 'self'");
    const worker = await appProtocolResponse(join(root, 'renderer'), 'stratum://app/assets/pdf.worker.min.mjs', read);
    expect(worker.headers['Content-Type']).toContain('javascript');
  });

  it('serves nothing outside the renderer folder or on another host', async () => {
    for (const url of ['stratum://app/../secret.txt', 'stratum://app/%2E%2E/secret.txt', 'stratum://other/index.html']) {
      const response = await appProtocolResponse(join(root, 'renderer'), url, read);
      expect(response.status, url).not.toBe(200);
    }
    expect((await appProtocolResponse(join(root, 'renderer'), 'stratum://app/missing.js', read)).status).toBe(404);
  });

  it('recognises the app’s own pages', () => {
    expect(isAppUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl('file:///etc/index.html')).toBe(false);
    expect(isAppUrl('stratum://evil/index.html')).toBe(false);
  });
});
