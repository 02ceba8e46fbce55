import type { z } from 'zod';
import { apiSchemas, type StratumApi } from '../../src-shared/api';
import type { ApiError, ApiResult } from '../../src-shared/api-result';
import type { ApiMethodName } from '../../src-shared/api-methods';
import { describeIssues } from '../../src-shared/config';
import { isStratumError } from '../../src-shared/errors';
import { hostCallSchemas, type HostCallName, type HostCalls } from './host-calls';

/**
 * The boundary both hosts share: validates a request that arrived over IPC or HTTP against the
 * method's schema, runs it, and turns every outcome into a result envelope. Nothing unvalidated
 * reaches the service, and no exception escapes to the transport.
 */
export function dispatchApiCall(api: StratumApi, method: ApiMethodName, rawRequest: unknown): Promise<ApiResult<unknown>> {
  return dispatchValidated(method, apiSchemas[method].request, api[method] as (request: unknown) => Promise<unknown>, rawRequest);
}

/** The same for the calls only a host makes on its workbench thread (host-calls.ts). */
export function dispatchHostCall(host: HostCalls, method: HostCallName, rawRequest: unknown): Promise<ApiResult<unknown>> {
  return dispatchValidated(method, hostCallSchemas[method].request, host[method] as (request: unknown) => Promise<unknown>, rawRequest);
}

async function dispatchValidated(
  method: string,
  schema: z.ZodType,
  call: (request: unknown) => Promise<unknown>,
  rawRequest: unknown,
): Promise<ApiResult<unknown>> {
  const parsed = schema.safeParse(rawRequest ?? {});
  if (!parsed.success) {
    return { ok: false, error: { code: 'bad-request', message: `${method}: ${describeIssues(parsed.error, 'request')}` } };
  }
  try {
    return { ok: true, value: await call(parsed.data) };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}

export function toApiError(error: unknown): ApiError {
  if (isStratumError(error)) return { code: error.code, message: error.message };
  if (error instanceof NotFoundError) return { code: 'not-found', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `unexpected error: ${message}` };
}

/** A request for a document or job the host does not (or no longer) hold. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

export function isApiMethodName(name: string): name is ApiMethodName {
  return Object.hasOwn(apiSchemas, name);
}
