import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-faces');

const textsLabelled = (doc: DoclingDocument, label: string): string[] => doc.texts.filter((t) => t.label === label).map((t) => t.text);

describe('code is what is set in a typewriter face, as the font measures', () => {
  it('reads a proportional face whose name holds "code" as body text, its typewriter listings as code (XeTeX, arabxetex)', async () => {
    const doc = await parse('arabxetex-p5.pdf');
    expect(textsLabelled(doc, 'section_header')).toEqual(['3.1 Font setup']);
    expect(textsLabelled(doc, 'text').some((text) => text.includes('ArabXETEX requires the user to define'))).toBe(true);
    expect(textsLabelled(doc, 'code')).toContain('\\newfontfamily\\arabicfont[Script=Arabic]{<fontname>}');
    expect(textsLabelled(doc, 'code').every((text) => !text.includes('warning is issued'))).toBe(true);
  });

  it('reads a document set wholly in a typewriter face as text, not code: the body is never code (Chromium, groff)', async () => {
    for (const fileName of ['build-notes.txt.chromium.pdf', 'build-notes.gropdf.pdf']) {
      const doc = await parse(fileName);
      expect(textsLabelled(doc, 'code'), fileName).toEqual([]);
      expect(textsLabelled(doc, 'text'), fileName).toContain('INSTALLING');
    }
  });

  it("reads a listing's line number with its line of code, though a margin five font sizes wide parts them (pdfTeX, beamerswitch)", async () => {
    const doc = await testPdfParser('pdf-glyphs')('beamerswitch-p2-23.pdf');
    const listing = textsLabelled(doc, 'code').find((text) => text.includes('% put side-by-side'));
    const lines = listing?.split('\n') ?? [];
    expect(lines[0]).toBe('469 % put side-by-side');
    expect(lines[1]).toMatch(/^470 \\pgfpageslogicalpageoptions\{ ?1 ?\}$/u);
    expect(lines.every((line) => /^\d+ /u.test(line) || line.startsWith(',→'))).toBe(true);
  });

  it("reads a listing line as code whatever the face of its line number (XeTeX, docstrip's numbers in the text's face)", async () => {
    const doc = await parse('datetime2-lsorbian-p1-12.pdf');
    expect(textsLabelled(doc, 'code')).toContainEqual(expect.stringMatching(/^409 \\ifundef\\datelsorbian\n410 \{% do nothing/u));
  });

  it('keeps a typewriter face whose CJK glyphs are twice as wide as its Latin ones code (WeasyPrint, Korean)', async () => {
    const doc = await parse('install-ch05s01-p2.ko.weasyprint.pdf');
    expect(textsLabelled(doc, 'code').some((text) => text.startsWith("menuentry 'New Install' {"))).toBe(true);
  });
});
