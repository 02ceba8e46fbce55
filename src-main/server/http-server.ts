import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ApiTransport } from '../../src-shared/api-client';
import { decodeApiJson, encodeApiJson } from '../../src-shared/api-codec';
import { CONTENT_SECURITY_POLICY } from '../workbench/content-security-policy';
import { isApiMethodName } from '../workbench/dispatch';
import { contentTypeOf, staticFilePath } from '../workbench/static-files';

/** Uploads are base64 inside JSON: room for a 300 MB document. */
const MAX_BODY_BYTES = 400 * 1024 * 1024;

export interface StratumServerOptions {
  /** runs one API call: validates, dispatches, answers with a result envelope */
  call: ApiTransport;
  /** the built renderer (out/renderer) */
  rendererDir: string;
}

/**
 * Browser mode: the built renderer as static files and the API as `POST /api/<method>` with a JSON
 * body, answered with a result envelope. Every response carries the app's CSP.
 */
export function createStratumServer({ call, rendererDir }: StratumServerOptions): Server {
  return createServer((request, response) => {
    response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handled = url.pathname.startsWith('/api/') ? handleApi(call, url.pathname.slice(5), request, response) : serveStatic(rendererDir, url.pathname, request, response);
    handled.catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      else response.destroy();
    });
  });
}

async function handleApi(call: ApiTransport, method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'POST') return sendText(response, 405, 'API calls are POST');
  if (!isApiMethodName(method)) return sendText(response, 404, `no API method ${method}`);
  const body = await readBody(request);
  if (body === null) return sendText(response, 413, 'request too large');
  let payload: unknown;
  try {
    payload = body.length === 0 ? {} : decodeApiJson(body);
  } catch {
    return sendJson(response, { ok: false, error: { code: 'bad-request', message: `${method}: the body is not JSON` } });
  }
  sendJson(response, await call(method, payload));
}

async function serveStatic(rendererDir: string, pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'method not allowed');
  const path = staticFilePath(rendererDir, pathname);
  if (path === null) return sendText(response, 403, 'forbidden');
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch {
    return sendText(response, 404, 'not found');
  }
  response.writeHead(200, { 'Content-Type': contentTypeOf(path), 'Content-Length': content.length });
  response.end(request.method === 'HEAD' ? undefined : content);
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    request.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      parts.push(part);
    });
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, value: unknown): void {
  const body = encodeApiJson(value);
  response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(body);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
