import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser, isHeading, bodyTextsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const headingsOf = (doc: DoclingDocument, page?: number): string[] =>
  doc.texts.filter((t) => isHeading(t) && (page === undefined || t.prov[0]?.page_no === page)).map((t) => t.text);

/** Headings of TeX manuals that were read as text, or not read at all. */
describe('headings of TeX manuals set so that they looked like text', () => {
  it('reads a manual: ligatures named by their letters, a page with an empty path, appendix numbers (pdfTeX, udesoftec)', async () => {
    const doc = await parse('udesoftec-doc.pdf');
    expect(doc.metadata?.['warnings']).toBeUndefined();
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining([
        '2.1.1 Wörtliche Zitate eines Absatzes mit Quellenangabe',
        '3.3 Der Hinweis mit der Template-Version auf dem Deckblatt soll verschwinden',
        // page 15 paints a path with no segments, which once made the whole page unreadable
        '2.4.3 Merkmal-Aufzählungen mit festem Einschub',
        '2.5 TODOs',
        'A.1.1 LaTeX-Umgebung: MikTeX (Windows), BasicTeX (OSX)',
        'A.1.3.2 ShareLaTeX',
        'A.2.5 Update to 1.2.1',
      ]),
    );
    expect(bodyTextsOf(doc).some((text) => text.includes('eine komplette Liste'))).toBe(true);
  });

  it('reads a chapter title beside its large number whole, its label above it apart (pdfTeX, udesoftec)', async () => {
    const doc = await parse('udesoftec-doc.pdf');
    expect(headingsOf(doc, 10)).toEqual(expect.arrayContaining(['2 Nutzung der Formatvorlage und übliche Kommandos']));
    expect(bodyTextsOf(doc)).toContain('Kapitel');
  });

  it('ends a bold heading where a bold term starts with its definition beside it (pdfTeX, udesoftec)', async () => {
    const doc = await parse('udesoftec-doc.pdf');
    expect(headingsOf(doc, 8)).toEqual(['1.3 Klassenparameter und Konstanten', '1.3.1 Optionen der Klasse']);
    expect(bodyTextsOf(doc)).toEqual(expect.arrayContaining(['biber', 'proposal', 'Benutzung von BibLaTeX und biber statt BibTeX']));
  });

  it('measures a numbered subsection by its number, not by the package names in a smaller face (pdfTeX, l2tabu-french)', async () => {
    const doc = await parse('l2tabufr-p5-12-13.pdf');
    expect(headingsOf(doc)).toEqual(
      expect.arrayContaining([
        '1.1. a4.sty, a4wide.sty',
        '2.2.1. scrlettr.cls & scrlttr2.cls',
        '2.2.2. epsf.sty, psfig.sty, epsfig.sty & graphics.sty, graphicx.sty',
        '2.2.4. fancyheadings.sty, scrpage.sty & fancyhdr.sty, scrpage2.sty',
      ]),
    );
  });

  it('reads the XeTeX logo, whose E is mirrored, and bold headings in the left margin above their paragraph (LuaTeX)', async () => {
    const doc = await parse('lualatex-doc-DE-p8-15-16.pdf');
    expect(bodyTextsOf(doc)).toContain('Engines: XETEX, LuaTEX. Formats: LATEX. Authors: Will Robertson.');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['fontspec', 'microtype', 'xunicode', 'encodings', 'soul', 'Leerzeichen']));
    expect(bodyTextsOf(doc).some((text) => text.startsWith('Das Paket xunicode hat als Hauptaufgabe'))).toBe(true);
  });

  it('reads the sections inside a frame as text, not as the cells of a table of one column (xdvipdfmx, njurepo)', async () => {
    const doc = await parse('njurepo-p6-9.pdf');
    expect(doc.tables.filter((table) => table.prov[0]?.page_no === 1)).toEqual([]);
    expect(headingsOf(doc, 1)).toEqual(expect.arrayContaining(['3.5 表格', '3.6 图片', '3.7 代码', '3.8 文字']));
  });

  it('keeps prose together at its own leading beside tighter code, and a heading apart from its text (xdvipdfmx, pdfTeX)', async () => {
    const pinyin = await parse('xpinyin-p1.pdf');
    expect(headingsOf(pinyin)).toEqual(['xpinyin 宏包', '第 1 节 简介', '第 2 节 基本用法']);
    expect(
      bodyTextsOf(pinyin).some((text) => text.startsWith('xpinyin 支持采用 GBK 和 UTF-8 编码的 TEX 源文件') && text.includes('xCJK2uni')),
    ).toBe(true);
    const polski = await parse('polski-p15.pdf');
    expect(headingsOf(polski)).toContain('2.9.8 Options for prefixing in verbatim');
    expect(bodyTextsOf(polski)).toContain('These decide if prefixing is active in verbatim:');
  });

  it('splits numbered run-in headings closed by a period off their line, where the cut parted them too (pdfTeX, WEB, amsproc)', async () => {
    const web = await parse('pooltype-p2.pdf');
    expect(headingsOf(web)).toEqual(['1. Introduction.']);
    expect(bodyTextsOf(web).some((text) => text.startsWith('The POOLtype utility program converts string pool files'))).toBe(true);
    const ams = await parse('amscls-author-handbook-p26.pdf');
    expect(headingsOf(ams)).toContain('12.4. Shades of colors.');
    // a section whose number runs into a sentence has no title
    expect(bodyTextsOf(ams).some((text) => text.startsWith('12.5. Colored lines should be no less than'))).toBe(true);
  });

  it('splits a run-in heading off a paragraph of one line over a code block (pdfTeX, droit-fr)', async () => {
    const doc = await parse('droit-fr-p22.pdf');
    expect(headingsOf(doc)).toContain('4.1.7.1 Réglages');
    expect(bodyTextsOf(doc)).toContain('Les lignes suivantes définissent des libellés de sous-bibliographies :');
  });
});
