/**
 * How browser mode carries the API over HTTP (the server in src-main/server, the page's client in
 * src-renderer/src/api): every method is `POST /api/<method>` with a JSON body, except
 * `openDocument`, whose body is the document's bytes with its name and password in headers.
 */

/** The header with the access token the server printed in the page's address (`#token=...`). */
export const ACCESS_TOKEN_HEADER = 'X-Stratum-Token';
/** The uploaded document's file name, percent-encoded (headers carry ASCII only). */
export const FILE_NAME_HEADER = 'X-Stratum-File-Name';
/** The uploaded document's password, percent-encoded, when it has one. */
export const PASSWORD_HEADER = 'X-Stratum-Password';

export const JSON_CONTENT_TYPE = 'application/json';
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** The method whose body is the uploaded document. */
export const UPLOAD_METHOD = 'openDocument';

/** The fragment parameter of the page's address that holds the access token. */
export const ACCESS_TOKEN_FRAGMENT_KEY = 'token';
