import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { corpusFile, expectGroundtruthParity } from '../parser.test-support';
import { pptxParser } from './pptx-parser';

const parse = (fileName: string, bytes: Uint8Array): Promise<DoclingDocument> => pptxParser.parse({ fileName, bytes });
const parseCorpus = (name: string): Promise<DoclingDocument> => parse(name, corpusFile(`pptx/${name}`));
const groundtruth = (name: string): DoclingDocument =>
  JSON.parse(corpusFile(`groundtruth/${name}.json`).toString('utf8')) as DoclingDocument;

/** A corpus deck with some of its parts rewritten. */
async function editedDeck(name: string, edit: (part: string, xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(corpusFile(`pptx/${name}`));
  for (const part of Object.keys(zip.files).filter((p) => p.endsWith('.xml'))) {
    zip.file(part, edit(part, await zip.file(part)!.async('string')));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const bodyTexts = (doc: DoclingDocument): string[] =>
  doc.texts.filter((t) => t.content_layer === 'body').map((t) => `${t.label}: ${t.text}`);

describe('PPTX parser on the corpus (Docling groundtruth)', () => {
  it.each(['powerpoint_sample.pptx', 'powerpoint_comments.pptx', 'powerpoint_with_image.pptx', 'pptx_chart.pptx'])(
    '%s matches titles, lists, tables and text',
    async (name) => {
      const doc = await parseCorpus(name);
      const truth = groundtruth(name);
      expectGroundtruthParity(truth, doc);
      expect(bodyTexts(doc).filter((t) => !t.startsWith('caption'))).toEqual(bodyTexts(truth).filter((t) => !t.startsWith('caption')));
      expect(Object.keys(doc.pages)).toEqual(Object.keys(truth.pages));
    },
  );

  it('reads shapes in reading order with their boxes, and numbered lists with their markers', async () => {
    const doc = await parseCorpus('powerpoint_sample.pptx');
    const truth = groundtruth('powerpoint_sample.pptx');
    expect(doc.texts.map((t) => t.prov[0]?.bbox)).toEqual(truth.texts.map((t) => t.prov[0]?.bbox));
    expect(doc.texts.filter((t) => t.label === 'list_item').map((t) => t.marker)).toEqual(
      truth.texts.filter((t) => t.label === 'list_item').map((t) => t.marker),
    );
  });

  it('keeps a table once per merged cell, with its spans', async () => {
    const doc = await parseCorpus('powerpoint_sample.pptx');
    const spans = (d: DoclingDocument) =>
      d.tables[0]!.data.table_cells.map((c) => [c.text, c.row_span, c.col_span, c.start_col_offset_idx]);
    expect(spans(doc)).toEqual(spans(groundtruth('powerpoint_sample.pptx')));
  });

  it('keeps speaker notes and comments in the notes layer, out of the body', async () => {
    const sample = await parseCorpus('powerpoint_sample.pptx');
    expect(sample.texts.filter((t) => t.content_layer === 'notes').map((t) => [t.text, t.prov[0]!.page_no])).toEqual([
      ['Some notes on the second slide.', 2],
      ['Final notes on the third slide.\nSecond line of notes.', 3],
    ]);
    const comments = await parseCorpus('powerpoint_comments.pptx');
    expect(comments.groups.filter((g) => g.label === 'comment_section').map((g) => [g.name, g.content_layer])).toEqual(
      groundtruth('powerpoint_comments.pptx')
        .groups.filter((g) => g.label === 'comment_section')
        .map((g) => [g.name, g.content_layer]),
    );
    expect(comments.texts.find((t) => t.content_layer === 'notes')?.text).toBe(
      '[author: John Reviewer (JR), time: 2026-01-01T00:00:00]: This is a sample reviewer comment',
    );
  });

  it('keeps a picture with its image bytes and alt text, and a linked picture without fetching it', async () => {
    const doc = await parseCorpus('powerpoint_with_image.pptx');
    expect(doc.pictures[0]!.image).toMatchObject({ mimetype: 'image/png', size: { width: 268, height: 268 } });
    expect(doc.pictures[1]!.image).toBeUndefined();
    expect(doc.pictures[1]!.meta?.description?.text).toBe('A cartoon duck holding a paper\n\nAI-generated content may be incorrect.');
    expect(doc.metadata?.warnings).toEqual([
      expect.stringContaining('its image is linked (file:////Users/ceb/Downloads/docling_logo.png)'),
    ]);
  });

  it('rebuilds a chart as its data table, classified and captioned by its title', async () => {
    const doc = await parseCorpus('pptx_chart.pptx');
    const truth = groundtruth('pptx_chart.pptx').pictures[0]!;
    const cellsOf = (d: DoclingDocument['pictures'][number]) =>
      d.meta?.tabular_chart?.chart_data.table_cells.map((c) => [c.start_row_offset_idx, c.start_col_offset_idx, c.text]);
    expect(doc.pictures[0]!.meta?.classification).toEqual(truth.meta?.classification);
    expect(cellsOf(doc.pictures[0]!)).toEqual(cellsOf(truth));
    expect(doc.texts.find((t) => t.label === 'caption')?.text).toBe('Wild Duck Observations by Year');
  });

  it('reads a hidden slide and lists it in the metadata', async () => {
    const bytes = await editedDeck('powerpoint_sample.pptx', (part, xml) =>
      part === 'ppt/slides/slide2.xml' ? xml.replace('<p:sld ', '<p:sld show="0" ') : xml,
    );
    const doc = await parse('hidden.pptx', bytes);
    expect(doc.metadata?.hidden_slides).toEqual([2]);
    expect(bodyTexts(doc)).toContain('title: Second slide title');
  });

  it('nests a deeper bullet level under the item above it', async () => {
    const bytes = await editedDeck('powerpoint_sample.pptx', (part, xml) =>
      part === 'ppt/slides/slide2.xml'
        ? xml.replace(/(<a:p>(?:(?!<\/a:p>).)*?<a:t>Bar<\/a:t>)/s, (m) => m.replace('<a:p>', '<a:p><a:pPr lvl="1"/>'))
        : xml,
    );
    const doc = await parse('levels.pptx', bytes);
    const bar = doc.texts.find((t) => t.text === 'Bar')!;
    const list = doc.groups.find((g) => g.self_ref === bar.parent!.$ref)!;
    expect(list.parent!.$ref).toBe(doc.texts.find((t) => t.text === 'With foo')!.self_ref);
  });

  it('says what is wrong with a truncated deck, an encrypted one and one that is no deck', async () => {
    const bytes = corpusFile('pptx/powerpoint_sample.pptx');
    await expect(parse('cut.pptx', bytes.subarray(0, bytes.length - 2000))).rejects.toMatchObject({ code: 'corrupt-file' });
    const compound = new Uint8Array(512);
    compound.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(parse('locked.pptx', compound)).rejects.toMatchObject({ code: 'encrypted' });
    await expect(parse('word.pptx', corpusFile('docx/lorem_ipsum.docx'))).rejects.toMatchObject({
      code: 'corrupt-file',
      message: 'word.pptx: this ZIP package is not a PowerPoint presentation (word/document.xml holds none)',
    });
  });

  it('honours an aborted signal and reports progress by slide', async () => {
    const controller = new AbortController();
    controller.abort();
    const bytes = corpusFile('pptx/powerpoint_sample.pptx');
    await expect(pptxParser.parse({ fileName: 's.pptx', bytes }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    const progress: string[] = [];
    await pptxParser.parse({ fileName: 's.pptx', bytes }, { onProgress: (p) => progress.push(`${p.done}/${p.total}`) });
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
  });
});
