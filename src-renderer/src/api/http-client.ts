import { decodeApiJson, encodeApiJson } from '../../../src-shared/api-codec';
import { ApiCallError } from '../../../src-shared/api-result';
import type { ApiTransport } from '../../../src-shared/api-client';

/** Browser mode: every API method is `POST /api/<method>` to the server that served this page. */
export function httpTransport(baseUrl = ''): ApiTransport {
  return async (method, request) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: encodeApiJson(request),
      });
    } catch (error) {
      throw new ApiCallError('io', `the Stratum server is not reachable (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!response.ok) throw new ApiCallError('internal', `${method}: HTTP ${response.status} ${await response.text()}`);
    return decodeApiJson(await response.text());
  };
}
