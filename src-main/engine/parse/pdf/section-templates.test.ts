import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
const isHeading = (item: TextItem): boolean => item.label === 'section_header' || item.label === 'title';
const headingsOf = (doc: DoclingDocument, page: number): string[] =>
  doc.texts.filter((t) => isHeading(t) && t.prov[0]?.page_no === page).map((t) => t.text);
const bodyTextsOf = (doc: DoclingDocument): string[] =>
  doc.texts.filter((t) => t.content_layer !== 'furniture' && !isHeading(t)).map((t) => t.text);

describe('the subheadings of a template repeated section by section', () => {
  it('keeps "Syntax" and "Example" under every function as headings, apart from the text they head (Chromium)', async () => {
    const doc = await parse('lo-help-scalc-04060110-p24-26.cs.chromium.pdf');
    expect(headingsOf(doc, 2)).toEqual(['Příklad', 'CLEAN', 'Syntaxe', 'Příklad', 'CODE', 'Syntaxe', 'Příklad']);
    expect(bodyTextsOf(doc)).toContain('=CHAR(100) vrátí znak d.');
  });

  it('keeps them as headings at the text size whatever space stands above them (WeasyPrint)', async () => {
    const doc = await parse('lo-help-scalc-04060115-p1-4.cs.weasyprint.pdf');
    expect(headingsOf(doc, 2)).toEqual(['BESSELJ', 'Syntaxe', 'Příklad', 'BESSELK', 'Syntaxe', 'Příklad']);
  });
});
