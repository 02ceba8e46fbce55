import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../../../src-shared/docling/types';
import { corpusFile, expectGroundtruthParity } from '../test-support';
import { docxParser } from './docx-parser';

function parseCorpus(name: string): Promise<DoclingDocument> {
  return docxParser.parse({ fileName: `${name}.docx`, bytes: corpusFile(`docx/${name}.docx`) });
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

/** A minimal Word package around a body, with optional extra parts. */
async function buildDocx(body: string, parts: Record<string, string> = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
  for (const [path, content] of Object.entries(parts)) zip.file(path, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const textsOf = (parsed: DoclingDocument): string[] => parsed.texts.map((t) => t.text);

const paragraph = (text: string, style?: string): string =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

describe('DOCX parser against Docling groundtruth', () => {
  const files = ['docx_checkboxes', 'docx_lists', 'equations', 'lorem_ipsum', 'unit_test_formatting', 'unit_test_headers_numbered', 'word_sample'];
  it.each(files)('%s.docx matches headings, lists, tables and text', async (name) => {
    const doc = await parseCorpus(name);
    const truth = JSON.parse(corpusFile(`groundtruth/${name}.docx.json`).toString('utf8')) as DoclingDocument;
    expectGroundtruthParity(truth, doc);
  });

  it('numbers headings and list items as Word shows them', async () => {
    const doc = await parseCorpus('unit_test_headers_numbered');
    const headings = doc.texts.filter((t) => t.label === 'section_header').map((t) => `${t.level} ${t.text}`);
    expect(headings.slice(0, 4)).toEqual(['1 1 Section 1', '2 1.1 Section 1.1', '2 1.2 Section 1.2', '3 1.2.1 Section 1.2.3']);
    expect(headings).toContain('2 2.2 Section 2.1');
    expect(doc.texts[0]).toMatchObject({ label: 'title', text: 'Test Document' });
    const markers = doc.texts.filter((t) => t.label === 'list_item').map((t) => t.marker);
    expect(markers.slice(0, 4)).toEqual(['1.', '1.1.', '1.1.1.', '2.3.1.']);
    expect(markers).toContain('2.3.8.3.');
  });

  it('nests lists by level and keeps bullets unenumerated', async () => {
    const doc = await parseCorpus('docx_lists');
    const item = doc.texts.find((t) => t.text === 'List item 1.2.1')!;
    expect(item.enumerated).toBe(false);
    const depth = (ref: string): number => {
      let level = 0;
      let group = doc.groups.find((g) => g.self_ref === ref);
      while (group?.label === 'list') {
        level++;
        group = doc.groups.find((g) => g.self_ref === group!.parent?.$ref);
      }
      return level;
    };
    expect(depth(item.parent!.$ref)).toBe(3);
    expect(doc.texts.find((t) => t.text === 'First item')!.formatting?.italic).toBe(true);
  });

  it('reads the table with its header row, the picture and the title of word_sample', async () => {
    const doc = await parseCorpus('word_sample');
    const table = doc.tables[0]!;
    expect([table.data.num_rows, table.data.num_cols]).toEqual([4, 3]);
    expect(table.data.table_cells.filter((c) => c.column_header).map((c) => c.text)).toEqual(['', 'Food', 'Calories per portion']);
    expect(doc.pictures).toHaveLength(1);
    expect(doc.texts.find((t) => t.label === 'title')!.text).toBe('Swimming in the lake');
    expect(doc.texts.find((t) => t.text === 'Let’s eat')).toMatchObject({ label: 'section_header', level: 2 });
  });

  it('reads checkboxes, in paragraphs and in rich table cells', async () => {
    const doc = await parseCorpus('docx_checkboxes');
    const boxes = doc.texts.filter((t) => t.label.startsWith('checkbox')).map((t) => `${t.label === 'checkbox_selected' ? 'x' : ' '} ${t.text}`);
    expect(boxes).toContain('x Orange juice');
    expect(boxes).toContain('  Tea');
    expect(boxes).toContain('  Documentation of the task with a very long text that goes beyond the maximum length of a single line.');
    const richCells = doc.tables[0]!.data.table_cells.filter((c) => c.ref);
    expect(richCells.map((c) => c.start_row_offset_idx)).toEqual([0, 2, 3]);
  });

  it('turns equations into LaTeX formulas, inline and on their own', async () => {
    const doc = await parseCorpus('equations');
    const formulas = doc.texts.filter((t) => t.label === 'formula').map((t) => t.text);
    expect(formulas[0]).toBe('A= \\pi r^{2}');
    expect(formulas).toContain('\\sum_{0}^{2}x');
    expect(formulas).toContain('\\left(x+a\\right)^{n}=\\sum_{k=0}^{n}\\left(\\genfrac{}{}{0pt}{}{n}{k}\\right)x^{k}a^{n-k}');
    const inline = doc.groups.find((g) => g.label === 'inline')!;
    expect(inline.children).toHaveLength(3);
  });

  it('keeps formatting, links, and headers and footers as furniture', async () => {
    const doc = await parseCorpus('unit_test_formatting');
    expect(doc.texts.find((t) => t.text === 'italic and bold hyperlink')).toMatchObject({
      hyperlink: 'https://github.com/DS4SD/docling',
      formatting: { bold: true, italic: true },
    });
    const furniture = doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);
    expect(furniture).toEqual(expect.arrayContaining(['This is a header', 'This is a footer', 'With 2 paragraphs']));
    const headerGroups = doc.groups.filter((g) => g.name === 'page header' && g.content_layer === 'furniture');
    expect(headerGroups.length).toBe(2);
  });
});

describe('DOCX structures', () => {
  it('merges cells, reads core properties and footnotes', async () => {
    const cell = (text: string, props = ''): string => `<w:tc><w:tcPr>${props}</w:tcPr>${paragraph(text)}</w:tc>`;
    const body = `${paragraph('Report', 'Title')}<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>
      <w:tr>${cell('Wide', '<w:gridSpan w:val="2"/>')}${cell('Tall', '<w:vMerge w:val="restart"/>')}</w:tr>
      <w:tr>${cell('a')}${cell('b')}${cell('', '<w:vMerge/>')}</w:tr></w:tbl>`;
    const bytes = await buildDocx(body, {
      'docProps/core.xml': '<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>Quarterly</dc:title><dc:creator>Ada</dc:creator><dcterms:created>2024-01-02T03:04:05Z</dcterms:created><dcterms:modified>2024-02-03T00:00:00Z</dcterms:modified></cp:coreProperties>',
      'word/_rels/document.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>',
      'word/footnotes.xml': `<?xml version="1.0"?><w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${paragraph('A footnote.')}</w:footnote></w:footnotes>`,
    });
    const doc = await docxParser.parse({ fileName: 'merged.docx', bytes });
    const cells = doc.tables[0]!.data.table_cells.map((c) => [c.text, c.start_row_offset_idx, c.end_row_offset_idx, c.start_col_offset_idx, c.end_col_offset_idx]);
    expect(cells).toEqual([
      ['Wide', 0, 1, 0, 2],
      ['Tall', 0, 2, 2, 3],
      ['a', 1, 2, 0, 1],
      ['b', 1, 2, 1, 2],
    ]);
    expect(doc.metadata).toMatchObject({ title: 'Quarterly', author: 'Ada', created: '2024-01-02T03:04:05Z', modified: '2024-02-03T00:00:00Z' });
    expect(doc.texts.find((t) => t.label === 'footnote')!.text).toBe('A footnote.');
  });

  it('reads a picture with its alt text and a caption that follows it', async () => {
    const drawing = '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Picture 1" descr="A duck on a pond"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><a:blip/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
    const styles = `<?xml version="1.0"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/></w:style></w:styles>`;
    const bytes = await buildDocx(`${drawing}${paragraph('Figure 1: A duck', 'Caption')}`, {
      'word/styles.xml': styles,
      'word/_rels/document.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    });
    const doc = await docxParser.parse({ fileName: 'picture.docx', bytes });
    const picture = doc.pictures[0]!;
    expect(picture.meta?.description?.text).toBe('A duck on a pond');
    expect(doc.texts.find((t) => t.self_ref === picture.captions[0]!.$ref)).toMatchObject({ label: 'caption', text: 'Figure 1: A duck' });
  });
});

describe('DOCX robustness', () => {
  it('rejects empty, non-ZIP and non-Word input clearly', async () => {
    await expect(docxParser.parse({ fileName: 'e.docx', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'empty-file' });
    const html = corpusFile('html/example_03.html');
    await expect(docxParser.parse({ fileName: 'fake.docx', bytes: html })).rejects.toMatchObject({ code: 'corrupt-file', message: expect.stringContaining('not a ZIP') });
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    const other = await zip.generateAsync({ type: 'uint8array' });
    await expect(docxParser.parse({ fileName: 'other.docx', bytes: other })).rejects.toMatchObject({ code: 'corrupt-file', message: expect.stringContaining('not a Word document') });
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(docxParser.parse({ fileName: 'locked.docx', bytes: ole })).rejects.toMatchObject({ code: 'encrypted' });
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bytes = await buildDocx(paragraph('small'), { 'word/media/zeros.bin': '\0'.repeat(4 * 1024 * 1024) });
    expect(bytes.length).toBeLessThan(64 * 1024);
    await expect(docxParser.parse({ fileName: 'bomb.docx', bytes })).rejects.toMatchObject({ code: 'too-large' });
  });

  it('stops an entry that inflates beyond its declared size', async () => {
    const bytes = await buildDocx(paragraph('x'.repeat(50_000)));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const name = new TextEncoder().encode('word/document.xml');
    for (let offset = 0; offset < bytes.length - 46; offset++) {
      const isCentral = view.getUint32(offset, true) === 0x02014b50;
      if (isCentral && bytes.subarray(offset + 46, offset + 46 + name.length).every((b, i) => b === name[i])) view.setUint32(offset + 24, 100, true);
    }
    await expect(docxParser.parse({ fileName: 'liar.docx', bytes })).rejects.toMatchObject({ code: 'too-large' });
  });

  it('reads deeply wrapped content and rejects hostile nesting without overflowing', async () => {
    const wrap = (depth: number): string => `${'<w:sdt><w:sdtContent>'.repeat(depth)}${paragraph('deep')}${'</w:sdtContent></w:sdt>'.repeat(depth)}`;
    const deep = await docxParser.parse({ fileName: 'deep.docx', bytes: await buildDocx(wrap(300)) });
    expect(textsOf(deep)).toEqual(['deep']);
    await expect(docxParser.parse({ fileName: 'hostile.docx', bytes: await buildDocx(wrap(20_000)) })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringContaining('nested too deeply'),
    });
  });

  it('honours an aborted signal and reports progress', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(docxParser.parse({ fileName: 'l.docx', bytes: corpusFile('docx/docx_lists.docx') }, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    const progress: number[] = [];
    await docxParser.parse({ fileName: 'l.docx', bytes: corpusFile('docx/docx_lists.docx') }, { onProgress: (p) => progress.push(p.done / p.total) });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
  });
});
