import type { ApiRequest } from '../../../src-shared/api';
import type { ApiTransport } from '../../../src-shared/api-client';
import { decodeApiJson, encodeApiJson } from '../../../src-shared/api-codec';
import { ApiCallError } from '../../../src-shared/api-result';
import {
  ACCESS_TOKEN_HEADER,
  FILE_NAME_HEADER,
  JSON_CONTENT_TYPE,
  PASSWORD_HEADER,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_METHOD,
} from '../../../src-shared/http-api';

/**
 * Browser mode: every API method is `POST /api/<method>` to the server that served this page, with
 * the access token it printed; a document to open goes as its bytes (src-shared/http-api.ts).
 */
export function httpTransport(accessToken: string | null, baseUrl = ''): ApiTransport {
  return async (method, request) => {
    const token: Record<string, string> = accessToken === null ? {} : { [ACCESS_TOKEN_HEADER]: accessToken };
    const { headers, body } =
      method === UPLOAD_METHOD ? uploadOf(request) : { headers: { 'Content-Type': JSON_CONTENT_TYPE }, body: encodeApiJson(request) };
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/${method}`, { method: 'POST', headers: { ...token, ...headers }, body });
    } catch (error) {
      throw new ApiCallError('io', `the Stratum server is not reachable (${error instanceof Error ? error.message : String(error)})`);
    }
    // A result envelope, also with a 400 (a body the server could not read): its message says why.
    if (response.headers.get('Content-Type')?.startsWith(JSON_CONTENT_TYPE)) return decodeApiJson(await response.text());
    if (response.status === 401) {
      const howTo = 'open the address the Stratum server printed when it started';
      throw new ApiCallError('bad-request', `this page has no valid access token: ${howTo}`);
    }
    if (response.status === 413) throw new ApiCallError('too-large', `${method}: ${await response.text()}`);
    throw new ApiCallError('internal', `${method}: HTTP ${response.status} ${await response.text()}`);
  };
}

function uploadOf(request: unknown): { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  const { fileName, bytes, password } = (request ?? {}) as Partial<ApiRequest<typeof UPLOAD_METHOD>>;
  if (typeof fileName !== 'string' || !(bytes instanceof Uint8Array)) {
    throw new ApiCallError('bad-request', `${UPLOAD_METHOD}: a file name and bytes are needed`);
  }
  return {
    headers: {
      'Content-Type': UPLOAD_CONTENT_TYPE,
      [FILE_NAME_HEADER]: encodeURIComponent(fileName),
      ...(password === undefined ? {} : { [PASSWORD_HEADER]: encodeURIComponent(password) }),
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  };
}
