import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../../src-shared/docling/types';
import { headingF1, listItemF1, readingOrderSimilarity, tableCellF1, textCoverage, wordsOf } from './parse-metrics';

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
    expect(wordsOf('Don’t  SWIM, ok?')).toEqual(["don", 't', 'swim', 'ok']);
  });
});
