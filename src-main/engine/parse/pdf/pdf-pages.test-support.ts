import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { pdfParser } from '.';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');

/** A parse of the PDFs of one folder of `test-data` (real pages cut from documents, their licences beside them). */
export function testPdfParser(folder: string): (fileName: string) => Promise<DoclingDocument> {
  return (fileName) => pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(testData, folder, fileName))) });
}

export const isHeading = (item: TextItem): boolean => item.label === 'section_header' || item.label === 'title';

/** The texts of the document's headings (titles and section headers), in reading order. */
export const headingsOf = (doc: DoclingDocument): string[] => doc.texts.filter(isHeading).map((t) => t.text);

/** The texts of the document's body that are no headings. */
export const bodyTextsOf = (doc: DoclingDocument): string[] =>
  doc.texts.filter((t) => t.content_layer !== 'furniture' && !isHeading(t)).map((t) => t.text);
