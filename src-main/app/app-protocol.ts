import { CONTENT_SECURITY_POLICY } from '../renderer-files/content-security-policy';
import { contentTypeOf, staticFilePath } from '../renderer-files/static-files';

/**
 * The window loads the renderer from `stratum://app/`, a standard secure scheme, rather than from
 * file://: `'self'` in the CSP then means exactly the app's own files, module scripts and the pdf.js
 * worker load like on the web, and no other local file is reachable.
 */
export const APP_SCHEME = 'stratum';
export const APP_INDEX_URL = `${APP_SCHEME}://app/index.html`;

export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_SCHEME}://app/`);
}

interface AppProtocolResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/** The response to a request on the app scheme: a file of the built renderer, with the CSP. */
export async function appProtocolResponse(
  rendererDir: string,
  requestUrl: string,
  readFile: (path: string) => Promise<Uint8Array>,
): Promise<AppProtocolResponse> {
  const url = new URL(requestUrl);
  const path = url.host === 'app' ? staticFilePath(rendererDir, url.pathname) : null;
  if (path === null) return { status: 403, headers: { 'Content-Type': 'text/plain' }, body: 'forbidden' };
  try {
    return {
      status: 200,
      headers: { 'Content-Type': contentTypeOf(path), 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
      body: await readFile(path),
    };
  } catch {
    return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'not found' };
  }
}
