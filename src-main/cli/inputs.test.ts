import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planOutputPaths, type InputFile } from './inputs';

const input = (absolutePath: string, relativeFolder = ''): InputFile => ({ absolutePath, displayPath: absolutePath, relativeFolder });

describe('planOutputPaths', () => {
  it('names outputs by stem, mirrors subfolders and keeps the extension only where stems collide', () => {
    const files = [input('/docs/a.md'), input('/docs/a.html'), input('/docs/b.pdf'), input('/docs/sub/b.md', 'sub')];
    const paths = planOutputPaths(files, '/out', '.json');
    expect(files.map((file) => paths.get(file))).toEqual([
      join('/out', 'a.md.json'),
      join('/out', 'a.html.json'),
      join('/out', 'b.json'),
      join('/out', 'sub', 'b.json'),
    ]);
  });
});
