import type { ApiMethodName } from './api-methods';
import type { StratumErrorCode } from './errors';

/**
 * How a result crosses the process boundary: errors travel as data so that their code and message
 * survive IPC, contextBridge and HTTP alike. No zod here: the sandboxed preload cannot load it.
 */
export interface ApiError {
  code: StratumErrorCode | 'internal' | 'bad-request' | 'not-found';
  message: string;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** The error an API client rejects with: the host's typed error, rebuilt on the renderer side. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  constructor(
    readonly code: ApiError['code'],
    message: string,
  ) {
    super(message);
  }
}

/** Unwraps an envelope received from a host; anything malformed is an `internal` error. */
export function unwrapApiResult(method: ApiMethodName | string, raw: unknown): unknown {
  const envelope = raw as Partial<ApiResult<unknown>> | null;
  if (envelope?.ok === true) return envelope.value;
  const error = envelope?.ok === false ? (envelope.error as Partial<ApiError> | undefined) : undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') throw new ApiCallError(error.code, error.message);
  throw new ApiCallError('internal', `${method}: the host sent a malformed reply`);
}
