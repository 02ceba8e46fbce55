import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/**
 * The file under `rootDir` a URL path names (`/` is `index.html`), or null for a path that would
 * leave the folder. Both hosts serve the built renderer through this (HTTP and the app protocol).
 */
export function staticFilePath(rootDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath === '/' || urlPath === '' ? '/index.html' : urlPath);
  } catch {
    return null;
  }
  const relative = normalize(decoded).replace(/^[/\\]+/, '');
  if (relative === '' || relative.split(/[/\\]/).includes('..') || relative.includes('\0')) return null;
  return join(rootDir, relative.split('/').join(sep));
}

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
