import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../ir/types';
import {
  bodyWordSequence,
  headingF1,
  headingTextF1,
  listItemF1,
  pictureMatchF1,
  readingOrderSimilarity,
  spanCellF1,
  tableCellF1,
  tableMatchF1,
  textCoverage,
  wordOrderSimilarity,
  wordsOf,
} from './parse-metrics';

function groundtruth(name: string): DoclingDocument {
  const url = new URL(`../../../test-data/corpus/groundtruth/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as DoclingDocument;
}

describe('parse metrics', () => {
  it('scores a document against itself as perfect', () => {
    const doc = groundtruth('word_sample.docx');
    expect(headingF1(doc, doc).f1).toBe(1);
    expect(listItemF1(doc, doc).f1).toBe(1);
    expect(tableCellF1(doc, doc).f1).toBe(1);
    expect(textCoverage(doc, doc)).toBe(1);
    expect(readingOrderSimilarity(doc, doc)).toBe(1);
  });

  it('counts a list item whose text sits in an inline group', () => {
    const doc = groundtruth('equations.docx');
    const score = listItemF1(doc, doc);
    expect(score.reference).toBe(3);
    expect(score.f1).toBe(1);
  });

  it('penalises a changed heading level, a lost table and missing words', () => {
    const reference = groundtruth('word_sample.docx');
    const candidate = structuredClone(reference);
    const heading = candidate.texts.find((t) => t.label === 'section_header')!;
    heading.level = 4;
    candidate.tables[0]!.data.table_cells = [];
    candidate.texts.filter((t) => t.label === 'text').forEach((t) => (t.text = ''));
    expect(headingF1(reference, candidate).f1).toBeCloseTo(2 / 3, 5);
    expect(tableCellF1(reference, candidate).recall).toBe(0);
    expect(textCoverage(reference, candidate)).toBeLessThan(0.7);
    expect(textCoverage(candidate, reference)).toBe(1);
  });

  it('sees reordered items', () => {
    const reference = groundtruth('example_03.html');
    const candidate = structuredClone(reference);
    candidate.body.children.reverse();
    const title = candidate.texts[0]!;
    title.children.reverse();
    expect(readingOrderSimilarity(reference, candidate)).toBeLessThan(0.9);
  });

  it('folds case and typographic quotes into words', () => {
    expect(wordsOf('Don’t  SWIM, ok?')).toEqual(['don', 't', 'swim', 'ok']);
  });

  it('compares heading texts without their levels', () => {
    const reference = groundtruth('word_sample.docx');
    const candidate = structuredClone(reference);
    for (const text of candidate.texts) if (text.label === 'section_header') text.level = 6;
    expect(headingF1(reference, candidate).f1).toBeLessThan(1);
    expect(headingTextF1(reference, candidate).f1).toBe(1);
  });

  it('finds tables by their words, one to one', () => {
    const reference = groundtruth('wiki_duck.html');
    const candidate = structuredClone(reference);
    // Cells cut differently still hold the table's words; a table with other words is not a match.
    const first = candidate.tables[0]!.data;
    first.table_cells = [{ ...first.table_cells[0]!, text: first.table_cells.map((c) => c.text).join(' ') }];
    candidate.tables[1]!.data.table_cells = candidate.tables[1]!.data.table_cells.map((c) => ({ ...c, text: 'x' }));
    const score = tableMatchF1(reference, candidate);
    expect(score).toMatchObject({ reference: 2, candidate: 2, recall: 0.5, precision: 0.5 });
    expect(tableMatchF1(reference, reference).f1).toBe(1);
  });

  it('finds pictures by their place on the page, one to one', () => {
    const reference = groundtruth('amt_handbook_sample');
    expect(pictureMatchF1(reference, reference)).toMatchObject({ reference: 2, candidate: 2, f1: 1 });
    const candidate = structuredClone(reference);
    const [first, second] = candidate.pictures;
    // Shrunk to a quarter of its area, or on another page: not found; moved a little: still found.
    const box = first!.prov[0]!.bbox;
    box.r = box.l + (box.r - box.l) / 2;
    box.b = box.t - (box.t - box.b) / 2;
    second!.prov[0]!.page_no = 2;
    expect(pictureMatchF1(reference, candidate)).toMatchObject({ recall: 0, precision: 0 });
    const moved = structuredClone(reference);
    moved.pictures[0]!.prov[0]!.bbox.l += 10;
    expect(pictureMatchF1(reference, moved).recall).toBe(1);
  });

  it('counts span cells only with their spans', () => {
    const reference = groundtruth('2305.03393v1-pg9');
    expect(spanCellF1(reference, reference)).toMatchObject({ reference: 6, f1: 1 });
    const candidate = structuredClone(reference);
    const teds = candidate.tables[0]!.data.table_cells.find((c) => c.text === 'TEDs')!;
    teds.col_span = 1;
    expect(spanCellF1(reference, candidate)).toMatchObject({ reference: 6, candidate: 5, recall: 5 / 6, precision: 1 });
  });

  it('compares word order regardless of how text is cut into items', () => {
    const reference = groundtruth('example_03.html');
    expect(bodyWordSequence(reference).length).toBeGreaterThan(20);
    const textAt = (doc: DoclingDocument, index: number) => doc.texts.filter((t) => t.text !== '')[index]!;
    const original = [textAt(reference, 1).text, textAt(reference, 2).text] as const;

    const merged = structuredClone(reference);
    textAt(merged, 1).text = `${original[0]} ${original[1]}`;
    textAt(merged, 2).text = '';
    expect(wordOrderSimilarity(reference, merged)).toBe(1);
    expect(readingOrderSimilarity(reference, merged)).toBeLessThan(1);

    const swapped = structuredClone(reference);
    textAt(swapped, 1).text = original[1];
    textAt(swapped, 2).text = original[0];
    expect(wordOrderSimilarity(reference, swapped)).toBeLessThan(1);
    expect(textCoverage(reference, swapped)).toBe(1);
  });
});
