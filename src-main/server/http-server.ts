import { randomBytes } from 'node:crypto';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ApiTransport } from '../../src-shared/api-client';
import { decodeApiJson, encodeApiJson } from '../../src-shared/api-codec';
import type { ApiResult } from '../../src-shared/api-result';
import { NestingTooDeepError } from '../../src-shared/bounded-parse';
import {
  ACCESS_TOKEN_HEADER,
  FILE_NAME_HEADER,
  JSON_CONTENT_TYPE,
  PASSWORD_HEADER,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_METHOD,
} from '../../src-shared/http-api';
import { inputLimits } from '../engine/parse/limits';
import { CONTENT_SECURITY_POLICY } from '../renderer-files/content-security-policy';
import { isApiMethodName } from '../workbench/dispatch';
import { contentTypeOf, staticFilePath } from '../renderer-files/static-files';
import { consumeBody } from './request-body';
import { declaredLength, isLoopbackHost, isOwnOrigin, mediaTypeOf, tokenMatches } from './request-guards';

/**
 * JSON bodies carry configs, chunk texts to count (up to 10 million characters) and config files;
 * documents come as uploads.
 */
const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;

/** What an upload becomes: the workbench's `openDocumentFile` host call, answering with a result envelope. */
export type UploadOpener = (request: { path: string; fileName: string; password?: string }) => Promise<unknown>;

export interface StratumServerOptions {
  /** runs one API call: validates, dispatches, answers with a result envelope */
  call: ApiTransport;
  openUpload: UploadOpener;
  /** the built renderer (out/renderer) */
  rendererDir: string;
  /** required on every API call (`X-Stratum-Token`); the page gets it from the address the server prints */
  accessToken: string;
  /** a folder only this user can read: uploads are written there while they are opened, then removed */
  uploadDir: string;
  maxJsonBodyBytes?: number;
  maxUploadBytes?: number;
}

/**
 * Browser mode: the built renderer as static files and the API as `POST /api/<method>`. A web page
 * of another site must not drive it: every request must name the loopback address as its `Host`
 * (DNS rebinding) and come from no other origin; API calls carry the access token and a body of their
 * own type (no form or `text/plain` post a page may send without asking); bodies are bounded and
 * refused before being read. Every response carries the app's CSP.
 */
export function createStratumServer(options: StratumServerOptions): Server {
  return createServer((request, response) => {
    response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.setHeader('Referrer-Policy', 'no-referrer');
    const port = request.socket.localPort ?? 0;
    if (!isLoopbackHost(request.headers.host, port)) {
      return refuse(response, 403, 'forbidden: this server answers to 127.0.0.1 and localhost only');
    }
    if (!isOwnOrigin(request.headers.origin, port)) return refuse(response, 403, 'forbidden: requests from other sites are refused');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handled = url.pathname.startsWith('/api/')
      ? handleApi(options, url.pathname.slice(5), request, response)
      : serveStatic(options.rendererDir, url.pathname, request, response);
    handled.catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      else response.destroy();
    });
  });
}

async function handleApi(options: StratumServerOptions, method: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!tokenMatches(request.headers[ACCESS_TOKEN_HEADER.toLowerCase()], options.accessToken)) {
    return refuse(response, 401, 'this page has no valid access token: open the address the Stratum server printed when it started');
  }
  if (request.method !== 'POST') return refuse(response, 405, 'API calls are POST');
  if (!isApiMethodName(method)) return refuse(response, 404, `no API method ${method}`);
  const upload = method === UPLOAD_METHOD;
  const expectedType = upload ? UPLOAD_CONTENT_TYPE : JSON_CONTENT_TYPE;
  if (mediaTypeOf(request.headers) !== expectedType) return refuse(response, 415, `${method} takes a body of type ${expectedType}`);
  const maxBytes = upload ? (options.maxUploadBytes ?? inputLimits().maxFileBytes) : (options.maxJsonBodyBytes ?? MAX_JSON_BODY_BYTES);
  if ((declaredLength(request.headers) ?? 0) > maxBytes) return refuse(response, 413, tooLargeMessage(maxBytes));
  if (upload) return handleUpload(options, maxBytes, request, response);

  const parts: Buffer[] = [];
  if ((await consumeBody(request, maxBytes, (part) => void parts.push(part))) === 'too-large') {
    return refuse(response, 413, tooLargeMessage(maxBytes));
  }
  const text = Buffer.concat(parts).toString('utf8');
  let payload: unknown;
  try {
    payload = text.length === 0 ? {} : decodeApiJson(text);
  } catch (error) {
    const problem = error instanceof NestingTooDeepError ? error.message : 'not JSON';
    return sendJson(response, badRequest(`${method}: the body is ${problem}`), 400);
  }
  sendJson(response, await options.call(method, payload));
}

/**
 * The document goes to a file of its own (readable by this user only) as it arrives, never whole
 * into memory, and the workbench reads it from there; the file is removed once it has.
 */
async function handleUpload(
  options: StratumServerOptions,
  maxBytes: number,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const fileName = percentDecodedHeader(request, FILE_NAME_HEADER);
  const password = percentDecodedHeader(request, PASSWORD_HEADER);
  if (fileName === null || password === null || fileName === undefined) {
    // the body is not read: close rather than have Node drain it
    response.setHeader('Connection', 'close');
    const problem = fileName === undefined ? `the upload names no file (${FILE_NAME_HEADER})` : 'a header is not percent-encoded';
    return sendJson(response, badRequest(`${UPLOAD_METHOD}: ${problem}`), 400);
  }
  const path = join(options.uploadDir, `${randomBytes(16).toString('hex')}.upload`);
  let result: { opened: unknown } | 'too-large';
  try {
    const file = await open(path, 'wx', 0o600);
    let outcome;
    try {
      outcome = await consumeBody(request, maxBytes, (part) => writeAll(file, part));
    } finally {
      await file.close();
    }
    const opening = { path, fileName, ...(password === undefined ? {} : { password }) };
    result = outcome === 'too-large' ? outcome : { opened: await options.openUpload(opening) };
  } finally {
    await rm(path, { force: true });
  }
  if (result === 'too-large') return refuse(response, 413, tooLargeMessage(maxBytes));
  sendJson(response, result.opened);
}

async function writeAll(file: FileHandle, part: Buffer): Promise<void> {
  for (let offset = 0; offset < part.length;) offset += (await file.write(part, offset)).bytesWritten;
}

/** A header's text: undefined when absent, null when it is not valid percent-encoding. */
function percentDecodedHeader(request: IncomingMessage, name: string): string | undefined | null {
  const value = request.headers[name.toLowerCase()];
  if (typeof value !== 'string') return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

async function serveStatic(rendererDir: string, pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'method not allowed');
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

function badRequest(message: string): ApiResult<never> {
  return { ok: false, error: { code: 'bad-request', message } };
}

function tooLargeMessage(maxBytes: number): string {
  return `request too large (at most ${Math.floor(maxBytes / (1024 * 1024))} MB)`;
}

function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  const body = encodeApiJson(value);
  response.writeHead(status, { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store' });
  response.end(body);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(text);
}

/**
 * Answers without reading the request's body and closes the connection once the answer is out:
 * kept alive, it would have Node read (and discard) whatever body the client still sends.
 */
function refuse(response: ServerResponse, status: number, text: string): void {
  response.setHeader('Connection', 'close');
  sendText(response, status, text);
}
