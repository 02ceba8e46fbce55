import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser, headingsOf, bodyTextsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const titleOf = (doc: DoclingDocument): string | undefined => doc.texts.find((t) => t.label === 'title')?.text;

describe('PDF headings that their page shows to be something else', () => {
  it('reads a navigation bar that repeats the chapter title above it, smaller, as text (LibreOffice, WeasyPrint)', async () => {
    for (const [file, title] of [
      ['maint-guide-build-p1.ru.libreoffice.pdf', 'Глава 6. Сборка пакета'],
      ['maint-guide-modify-p1.fr.weasyprint.pdf', 'Chapitre 3. Modification du code source'],
    ] as const) {
      const doc = await parse(file);
      expect(titleOf(doc)).toBe(title);
      expect(headingsOf(doc).filter((text) => text === title)).toHaveLength(1);
      expect(bodyTextsOf(doc)).toContain(title);
    }
  });

  it('reads a heading after other text on its line as text: a header row, a table cell (Ghostscript, WeasyPrint)', async () => {
    const novel = await parse('groff-mom-sample_docs-p4.pdf');
    expect(headingsOf(novel)).not.toContain('Outline');
    expect(bodyTextsOf(novel)).toEqual(expect.arrayContaining(['Rosemary Winspeare', 'Outline']));
    expect(headingsOf(novel)).toEqual(expect.arrayContaining(['1.2. Chapter 2', '2. PART TWO']));
    const reference = await parse('debian-reference-ch02-p13.ja.weasyprint.pdf');
    expect(headingsOf(reference)).not.toContain('ビューの説明');
    expect(bodyTextsOf(reference)).toContain('ビューの説明');
    expect(headingsOf(reference)).toEqual(expect.arrayContaining(['2.2.6. aptitude を使った探索方法', '2.2.7. aptitude の regex 式']));
  });

  it('keeps a run-in heading that text follows on its line (LuaTeX)', async () => {
    const doc = await parse('arabluatex-p1-34.pdf');
    expect(headingsOf(doc)).toContain('Additional Arabic marks');
  });

  it("reads the author and date lines centred under a title as text, and keeps a numbered section's heading (LuaTeX, pdfTeX)", async () => {
    const manual = await parse('arabluatex-p1-34.pdf');
    expect(titleOf(manual)).toBe('The arabluatex package v1.20 – 2020/03/23');
    expect(bodyTextsOf(manual)).toContain('Robert Alessi');
    const bibliography = await parse('ugost2008-p1.pdf');
    expect(titleOf(bibliography)).toBe('The GOST bundle: ugost2008.bst');
    expect(bodyTextsOf(bibliography)).toContain('4 февраля 2021 г.');
    expect(headingsOf(bibliography)).toEqual(expect.arrayContaining(['1 Books', '1.1 One–three authors']));
  });

  it('reads an author centred over the affiliation and a list of contributors as part of the title block (LuaTeX)', async () => {
    const manual = await parse('fancyvrb-doc-p1.pdf');
    expect(bodyTextsOf(manual)).toEqual(
      expect.arrayContaining([
        'Timothy Van Zandt Princeton University Princeton – USA',
        'Packaging and documentation by',
        'January 19, 2023',
      ]),
    );
    expect(headingsOf(manual)).toContain('Abstract');
  });
});
