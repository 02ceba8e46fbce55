import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { DoclingDocument } from '../../../src-shared/docling/types';
import { headingF1, listItemF1, tableCellF1, textCoverage } from '../evaluate/parse-metrics';

/** Shared by the parsers' tests. Not used at run time. */

/** A file of test-data/corpus, e.g. `docx/word_sample.docx`. */
export function corpusFile(path: string): Buffer {
  return readFileSync(new URL(`../../../test-data/corpus/${path}`, import.meta.url));
}

/** Our document agrees with Docling's groundtruth on headings, list items, table cells and text. */
export function expectGroundtruthParity(truth: DoclingDocument, doc: DoclingDocument): void {
  expect(headingF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(listItemF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(tableCellF1(truth, doc).f1).toBeGreaterThanOrEqual(0.95);
  expect(textCoverage(truth, doc)).toBeGreaterThanOrEqual(0.98);
  expect(textCoverage(doc, truth)).toBeGreaterThanOrEqual(0.98);
}
