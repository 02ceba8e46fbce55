import { StratumError } from '../../../src-shared/errors';
import { cancelledError } from '../cancellation';

/** An answer is a few kilobytes; a body past this is not an answer, and is not read on. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** What an error message quotes of a provider's error body. */
const QUOTED_ERROR_CHARACTERS = 300;

/**
 * A request the provider did not answer usefully. `retryable` for what may pass on a second try
 * (429, 5xx, network failures, timeouts); `retryAfterMs` when the provider said how long to wait.
 */
export class LlmRequestError extends StratumError {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super('llm', message);
  }
}

export interface PostJsonRequest {
  /** Names the provider in every error message: `openai-compatible (llama3.1)`. */
  label: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  signal: AbortSignal;
  maxResponseBytes?: number;
  /** The clock `Retry-After` dates are read against. */
  now?: () => number;
}

/**
 * POSTs a JSON body and returns the parsed JSON answer. Fails with `LlmRequestError` (timeout,
 * network, HTTP status, a body too large or not JSON) or the cancelled error; never quotes the
 * request's headers, so a key in them cannot reach a message.
 */
export async function postJson(request: PostJsonRequest): Promise<unknown> {
  const where = `${request.label} at ${withoutQuery(request.url)}`;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    throw failure(error, request.signal, timeout, where, request.timeoutMs);
  }
  let text: string;
  try {
    text = await readBounded(response, request.maxResponseBytes ?? MAX_RESPONSE_BYTES, where);
  } catch (error) {
    if (error instanceof LlmRequestError) throw error;
    throw failure(error, request.signal, timeout, where, request.timeoutMs);
  }
  if (!response.ok) {
    const retryable = response.status === 429 || response.status >= 500;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), request.now?.() ?? Date.now());
    const quoted = quoteError(text);
    throw new LlmRequestError(`${where}: HTTP ${response.status}${quoted ? `: ${quoted}` : ''}`, retryable, response.status, retryAfterMs);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LlmRequestError(`${where}: the answer is not JSON (${quoteError(text) || 'empty body'})`, false, response.status);
  }
}

/**
 * `Retry-After` as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable. A date in the past means now.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function failure(error: unknown, caller: AbortSignal, timeout: AbortSignal, where: string, timeoutMs: number): Error {
  if (caller.aborted) return cancelledError();
  if (timeout.aborted) return new LlmRequestError(`${where}: no answer within ${Math.round(timeoutMs / 100) / 10} s`, true);
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new LlmRequestError(`${where}: ${cause}`, true);
}

async function readBounded(response: Response, maxBytes: number, where: string): Promise<string> {
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length > maxBytes) {
    await response.body?.cancel();
    throw new LlmRequestError(`${where}: the answer is larger than ${maxBytes} bytes`, false, response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new LlmRequestError(`${where}: the answer is larger than ${maxBytes} bytes`, false, response.status);
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/** A provider's error, as short as a message line allows: its `error.message` when it has one. */
function quoteError(text: string): string {
  let quoted = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string') quoted = message;
  } catch {
    // not JSON: quoted as it is
  }
  quoted = quoted.replace(/\s+/g, ' ').trim();
  return quoted.length > QUOTED_ERROR_CHARACTERS ? `${quoted.slice(0, QUOTED_ERROR_CHARACTERS)}…` : quoted;
}

function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
