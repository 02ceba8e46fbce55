import type { StratumApi } from './api';
import { apiMethodNames, type ApiMethodName } from './api-methods';
import { unwrapApiResult } from './api-result';

/** Sends one call to a host and resolves with its result envelope (IPC, HTTP, a worker thread). */
export type ApiTransport = (method: ApiMethodName, request: unknown) => Promise<unknown>;

/** The `StratumApi` over any transport: every method unwraps the host's envelope or rejects with an `ApiCallError`. */
export function createApiClient(transport: ApiTransport): StratumApi {
  const entries = apiMethodNames.map((method) => [
    method,
    async (request: unknown) => unwrapApiResult(method, await transport(method, request ?? {})),
  ]);
  return Object.fromEntries(entries) as StratumApi;
}
