import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, staticFilePath } from './static-files';

describe('staticFilePath', () => {
  const root = join('/srv', 'renderer');

  it('maps URL paths into the folder, `/` to index.html', () => {
    expect(staticFilePath(root, '/')).toBe(join(root, 'index.html'));
    expect(staticFilePath(root, '/assets/index-1.js')).toBe(join(root, 'assets', 'index-1.js'));
    expect(staticFilePath(root, '/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'));
  });

  it('never names a file outside the folder, however the path is spelled', () => {
    const attempts = [
      '/../secret',
      '/assets/../../secret',
      '/..%2F..%2Fetc%2Fpasswd',
      '/..%5Csecret',
      '/%2E%2E/%2E%2E/secret',
      '/a/%00.html',
    ];
    for (const attempt of attempts) {
      const path = staticFilePath(root, attempt);
      expect(path === null || path.startsWith(root + (root.endsWith('/') ? '' : '/')), attempt).toBe(true);
    }
    expect(staticFilePath(root, '/%E0%A4%A')).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it('knows the types the renderer build emits', () => {
    expect(contentTypeOf('index.html')).toContain('text/html');
    expect(contentTypeOf('pdf.worker.min.mjs')).toContain('text/javascript');
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });
});
