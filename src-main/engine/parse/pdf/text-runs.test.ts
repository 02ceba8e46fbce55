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

describe('the space before a spacing accent', () => {
  const textOf = async (fileName: string): Promise<string> => {
    const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
    return doc.texts.map((t) => t.text).join('\n');
  };

  it('keeps a word space measured before an accented word ("non è", "Eine Übersicht über", OT1 fonts, pdfTeX)', async () => {
    const italian = await textOf('latex4wp-it-p3.pdf');
    expect(italian).toContain('questo documento non è una guida');
    // A grave set over a dotless i is "ì".
    expect(italian).toContain('se non fosse così, raccomando');
    const german = await textOf('etdipa_doc_DE-p3.pdf');
    expect(german).toContain('Eine Übersicht über');
  });

  it('joins an accent set with a move inside a word to its letter ("Zakończenie", "załącznika", Ghostscript)', async () => {
    const polish = await textOf('wkmgr1-p3.ghostscript.pdf');
    expect(polish).toContain('Zakończenie');
    expect(polish).toContain('Tytuł załącznika');
    expect(polish).not.toMatch(/Zako ńczenie|zał ącznika/u);
  });
});
