import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });

const headingsOf = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.label === 'section_header').map((t) => t.text);
const levelsOf = (doc: DoclingDocument): Map<string, number | undefined> =>
  new Map(doc.texts.filter((t) => t.label === 'section_header').map((t) => [t.text, t.level]));
const labelOf = (doc: DoclingDocument, text: string): string | undefined => doc.texts.find((t) => t.text === text)?.label;

describe('PDF lines set like headings that are none, and heading levels', () => {
  it('levels list-numbered headings under their section: restarting from 1, or smaller than subsections (htmldoc, xdvipdfmx)', async () => {
    const faq = await parse('xfig-ref-faq-p166-168.htmldoc.pdf');
    const levels = levelsOf(faq);
    expect(levels.get('General Questions')).toBe(2);
    expect(levels.get('1. Where can I get xfig/TransFig?')).toBe(3);
    expect(levels.get('1. When I pull up a menu, xfig crashes')).toBe(3);
    // Steps numbered "1." in a style smaller than the "5.18.1" subsections': no chapter (xdvipdfmx).
    const debmake = levelsOf(await parse('debmake-doc-zh-tw-p62-63.pdf'));
    expect(debmake.get('5.18.1 Autotools')).toBe(3);
    expect(debmake.get('1. 設定構建系統（“vim configure.ac Makefile.am”和“autoreconf -ivf”）')).toBeGreaterThan(3);
  });

  it('reads one numbered title twice side by side, two versions of a sample page, as text (Ghostscript)', async () => {
    const frenchle = await parse('frenchle-p2-17-22.ghostscript.pdf');
    expect(headingsOf(frenchle)).not.toContain('1 Nouvelle section');
    expect(headingsOf(frenchle)).not.toContain('2.1. Nouvelle section');
    expect(headingsOf(frenchle)).toContain('6.4 La mise en page');
  });

  it("takes a word's numbered labels for captions when a larger heading only opens with that word (LuaTeX, pdfTeX)", async () => {
    const letgut = await parse('letgut-p7-9-30.pdf');
    expect(labelOf(letgut, 'Exemple 1 : références croisées aux rubriques')).toBe('caption');
    expect(labelOf(letgut, 'Exemple 26')).toBe('caption');
    expect(headingsOf(letgut)).toEqual(expect.arrayContaining(['Exemple de déclaration de dialecte du langage TEX']));
    // "X11" is a name, no word numbering captions: its sections stay headings (pdfTeX).
    const gnuplot = await parse('gnuplot-p297-298-301.pdf');
    expect(headingsOf(gnuplot)).toEqual(['X11', 'X11 fonts', 'X11 pm3d resources']);
  });

  it("reads a chart's marks set as text, no word among them, as no heading (pdfTeX, PSTricks)", async () => {
    const plots = await parse('NumericPlots-p20.pdf');
    expect(headingsOf(plots)).toEqual([]);
    expect(labelOf(plots, '++ b')).toBe('text');
  });

  it("reads an example's output printed beside its smaller source as text (pdfeTeX, xdvipdfmx)", async () => {
    const turkish = await parse('lshort-tr-p107.pdf');
    expect(headingsOf(turkish)).toEqual(['6.2.2 Dikkat, Başınıza Taş Düşebilir', '6.2.3 Tavsiye']);
    const korean = await parse('lshort-ko-p113.pdf');
    expect(headingsOf(korean)).toEqual(['6.2.2 폰트 명령 사용에 대한 중요한 경고']);
  });

  it('takes no bold label of a change log for a heading when its style mostly heads entries and page references (LuaTeX)', async () => {
    const frenchb = await parse('frenchb-p10-12-77-78.pdf');
    expect(headingsOf(frenchb).filter((text) => /^v\d/.test(text))).toEqual([]);
    expect(headingsOf(frenchb)).toContain('3 Change History');
  });

  it('reads a contents row led by dots to its page number as text, alone on its page (Ghostscript)', async () => {
    const thesis = await parse('wkmgr1-p8-19.ghostscript.pdf');
    expect(headingsOf(thesis)).toEqual(['Model Akceptacji Technologii', '2.1. Podstawowe informacje', 'Spis tabel']);
  });

  it('reads right-to-left contents rows, their page numbers in a column at the left, as text (XeTeX, Persian)', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(folder, '../pdf-glyphs/persian-bib-userguide.pdf')));
    const guide = await pdfParser.parse({ fileName: 'persian-bib-userguide.pdf', bytes });
    const pageOne = guide.texts.filter((t) => t.prov[0]?.page_no === 1);
    // the contents' title stays a heading; its nine rows ("١ مقدمه" .. "٩ پرسش و پاس…") do not, the section itself does
    expect(pageOne.filter((t) => t.label === 'section_header').map((t) => t.text)).toEqual(['فهرست مطالب', '١ مقدمه']);
    expect(pageOne.filter((t) => t.text === '١ مقدمه').map((t) => t.label)).toEqual(['text', 'section_header']);
  });

  it('reads the last row of a contents, alone on the next page, as a row at the edge of the page before (LuaTeX)', async () => {
    const manual = await parse('luatexja-ja-p3-5.pdf');
    expect(headingsOf(manual)).toEqual([]);
    const lastPage = manual.texts.filter((t) => t.prov[0]?.page_no === 3);
    expect(lastPage.filter((t) => t.content_layer !== 'furniture').map((t) => t.text)).toEqual(['参考文献', '111']);
    expect(lastPage.filter((t) => t.content_layer === 'furniture').map((t) => t.text)).toEqual(['4']);
  });
});
