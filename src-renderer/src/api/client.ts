import type { StratumApi } from '../../../src-shared/api';
import { apiMethodNames, type ApiMethodName } from '../../../src-shared/api-methods';
import { unwrapApiResult } from '../../../src-shared/api-result';

/** Sends one call to the host and resolves with its result envelope. */
export type ApiTransport = (method: ApiMethodName, request: unknown) => Promise<unknown>;

/** The `StratumApi` over any transport: every method unwraps the host's envelope or rejects with an `ApiCallError`. */
export function createApiClient(transport: ApiTransport): StratumApi {
  const entries = apiMethodNames.map((method) => [method, async (request: unknown) => unwrapApiResult(method, await transport(method, request ?? {}))]);
  return Object.fromEntries(entries) as StratumApi;
}
