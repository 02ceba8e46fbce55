import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewCut } from './preview-cut';

const wiki = readFileSync(new URL('../../../../test-data/corpus/md/wiki.md', import.meta.url), 'utf8');

describe('previewCut', () => {
  it('cuts a long file before a heading after a blank line, inside the window', () => {
    const source = `${wiki}\n\n${wiki}\n\n${wiki}`;
    const cut = previewCut(source, 100, wiki.length + 50)!;
    expect(cut).toBeGreaterThanOrEqual(100);
    expect(cut).toBeLessThanOrEqual(wiki.length + 50);
    expect(source.slice(cut)).toMatch(/^#{1,6} /);
    expect(source[cut - 2]).toBe('\n');
  });

  it('never cuts inside fenced code, and gives no preview for a short file', () => {
    const code = ['```', ...Array.from({ length: 40 }, (_, i) => (i % 2 ? '' : `# not a heading ${i}`)), '```'].join('\n');
    const source = `intro\n\n${code}\n\nafter the code\n\n# Real heading\n\ntext\n`;
    const cut = previewCut(source, 1, source.length - 1)!;
    expect(source.slice(cut)).toMatch(/^(after the code|# Real heading)/);
    expect(previewCut('short', 1, 100)).toBeUndefined();
  });
});
