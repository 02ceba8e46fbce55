import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeApiJson } from '../../src-shared/api-codec';
import { startWorkbenchThread, type WorkbenchThread } from '../workbench/workbench-host';
import { createStratumServer } from './http-server';
import { createAccessToken } from './request-guards';

const MAX_JSON_BODY_BYTES = 1024 * 1024;
const MAX_UPLOAD_BYTES = 1024 * 1024;

let folder: string;
let presetsDir: string;
let uploadDir: string;
let thread: WorkbenchThread;
let port: number;
let close: () => void;
const token = createAccessToken();
/** Each upload's temporary file as the workbench was asked to open it. */
const uploads: Array<{ path: string; mode: number; fileName: string }> = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-server-'));
  presetsDir = join(folder, 'presets');
  uploadDir = await mkdtemp(join(folder, 'uploads-'));
  await writeFile(join(folder, 'index.html'), '<!doctype html><title>Stratum</title>');
  thread = startWorkbenchThread({ presetsDir });
  const server = createStratumServer({
    call: thread.call,
    openUpload: async (request) => {
      uploads.push({ path: request.path, mode: (await stat(request.path)).mode & 0o777, fileName: request.fileName });
      return thread.callHost('openDocumentFile', request);
    },
    rendererDir: folder,
    accessToken: token,
    uploadDir,
    maxJsonBodyBytes: MAX_JSON_BODY_BYTES,
    maxUploadBytes: MAX_UPLOAD_BYTES,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await thread.close();
  await rm(folder, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface Sending {
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
}

/** One HTTP request with exactly these headers (fetch would not let a test set Host). */
function send(path: string, { method = 'POST', headers = {}, body }: Sending = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(parts).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The headers of an API call as the page makes it: its token, a JSON body. */
const jsonHeaders = { 'X-Stratum-Token': token, 'Content-Type': 'application/json' };
const uploadHeaders = { 'X-Stratum-Token': token, 'Content-Type': 'application/octet-stream' };

function call(method: string, payload: unknown, headers: OutgoingHttpHeaders = {}): Promise<Reply> {
  return send(`/api/${method}`, { headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(payload) });
}

const savedPresets = async () => (await readdir(presetsDir).catch(() => [] as string[])).sort();

describe('HTTP host: static files', () => {
  it('serves the renderer with the CSP header and without a token', async () => {
    const reply = await send('/', { method: 'GET' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.text).toContain('<title>Stratum</title>');
  });

  it('does not serve files outside the renderer folder', async () => {
    expect([403, 404]).toContain((await send('/..%2F..%2Fetc%2Fpasswd', { method: 'GET' })).status);
  });
});

describe('HTTP host: what a web page of another site cannot do', () => {
  it('answers only to the loopback names with its own port (DNS rebinding), before any work', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `attacker.localhost:${port}`]) {
      expect({ host, status: (await send('/', { method: 'GET', headers: { Host: host } })).status }).toEqual({ host, status: 403 });
      const reply = await call('savePreset', { name: 'rebound', config: { maxTokens: 9 } }, { Host: host });
      expect({ host, status: reply.status }).toEqual({ host, status: 403 });
    }
    expect(await savedPresets()).toEqual([]);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect({ host, status: (await call('listPresets', {}, { Host: host })).status }).toEqual({ host, status: 200 });
    }
  });

  it('refuses a foreign Origin with 403 and writes nothing; no Origin or its own origin is fine', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`]) {
      const reply = await call('savePreset', { name: 'foreign', config: { maxTokens: 9 } }, { Origin: origin });
      expect({ origin, status: reply.status }).toEqual({ origin, status: 403 });
    }
    expect(await savedPresets()).toEqual([]);
    expect((await call('savePreset', { name: 'own', config: { maxTokens: 9 } }, { Origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await call('savePreset', { name: 'no-origin', config: { maxTokens: 9 } })).status).toBe(200);
    expect(await savedPresets()).toEqual(['no-origin.yaml', 'own.yaml']);
  });

  it('requires the access token on every API call: none or a wrong one gets 401', async () => {
    const headers = { 'Content-Type': 'application/json' };
    const body = JSON.stringify({ name: 'tokenless', config: {} });
    expect((await send('/api/savePreset', { headers, body })).status).toBe(401);
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await send('/api/savePreset', { headers: { ...headers, 'X-Stratum-Token': wrong }, body })).status).toBe(401);
    expect((await send('/api/savePreset', { headers: { ...headers, 'X-Stratum-Token': '' }, body })).status).toBe(401);
    expect(await savedPresets()).not.toContain('tokenless.yaml');
  });

  it('takes JSON only as application/json: a text/plain or form post (which a page sends unasked) gets 415', async () => {
    const types = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];
    for (const type of [...types, undefined]) {
      const headers = { 'X-Stratum-Token': token, ...(type === undefined ? {} : { 'Content-Type': type }) };
      const reply = await send('/api/savePreset', { headers, body: JSON.stringify({ name: 'plain', config: {} }) });
      expect({ type, status: reply.status }).toEqual({ type, status: 415 });
    }
    expect(await savedPresets()).not.toContain('plain.yaml');
    expect((await call('listPresets', {}, { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
  });
});

describe('HTTP host: bounded bodies', () => {
  it('answers 413 to a declared oversized body without waiting for it', async () => {
    // Ten gigabytes announced, none sent: only an answer that does not read the body can arrive.
    const reply = await send('/api/countTokens', { headers: { ...jsonHeaders, 'Content-Length': String(10 * 1024 ** 3) } });
    expect(reply.status).toBe(413);
    const upload = await send('/api/openDocument', {
      headers: { ...uploadHeaders, 'X-Stratum-File-Name': 'big.pdf', 'Content-Length': String(MAX_UPLOAD_BYTES + 1) },
    });
    expect(upload.status).toBe(413);
  });

  it('stops reading a chunked body once it passes the limit, answers 413 and closes the connection', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const outcome = await new Promise<{ status: number; written: number }>((resolve, reject) => {
      let written = 0;
      let status = 0;
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/countTokens', method: 'POST', headers: jsonHeaders },
        (response) => {
          status = response.statusCode ?? 0;
          response.resume();
        },
      );
      const timer = setTimeout(() => reject(new Error('the server neither answered nor closed within 10 s')), 10_000);
      const finish = () => {
        clearTimeout(timer);
        resolve({ status, written });
      };
      request.on('close', finish);
      request.on('error', () => undefined);
      // At most 200 chunks (12.5 MB): a server that read everything would see all of them.
      const pump = () => {
        while (written < 200 * chunk.length && !request.destroyed && status === 0) {
          written += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (status === 0 && !request.destroyed) request.end();
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.written).toBeLessThan(200 * 64 * 1024);
  });

  it('answers a request nested too deeply with a clear 400, and the next call at once', async () => {
    const nested = `{"text": "a", "tokenizers": ${'['.repeat(60_000)}${']'.repeat(60_000)}}`;
    expect(nested.length).toBeGreaterThan(120_000);
    const reply = await send('/api/countTokens', { headers: jsonHeaders, body: nested });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({
      ok: false,
      error: {
        code: 'bad-request',
        message: expect.stringMatching(/^countTokens: the body is too deeply nested \(more than \d+ levels\)$/),
      },
    });
    const started = performance.now();
    const next = await call('countTokens', { text: 'one two three', tokenizers: ['tiktoken:cl100k_base'] });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(decodeApiJson(next.text)).toEqual({ ok: true, value: { counts: [{ tokenizer: 'tiktoken:cl100k_base', count: 3 }] } });
  });

  it('answers a body that is not JSON with a 400 envelope', async () => {
    const reply = await send('/api/getJob', { headers: jsonHeaders, body: '{"jobId": ' });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toMatchObject({ ok: false, error: { code: 'bad-request', message: 'getJob: the body is not JSON' } });
  });
});

describe('HTTP host: uploads', () => {
  const upload = (bytes: Uint8Array, headers: OutgoingHttpHeaders = {}) =>
    send('/api/openDocument', { headers: { ...uploadHeaders, ...headers }, body: bytes });

  it('streams an upload to a private temporary file the workbench opens, then removes it', async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/corpus/md/wiki.md', import.meta.url)));
    const reply = await upload(bytes, { 'X-Stratum-File-Name': encodeURIComponent('Über uns.md') });
    expect(reply.status).toBe(200);
    const { jobId } = (decodeApiJson(reply.text) as { value: { jobId: string } }).value;
    expect(uploads.at(-1)).toMatchObject({ mode: 0o600, fileName: 'Über uns.md' });
    expect(uploads.at(-1)!.path.startsWith(uploadDir)).toBe(true);
    expect(await readdir(uploadDir)).toEqual([]);
    let status: { state: string; documentId: string | null } = { state: 'running', documentId: null };
    for (let attempt = 0; status.state === 'running' && attempt < 1200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (decodeApiJson((await call('getJob', { jobId })).text) as { value: typeof status }).value;
    }
    expect(status.state).toBe('done');
    const view = decodeApiJson((await call('getDocument', { documentId: status.documentId })).text) as {
      value: { fileName: string; items: unknown[] };
    };
    expect(view.value.fileName).toBe('Über uns.md');
    expect(view.value.items.length).toBeGreaterThan(10);
  });

  it('takes an upload as application/octet-stream only, with its name, within the size limit', async () => {
    const bytes = new TextEncoder().encode('# Title\n\nText.\n');
    expect((await upload(bytes, { 'Content-Type': 'application/json', 'X-Stratum-File-Name': 'a.md' })).status).toBe(415);
    const unnamed = await upload(bytes);
    expect(unnamed.status).toBe(400);
    expect(JSON.parse(unnamed.text)).toMatchObject({ error: { message: expect.stringContaining('names no file') } });
    // Chunked (no length to check first): counted while it streams in.
    const big = await send('/api/openDocument', {
      headers: { ...uploadHeaders, 'X-Stratum-File-Name': 'big.md', 'Transfer-Encoding': 'chunked' },
      body: new Uint8Array(MAX_UPLOAD_BYTES + 1),
    });
    expect(big.status).toBe(413);
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('refuses other methods and names: GET 405, an unknown method 404, the host-only key message 404', async () => {
    expect((await send('/api/openDocument', { method: 'GET', headers: { 'X-Stratum-Token': token } })).status).toBe(405);
    expect((await call('deleteEverything', {})).status).toBe(404);
    expect((await call('setLlmKeys', { OPENAI_API_KEY: 'sk-from-a-page' })).status).toBe(404);
  });
});
