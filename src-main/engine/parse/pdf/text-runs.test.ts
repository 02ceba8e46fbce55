import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');

describe('mirrored glyphs', () => {
  it('reads the XeTeX logo, its E mirrored, and the text pdf.js draws on from the mirrored glyph (LuaTeX)', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(folder, 'lualatex-doc-DE-p3.pdf')));
    const doc = await pdfParser.parse({ fileName: 'lualatex-doc-DE-p3.pdf', bytes });
    const text = doc.texts.map((t) => t.text).join('\n');
    expect(text).toContain('sind pdfTEX, XETEX und LuaTEX.');
    expect(doc.texts.map((t) => t.text)).toContain('XETEX');
  });
});
