import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { DoclingDocument } from '../../ir/types';
import { writeZip } from '../../zip/zip-writer';
import { parseInChild } from '../parse-in-child.test-support';
import { corpusFile, expectGroundtruthParity, pngSize, withRequestCounter } from '../parser.test-support';
import { docxParser } from './docx-parser';

function parseCorpus(name: string): Promise<DoclingDocument> {
  return docxParser.parse({ fileName: `${name}.docx`, bytes: corpusFile(`docx/${name}.docx`) });
}

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

/** A minimal Word package around a body, with optional extra parts. */
async function buildDocx(body: string, parts: Record<string, string | Uint8Array> = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
  for (const [path, content] of Object.entries(parts)) zip.file(path, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const textsOf = (parsed: DoclingDocument): string[] => parsed.texts.map((t) => t.text);

const RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const paragraph = (text: string, style?: string): string =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

describe('DOCX parser against Docling groundtruth', () => {
  const files = [
    'docx_checkboxes',
    'docx_lists',
    'equations',
    'lorem_ipsum',
    'unit_test_formatting',
    'unit_test_headers_numbered',
    'word_sample',
  ];
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
    const boxes = doc.texts
      .filter((t) => t.label.startsWith('checkbox'))
      .map((t) => `${t.label === 'checkbox_selected' ? 'x' : ' '} ${t.text}`);
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
      'docProps/core.xml':
        '<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>Quarterly</dc:title><dc:creator>Ada</dc:creator><dcterms:created>2024-01-02T03:04:05Z</dcterms:created><dcterms:modified>2024-02-03T00:00:00Z</dcterms:modified></cp:coreProperties>',
      'word/_rels/document.xml.rels':
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>',
      'word/footnotes.xml': `<?xml version="1.0"?><w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${paragraph('A footnote.')}</w:footnote></w:footnotes>`,
    });
    const doc = await docxParser.parse({ fileName: 'merged.docx', bytes });
    const cells = doc.tables[0]!.data.table_cells.map((c) => [
      c.text,
      c.start_row_offset_idx,
      c.end_row_offset_idx,
      c.start_col_offset_idx,
      c.end_col_offset_idx,
    ]);
    expect(cells).toEqual([
      ['Wide', 0, 1, 0, 2],
      ['Tall', 0, 2, 2, 3],
      ['a', 1, 2, 0, 1],
      ['b', 1, 2, 1, 2],
    ]);
    expect(doc.metadata).toMatchObject({
      title: 'Quarterly',
      author: 'Ada',
      created: '2024-01-02T03:04:05Z',
      modified: '2024-02-03T00:00:00Z',
    });
    expect(doc.texts.find((t) => t.label === 'footnote')!.text).toBe('A footnote.');
  });

  it('reads a picture with its alt text and a caption that follows it', async () => {
    const drawing =
      '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Picture 1" descr="A duck on a pond"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><a:blip/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
    const styles = `<?xml version="1.0"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/></w:style></w:styles>`;
    const bytes = await buildDocx(`${drawing}${paragraph('Figure 1: A duck', 'Caption')}`, {
      'word/styles.xml': styles,
      'word/_rels/document.xml.rels':
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    });
    const doc = await docxParser.parse({ fileName: 'picture.docx', bytes });
    const picture = doc.pictures[0]!;
    expect(picture.meta?.description?.text).toBe('A duck on a pond');
    expect(doc.texts.find((t) => t.self_ref === picture.captions[0]!.$ref)).toMatchObject({ label: 'caption', text: 'Figure 1: A duck' });
  });
});

describe('DOCX pictures carry their images', () => {
  const RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
  const IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
  const relationships = (...entries: string[]) => `<?xml version="1.0"?><Relationships ${RELS}>${entries.join('')}</Relationships>`;
  const imageRelationship = (id: string, target: string, external = false) =>
    `<Relationship Id="${id}" Type="${IMAGE}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`;
  /** A DrawingML picture whose blip names its image by `attribute` (`r:embed` or `r:link`). */
  const drawing = (attribute: string, id: string, descr = '') =>
    `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Picture" descr="${descr}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip ${attribute}="${id}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const vmlPicture = (id: string) =>
    `<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml" style="width:10pt;height:10pt"><v:imagedata r:id="${id}"/></v:shape></w:pict></w:r></w:p>`;
  const icon = () => mediaOf('unit_test_formatting');

  it.each([
    ['word_sample', 'word/media/image1.png'],
    ['unit_test_formatting', 'word/media/image1.png'],
  ])('%s.docx: the picture holds its PNG as Docling records it (mimetype, 72 dpi, size in pixels, data: URI)', async (name, part) => {
    const doc = await parseCorpus(name);
    const truth = JSON.parse(corpusFile(`groundtruth/${name}.docx.json`).toString('utf8')) as DoclingDocument;
    const image = doc.pictures[0]!.image!;
    const expected = truth.pictures[0]!.image!;
    expect({ mimetype: image.mimetype, dpi: image.dpi, size: image.size }).toEqual({
      mimetype: expected.mimetype,
      dpi: expected.dpi,
      size: expected.size,
    });
    const bytes = Buffer.from(image.uri.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(bytes.equals(await mediaOf(name, part))).toBe(true);
    expect(pngSize(bytes)).toEqual(expected.size);
    expect(doc.metadata?.warnings).toBeUndefined();
  });

  it('reads VML pictures and pictures in headers (by the header part’s own relationships), each image once', async () => {
    const png = await icon();
    const header = `<?xml version="1.0"?><w:hdr ${W}>${drawing('r:embed', 'rIdLogo')}</w:hdr>`;
    const body = `${drawing('r:embed', 'rId7', 'An icon')}${vmlPicture('rId7')}<w:sectPr><w:headerReference w:type="default" r:id="rId9"/></w:sectPr>`;
    const bytes = await buildDocx(body, {
      'word/_rels/document.xml.rels': relationships(
        imageRelationship('rId7', 'media/icon.png'),
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>',
      ),
      'word/header1.xml': header,
      'word/_rels/header1.xml.rels': relationships(imageRelationship('rIdLogo', '/word/media/logo.png')),
      'word/media/icon.png': png,
      'word/media/logo.png': png,
    });
    const doc = await docxParser.parse({ fileName: 'pictures.docx', bytes });
    expect(doc.pictures.map((p) => [p.content_layer, p.image?.size])).toEqual([
      ['body', { width: 48, height: 48 }],
      ['body', { width: 48, height: 48 }],
      ['furniture', { width: 48, height: 48 }],
    ]);
    expect(doc.pictures[0]!.meta?.description?.text).toBe('An icon');
    expect(doc.pictures[0]!.image!.uri).toBe(doc.pictures[1]!.image!.uri);
    expect(doc.metadata?.warnings).toBeUndefined();
  });

  it('never fetches a linked image, external or by r:link, and says so', async () => {
    let doc: DoclingDocument | undefined;
    const requests = await withRequestCounter(async (origin) => {
      const bytes = await buildDocx(`${drawing('r:embed', 'rId1')}${drawing('r:link', 'rId2')}`, {
        'word/_rels/document.xml.rels': relationships(
          imageRelationship('rId1', `${origin}/a.png`, true),
          imageRelationship('rId2', `${origin}/b.png`, true),
        ),
      });
      doc = await docxParser.parse({ fileName: 'linked.docx', bytes });
    });
    expect(requests).toBe(0);
    expect(doc!.pictures.map((p) => p.image)).toEqual([undefined, undefined]);
    expect(doc!.metadata?.warnings).toEqual([
      expect.stringMatching(
        /^picture #\/pictures\/0: its image is linked \(http:\/\/127\.0\.0\.1:\d+\/a\.png\), not embedded, and is never fetched$/,
      ),
      expect.stringMatching(/^picture #\/pictures\/1: its image is linked .*b\.png/),
    ]);
  });

  it('keeps EMF drawings with their size, and pictures too large or unreadable without an image, with a warning', async () => {
    const emf = new Uint8Array(88);
    const view = new DataView(emf.buffer);
    view.setUint32(0, 1, true);
    [0, 0, 199, 99].forEach((value, index) => view.setInt32(8 + 4 * index, value, true));
    emf.set([0x20, 0x45, 0x4d, 0x46], 40);
    const bomb = pngHeaderOnly(20_000, 20_000);
    const bytes = await buildDocx(
      `${drawing('r:embed', 'rId1')}${drawing('r:embed', 'rId2')}${drawing('r:embed', 'rId3')}${drawing('r:embed', 'rId4')}`,
      {
        'word/_rels/document.xml.rels': relationships(
          imageRelationship('rId1', 'media/image1.emf'),
          imageRelationship('rId2', 'media/bomb.png'),
          imageRelationship('rId3', 'media/notes.txt'),
          imageRelationship('rId4', 'media/missing.png'),
        ),
        'word/media/image1.emf': emf,
        'word/media/bomb.png': bomb,
        'word/media/notes.txt': 'not an image',
      },
    );
    const doc = await docxParser.parse({ fileName: 'formats.docx', bytes });
    expect(doc.pictures[0]!.image).toMatchObject({ mimetype: 'image/x-emf', size: { width: 200, height: 100 } });
    expect(doc.pictures.slice(1).map((p) => p.image)).toEqual([undefined, undefined, undefined]);
    expect(doc.metadata?.warnings).toEqual([
      'picture #/pictures/1 (word/media/bomb.png): its 20000×20000 image has more than 50,000,000 pixels; kept without it',
      expect.stringMatching(/^picture #\/pictures\/2 \(word\/media\/notes\.txt\): its image is not in a format Stratum reads/),
      'picture #/pictures/3 (word/media/missing.png): the package has no such part; kept without it',
    ]);
  });
});

/** A package part of a corpus DOCX. */
async function mediaOf(name: string, part = 'word/media/image1.png'): Promise<Buffer> {
  const zip = await JSZip.loadAsync(corpusFile(`docx/${name}.docx`));
  return zip.file(part)!.async('nodebuffer');
}

/** The signature and header of a PNG that claims `width` x `height` pixels, without any pixel data. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

describe('DOCX robustness', () => {
  it('rejects empty, non-ZIP and non-Word input clearly', async () => {
    await expect(docxParser.parse({ fileName: 'e.docx', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'empty-file' });
    const html = corpusFile('html/example_03.html');
    await expect(docxParser.parse({ fileName: 'fake.docx', bytes: html })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringContaining('not a ZIP'),
    });
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    const other = await zip.generateAsync({ type: 'uint8array' });
    await expect(docxParser.parse({ fileName: 'other.docx', bytes: other })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringContaining('not a Word document'),
    });
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
      if (isCentral && bytes.subarray(offset + 46, offset + 46 + name.length).every((b, i) => b === name[i]))
        view.setUint32(offset + 24, 100, true);
    }
    await expect(docxParser.parse({ fileName: 'liar.docx', bytes })).rejects.toMatchObject({ code: 'too-large' });
  });

  it('reads deeply wrapped content and rejects hostile nesting without overflowing', async () => {
    const wrap = (depth: number): string =>
      `${'<w:sdt><w:sdtContent>'.repeat(depth)}${paragraph('deep')}${'</w:sdtContent></w:sdt>'.repeat(depth)}`;
    const deep = await docxParser.parse({ fileName: 'deep.docx', bytes: await buildDocx(wrap(300)) });
    expect(textsOf(deep)).toEqual(['deep']);
    await expect(docxParser.parse({ fileName: 'hostile.docx', bytes: await buildDocx(wrap(20_000)) })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('word/document.xml is too deeply nested (more than 1,000 elements inside each other'),
    });
  });

  it('refuses XML parts that inflate past the XML limit in all, before inflating them, fast and under 1 GB', async () => {
    // each part compresses some 30:1, well inside the ZIP reader's ratio limit; together they make 120 MB of XML
    const filler = randomBytes(1024 * 1024).toString('hex');
    const paragraphs = (megabytes: number): string => {
      const written: string[] = [];
      for (let i = 0, size = 0; size < megabytes * 1024 * 1024; i++, size += 120) {
        const word = filler.slice((i * 4) % filler.length, ((i * 4) % filler.length) + 4);
        written.push(`<w:p><w:r><w:t>lorem ipsum dolor sit amet ${word} consectetur</w:t></w:r></w:p>`);
      }
      return written.join('');
    };
    const relationship = (id: string, type: string, target: string): string =>
      `<Relationships ${RELS}><Relationship Id="${id}" Type="${RELATIONSHIP}/${type}" Target="${target}"/></Relationships>`;
    const packageRels = relationship('rId1', 'officeDocument', 'word/document.xml');
    const documentRels = relationship('rIdH', 'header', 'header1.xml');
    const header = '<w:sectPr><w:headerReference r:id="rIdH"/></w:sectPr>';
    const bytes = writeZip([
      { name: '_rels/.rels', data: packageRels },
      { name: 'word/_rels/document.xml.rels', data: documentRels },
      { name: 'word/document.xml', data: `<w:document ${W}><w:body>${paragraphs(20)}${header}</w:body></w:document>` },
      { name: 'word/header1.xml', data: `<w:hdr ${W}>${paragraphs(100)}</w:hdr>` },
    ]);
    expect(bytes.length).toBeLessThan(8 * 1024 * 1024);
    const [outcome] = await parseInChild([{ fileName: 'xml-bomb.docx', bytes }]);
    expect(outcome).toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('its XML parts inflate to more than 32 MB (the limit is 32 MB; set STRATUM_MAX_XML_MB'),
    });
    expect(outcome!.parseMs).toBeLessThan(5000);
    expect(outcome!.maxRssMb).toBeLessThan(1024);
  });

  it('says so when XML entities expand past the XML parser limit', async () => {
    const declaration = `<!DOCTYPE w:document [<!ENTITY big "${'x'.repeat(5000)}">]>`;
    const body = paragraph('&big;').repeat(100);
    const documentXml = `<?xml version="1.0"?>${declaration}<w:document ${W}><w:body>${body}</w:body></w:document>`;
    const bytes = await buildDocx('', { 'word/document.xml': documentXml });
    await expect(docxParser.parse({ fileName: 'laughs.docx', bytes })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/^laughs\.docx: word\/document\.xml declares XML entities that expand past the XML parser's limit/),
    });
  });

  it('honours an aborted signal and reports progress', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      docxParser.parse({ fileName: 'l.docx', bytes: corpusFile('docx/docx_lists.docx') }, { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    const progress: number[] = [];
    await docxParser.parse(
      { fileName: 'l.docx', bytes: corpusFile('docx/docx_lists.docx') },
      { onProgress: (p) => progress.push(p.done / p.total) },
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
  });
});
