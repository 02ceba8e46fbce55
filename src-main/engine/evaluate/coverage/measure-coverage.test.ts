import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocumentCoverage } from '../../../../src-shared/evaluation';
import { allStrategies } from '../../chunk/registry';
import { DocumentBuilder } from '../../parse/document-builder';
import { chunkDocument, parseDocument } from '../../pipeline';
import { chunksOver } from '../test-chunks';
import { parsedWords } from './coverage-words';
import { measureCoverage } from './measure-coverage';

const testData = (path: string) => new Uint8Array(readFileSync(new URL(`../../../../test-data/${path}`, import.meta.url)));

function expectCountsAddUp(coverage: DocumentCoverage): void {
  const { words, inChunks, furniture, pictures, notInChunks, places, leftOut } = coverage;
  expect(inChunks + furniture + pictures + notInChunks).toBe(words);
  expect(places.reduce((sum, place) => sum + place.words, 0)).toBe(words - inChunks);
  expect(leftOut.reduce((sum, entry) => sum + entry.words, 0)).toBe(words - inChunks);
}

/** A page header, a paragraph, a picture with a label and a caption: the shapes coverage tells apart. */
function reportDocument() {
  const builder = new DocumentBuilder('report.md', 'text/markdown', new Uint8Array([1]));
  const header = builder.addText('page_header', 'Annual report 2024', { layer: 'furniture' });
  const title = builder.addTitle('Results');
  const paragraph = builder.addText('text', 'Sales rose as prices fell, and the margin held steady.');
  const picture = builder.addPicture();
  const label = builder.addText('text', 'as of March', { parent: picture });
  const caption = builder.addCaption(picture, 'Figure 1: sales by month');
  return { doc: builder.doc, header, title, paragraph, picture, label, caption };
}

describe('measureCoverage', () => {
  it('counts furniture and picture text apart from body text that no chunk holds', () => {
    const { doc, paragraph, picture } = reportDocument();
    // the picture reaches its chunk by its caption, as the chunkers serialize it; its label does not
    const chunks = chunksOver(doc, [{ refs: [paragraph.self_ref] }, { refs: [picture.self_ref], text: 'Figure 1: sales by month' }]);
    chunks[0]!.headingPath = ['Results'];
    const coverage = measureCoverage(doc, chunks);
    expectCountsAddUp(coverage);
    expect(coverage).toMatchObject({ words: 22, inChunks: 16, furniture: 3, pictures: 3, notInChunks: 0 });
    expect(coverage.leftOut).toEqual([
      { kind: 'furniture', reason: 'furniture', words: 3 },
      { kind: 'picture', reason: 'picture-text', words: 3 },
    ]);
    // the body first, furniture last
    expect(coverage.places.map((place) => [place.kind, place.picture, place.text])).toEqual([
      ['picture', picture.self_ref, 'as of March'],
      ['furniture', null, 'Annual report 2024'],
    ]);
  });

  it("lets no picture label take a word of the paragraph beside the picture's caption in one chunk", () => {
    const { doc, title, paragraph, picture, caption } = reportDocument();
    const text = `${paragraph.text}\nFigure 1: sales by month`;
    const coverage = measureCoverage(doc, chunksOver(doc, [{ refs: [title.self_ref, paragraph.self_ref, picture.self_ref], text }]));
    expect(coverage.places.filter((place) => place.kind === 'body')).toEqual([
      expect.objectContaining({ ref: title.self_ref, reason: 'not-chunked', text: 'Results' }),
    ]);
    // "as" is the paragraph's: the label is left out whole, the caption is found through its picture
    expect(coverage.places.find((place) => place.kind === 'picture')?.text).toBe('as of March');
    expect(coverage.places.some((place) => place.ref === caption.self_ref)).toBe(false);
  });

  it('names the words a chunk leaves out of its item, by their range in the item and their source', () => {
    const source = 'One two three four five six.';
    const builder = new DocumentBuilder('short.md', 'text/markdown', new TextEncoder().encode(source));
    const item = builder.addText('text', source, { sourceSpan: [0, source.length] });
    const coverage = measureCoverage(builder.doc, chunksOver(builder.doc, [{ refs: [item.self_ref], text: 'One two five six.' }]));
    expect(coverage.places).toEqual([
      expect.objectContaining({
        ref: item.self_ref,
        reason: 'not-chunked',
        words: 2,
        range: [8, 18],
        text: 'three four',
        sourceSpans: [[8, 18]],
      }),
    ]);
    expect(coverage.share).toBeCloseTo(4 / 6);
  });

  it('calls a heading without a chunk an empty section, and one in a heading path found', () => {
    const builder = new DocumentBuilder('headings.md', 'text/markdown', new Uint8Array([2]));
    const empty = builder.addHeading('Contents', 1);
    builder.addHeading('Usage', 1);
    const body = builder.addText('text', 'Run it.');
    const chunks = chunksOver(builder.doc, [{ refs: [body.self_ref] }]);
    chunks[0]!.headingPath = ['Usage'];
    const coverage = measureCoverage(builder.doc, chunks);
    expect(coverage.places.map((place) => [place.ref, place.reason])).toEqual([[empty.self_ref, 'empty-heading']]);
    expect(coverage.inChunks).toBe(3);
  });

  it('counts the words the outline evaluation counts, and places a PDF text in no chunk on its page', async () => {
    const parsed = await parseDocument('amt_handbook_sample.pdf', testData('corpus/pdf/amt_handbook_sample.pdf'));
    const chunks = [...chunkDocument(parsed.doc, parsed.docId, { strategy: 'hybrid', includePictureText: false })];
    const coverage = measureCoverage(parsed.doc, chunks);
    expectCountsAddUp(coverage);
    expect(coverage.words).toBe(parsedWords(parsed.doc).length);
    const pictureText = coverage.places.filter((place) => place.kind === 'picture');
    expect(pictureText.length).toBeGreaterThan(0);
    for (const place of [...pictureText, ...coverage.places.filter((entry) => entry.kind === 'furniture')]) {
      expect(place.page).not.toBeNull();
      expect(place.bboxes.length).toBeGreaterThan(0);
      expect(place.bboxes.every((box) => box.page === place.page && box.l < box.r && box.t < box.b)).toBe(true);
      expect(place.sourceSpans.every((span) => span[2] === place.page)).toBe(true);
    }
  });

  it("brings a picture's text into the chunks by default, under every strategy", async () => {
    const parsed = await parseDocument('amt_handbook_sample.pdf', testData('corpus/pdf/amt_handbook_sample.pdf'));
    for (const { name: strategy } of allStrategies()) {
      const coverage = measureCoverage(parsed.doc, [...chunkDocument(parsed.doc, parsed.docId, { strategy })]);
      expect(coverage.pictures, strategy).toBe(0);
      expect(
        coverage.places.filter((place) => place.kind === 'picture'),
        strategy,
      ).toEqual([]);
    }
  });
});
