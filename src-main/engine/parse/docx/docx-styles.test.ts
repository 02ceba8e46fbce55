import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { docxParser } from './docx-parser';

/** The documents of `test-data/docx-styles/`; what Docling makes of each is reasoned from its Word backend's source. */
async function parseDocument(name: string): Promise<DoclingDocument> {
  const bytes = readFileSync(new URL(`../../../../test-data/docx-styles/${name}`, import.meta.url));
  return docxParser.parse({ fileName: name, bytes });
}

/** Body titles and headings as `level|text`, the title at level 0. */
function headings(doc: DoclingDocument): string[] {
  return [...iterateItems(doc)]
    .map(({ item }) => item as TextItem)
    .filter((t) => t.label === 'title' || t.label === 'section_header')
    .map((t) => `${t.label === 'title' ? 0 : t.level}|${t.text}`);
}

describe('Word paragraph styles as Docling reads them', () => {
  it("takes a heading style's own outline level over the number in its name", async () => {
    expect(headings(await parseDocument('docx_heading_outline_level.docx'))).toEqual(['2|Einleitung und Ziele', '2|Methoden im Überblick']);
  });

  it('reads localized heading styles by outline level, and only the style id Title as the title', async () => {
    const doc = await parseDocument('docx_heading_localized.docx');
    expect(headings(doc)).toEqual(['1|Überblick', '2|Finanzen', '3|Shrnutí výsledků']);
    expect(doc.texts.filter((t) => t.label === 'text').map((t) => t.text)).toContain('Jahresbericht 2025');
  });

  it('reads numeric style ids named "heading N" (Chinese Word), and no title from a style id other than Title', async () => {
    expect(headings(await parseDocument('docx_heading_cjk.docx'))).toEqual(['1|概述', '2|财务状况']);
  });

  it('makes no heading of an outline level set on the paragraph itself', async () => {
    expect(headings(await parseDocument('docx_direct_outline_level.docx'))).toEqual([]);
  });

  it('reads heading-named styles without a number at level 1, and follows basedOn one step only', async () => {
    expect(headings(await parseDocument('docx_heading_custom_styles.docx'))).toEqual([
      '1|Chapter one',
      '1|Plain heading',
      '2|Side heading',
    ]);
  });

  it("numbers headings by level as Docling does, whatever Word's level text", async () => {
    expect(headings(await parseDocument('docx_heading_numbered_roman.docx'))).toEqual([
      '1|1 Introduction',
      '2|1.1 Scope',
      '2|1.2 Terms',
      '1|2 Method',
    ]);
  });

  it("reads LibreOffice's style tree: Title, Subtitle and List Heading below its Heading style are level-1 headings", async () => {
    expect(headings(await parseDocument('libreoffice_from_html.docx'))).toEqual([
      '1|Rapport annuel',
      '2|Objectifs',
      '3|Détails',
      '1|Terme',
    ]);
    expect(headings(await parseDocument('libreoffice_title_frame.docx'))).toEqual(['1|Der Jahresbericht', '1|Ein Untertitel']);
  });

  it('reads a run of code-styled paragraphs as one code item with its indentation', async () => {
    const code = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.label === 'code').map((t) => t.text);
    expect(code(await parseDocument('docx_code_blocks.docx'))).toEqual(['def main():\n    return 42', 'x = compute(1, 2);']);
    expect(code(await parseDocument('libreoffice_from_html.docx'))).toEqual(['x = 1;\ny = 2;']);
  });

  it('reads code set in a monospaced font, but not monospaced prose, labels, list items or table cells', async () => {
    const doc = await parseDocument('docx_code_by_font.docx');
    expect(doc.texts.filter((t) => t.label === 'code').map((t) => t.text)).toEqual([
      'for x in range(3):\n    print(x)',
      'total = sum(values)',
    ]);
    const texts = doc.texts.filter((t) => t.label === 'text').map((t) => t.text);
    expect(texts).toEqual(
      expect.arrayContaining(['Nur ein Satz in Schreibmaschinenschrift.', 'Figure 1 = Aufbau', 'x = 1', 'Gemischt x = 1']),
    );
    expect(doc.texts.find((t) => t.label === 'list_item')?.text).toBe('a = b');
  });

  it('walks a table cell holding a code-styled paragraph as a rich cell with a code item', async () => {
    const doc = await parseDocument('docx_code_in_table.docx');
    const cell = doc.tables[0]!.data.table_cells.find((c) => c.text === 'ls -la');
    expect(cell?.ref).toBeDefined();
    expect(doc.texts.filter((t) => t.label === 'code').map((t) => t.text)).toEqual(['ls -la']);
  });

  it('reads no text from symbol-font glyphs', async () => {
    expect((await parseDocument('docx_symbols.docx')).texts.map((t) => t.text)).toEqual(['Erledigt  heute']);
  });

  it("reads a paragraph's text box before the paragraph's own text", async () => {
    const texts = (await parseDocument('libreoffice_title_frame.docx')).texts.map((t) => t.text);
    expect(texts.indexOf('Text im Rahmen.')).toBe(texts.indexOf('Absatz mit Rahmen.') - 1);
  });

  it('keeps footnotes out of the body, in the notes layer', async () => {
    const doc = await parseDocument('docx_footnotes.docx');
    const footnote = doc.texts.find((t) => t.label === 'footnote');
    expect(footnote).toMatchObject({ text: 'Eine Fußnote mit Quelle.', content_layer: 'notes' });
    expect([...iterateItems(doc)].map(({ item }) => (item as TextItem).text)).toEqual(['Ein Satz mit Fußnote.', 'Zweiter Satz.']);
  });
});
