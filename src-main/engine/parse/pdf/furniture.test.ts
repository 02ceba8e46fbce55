import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

/** The texts of the furniture layer and of the body, in reading order. */
function layersOf(doc: DoclingDocument): { furniture: string[]; body: string[] } {
  const texts = (furniture: boolean): string[] =>
    doc.texts.filter((t) => (t.content_layer === 'furniture') === furniture).map((t) => t.text);
  return { furniture: texts(true), body: texts(false) };
}

describe('running heads and the header rows of tables', () => {
  it("keeps a long table's header row, set again at the top of each page, in the body, and its running head in the furniture (xdvipdfmx)", async () => {
    const doc = await parse('symbats3-p5-6.pdf');
    const { furniture, body } = layersOf(doc);
    expect(furniture).toContain('3 SYMBATS3 IN INDEX ORDER OF UNICODE CODEPOINT');
    expect(furniture.some((text) => /Unicode name|LATEX name|Dupes/u.test(text))).toBe(false);
    expect(body.filter((text) => text.startsWith('Code Char Unicode name'))).toHaveLength(2);
    expect(body.filter((text) => text === 'Glyph LATEX name')).toHaveLength(2);
  });
});

describe('page numbers in the furniture', () => {
  it("reads an index's group letter near the foot of the page, with entries below it, as text, not a page number (LuaTeX)", async () => {
    const doc = await parse('letgut-p35.pdf');
    const { furniture, body } = layersOf(doc);
    expect(furniture).toContain('35');
    expect(furniture).not.toContain('L');
    expect(furniture.some((text) => text.startsWith('configuration'))).toBe(false);
    expect(body.some((text) => text.includes('configuration, 3, 11'))).toBe(true);
  });

  it('reads the cells of a table row at the top of the page, with rows below it, as text, not a page number (WeasyPrint)', async () => {
    const doc = await parse('debian-reference-ch09-p10.en.weasyprint.pdf');
    const furniture = doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);
    expect(furniture).toEqual([]);
    const cells = doc.tables.flatMap((table) => table.data.table_cells.map((cell) => cell.text));
    const texts = [...doc.texts.map((t) => t.text), ...cells].join('\n');
    expect(texts).toContain('fail2ban');
    expect(texts).toContain('2127');
  });
});

describe('page numbers in sequence', () => {
  const furnitureOf = (doc: DoclingDocument, pageNo: number): string[] =>
    doc.texts.filter((t) => t.content_layer === 'furniture' && t.prov[0]?.page_no === pageNo).map((t) => t.text);
  const bodyOf = (doc: DoclingDocument, pageNo: number): string[] =>
    doc.texts.filter((t) => t.content_layer !== 'furniture' && t.prov[0]?.page_no === pageNo).map((t) => t.text);

  it("keeps a listing's line number at the top of a page, and the code line beside it, in the text (LuaTeX)", async () => {
    const doc = await parse('letgut-p16-18.pdf');
    expect(furnitureOf(doc, 2)).toContain('17');
    expect(furnitureOf(doc, 2)).not.toContain('10');
    expect(furnitureOf(doc, 2).some((text) => text.includes('edef'))).toBe(false);
    expect(bodyOf(doc, 2).some((text) => text.includes('\\edef\\foobar'))).toBe(true);
  });

  it('keeps a number that is no page number in its sequence ("2 - 2", "9.7") in the text on a page numbered elsewhere', async () => {
    const sample = await parse('R-lang-p41-43.pdf');
    expect(furnitureOf(sample, 2)).toContain('37');
    expect(bodyOf(sample, 2).some((text) => text.endsWith('> quote(2 - 2)\n2 - 2'))).toBe(true);
    expect(furnitureOf(sample, 2)).not.toContain('2 - 2');
    const checklist = await parse('debian-policy-p168-170.pdf');
    expect(furnitureOf(checklist, 2)).toContain('159');
    expect(bodyOf(checklist, 2)).toContain('9.7');
    expect(furnitureOf(checklist, 2)).not.toContain('9.7');
  });

  it("keeps a listing's line numbers at the foot of a page in the text, the page number in the header (xdvipdfmx)", async () => {
    const doc = await parse('zhnumber-p2-6.pdf');
    for (const [pageNo, number] of [
      [2, '3'],
      [3, '4'],
      [4, '5'],
      [5, '6'],
    ] as const)
      expect(furnitureOf(doc, pageNo)).toContain(number);
    expect(furnitureOf(doc, 4)).not.toContain('39');
    expect(furnitureOf(doc, 4)).not.toContain('40');
    expect(bodyOf(doc, 4)).toEqual(expect.arrayContaining(['39', '40']));
  });
});

describe('page numbers off the sequence', () => {
  it('reads a contents row at the foot of an unnumbered page ("Indices 15") as text, not a page number (LuaTeX)', async () => {
    const doc = await parse('termcal-de-doc-p1-4.pdf');
    const furniture = doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => [t.prov[0]?.page_no, t.text]);
    expect(furniture).toEqual([
      [2, '2'],
      [3, '3'],
      [4, '4'],
    ]);
    const firstPage = doc.texts.filter((t) => t.prov[0]?.page_no === 1).map((t) => t.text);
    expect(firstPage).toEqual(expect.arrayContaining(['Indices', '15']));
  });
});

describe('documents without page numbers', () => {
  it('reads the last row of a table at the foot of a page ("utils", "506") as text where no page is numbered (WeasyPrint)', async () => {
    const doc = await parse('debian-reference-ch09-p22-27.en.weasyprint.pdf');
    expect(doc.texts.filter((t) => t.content_layer === 'furniture')).toEqual([]);
    const fourthPage = doc.texts.filter((t) => t.prov[0]?.page_no === 4).map((t) => t.text);
    expect(fourthPage).toEqual(expect.arrayContaining(['utils', '506']));
  });
});

describe("slides' titles", () => {
  const furnitureOf = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);

  it('reads a title that comes back on two slides ("Exercice") as a title, not a running head (xdvipdfmx)', async () => {
    const doc = await parse('formation-latex-ul-diapos-p8-12.pdf');
    expect(furnitureOf(doc).filter((text) => text.includes('Exercice'))).toEqual([]);
    const titles = doc.texts.filter((t) => t.content_layer !== 'furniture' && t.text.includes('Exercice'));
    expect(titles.map((t) => t.prov[0]?.page_no)).toEqual([4, 5]);
    expect(furnitureOf(doc)).toEqual(['7', '8', '9', '10', '11']);
  });

  it('keeps the navigation bar, smaller than the text and the same on every slide, in the furniture (pdfTeX)', async () => {
    const doc = await parse('beamerexample-conference-talk-p2-8.pdf');
    const furniture = furnitureOf(doc);
    for (const section of ['Introduction', 'Bad News: Hardness Results', 'Summary'])
      expect(furniture.filter((text) => text === section)).toHaveLength(7);
  });
});
