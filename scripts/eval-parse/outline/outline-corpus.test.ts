import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPart, discoverPdfs } from './outline-corpus';

describe('corpusPart', () => {
  it('holds out about a quarter of the names, by the name alone', () => {
    const names = Array.from({ length: 400 }, (_, i) => `document-${i}.pdf`);
    const heldOut = names.filter((name) => corpusPart(name) === 'held-out').length;
    expect(heldOut).toBeGreaterThan(70);
    expect(heldOut).toBeLessThan(130);
    expect(corpusPart('/one/folder/document-7.pdf')).toBe(corpusPart('/another/document-7.pdf'));
  });
});

describe('discoverPdfs', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outline-corpus-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds PDFs in every subfolder, in path order, without following links or looking into hidden folders', () => {
    mkdirSync(path.join(folder, 'b', 'deep'), { recursive: true });
    mkdirSync(path.join(folder, '.work', 'extract'), { recursive: true });
    for (const name of ['z.pdf', 'notes.txt', 'b/deep/A.PDF', 'b/c.pdf', '.work/extract/x.pdf', 'b/.hidden.pdf']) {
      writeFileSync(path.join(folder, name), '%PDF-1.4');
    }
    symlinkSync(path.join(folder, 'z.pdf'), path.join(folder, 'link.pdf'));
    expect(discoverPdfs(folder).map((file) => file.relativePath)).toEqual(['b/c.pdf', 'b/deep/A.PDF', 'z.pdf']);
  });
});
