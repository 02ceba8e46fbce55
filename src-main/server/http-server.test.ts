import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StratumApi } from '../../src-shared/api';
import { decodeApiJson, encodeApiJson } from '../../src-shared/api-codec';
import { dispatchApiCall } from '../workbench/dispatch';
import { createStratumServer } from './http-server';

let base = '';
let rendererDir = '';
let close: () => void;
const received: unknown[] = [];

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'stratum-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Stratum</title>');
  const api = {
    openDocument: async (request: { fileName: string; bytes: Uint8Array }) => {
      received.push(request);
      return { jobId: `job-${request.bytes.length}` };
    },
  } as unknown as StratumApi;
  const server = createStratumServer({ call: (method, request) => dispatchApiCall(api, method, request), rendererDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await rm(rendererDir, { recursive: true, force: true });
});

describe('HTTP host', () => {
  it('serves the renderer with the CSP header', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<title>Stratum</title>');
  });

  it('does not serve files outside the renderer folder', async () => {
    const response = await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`);
    expect([403, 404]).toContain(response.status);
  });

  it('uploads bytes to an API method and answers with its envelope', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const response = await fetch(`${base}/api/openDocument`, { method: 'POST', body: encodeApiJson({ fileName: 'a.pdf', bytes }) });
    expect(decodeApiJson(await response.text())).toEqual({ ok: true, value: { jobId: 'job-4' } });
    expect(received).toEqual([{ fileName: 'a.pdf', bytes }]);
  });

  it('rejects invalid payloads, unknown methods and GET calls', async () => {
    const invalid = await fetch(`${base}/api/openDocument`, { method: 'POST', body: '{"fileName": 3}' });
    expect(await invalid.json()).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect((await fetch(`${base}/api/deleteEverything`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${base}/api/openDocument`)).status).toBe(405);
  });
});
