import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser, isHeading, bodyTextsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const headingsOf = (doc: DoclingDocument, page: number): string[] =>
  doc.texts.filter((t) => isHeading(t) && t.prov[0]?.page_no === page).map((t) => t.text);

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
