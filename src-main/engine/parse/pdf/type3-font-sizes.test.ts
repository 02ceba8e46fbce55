import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-type3');

const textsOf = (doc: DoclingDocument): string[] => doc.texts.map((t) => t.text);

// pdf.js gives these pages' bitmap fonts a height a thousand times their width: every line overlapped every other,
// and the page read as one jumble of words ("The betonF1995/03/05rankJensenpakage").
describe('text in dvips bitmap fonts (Type 3, sized by their advances)', () => {
  it('reads the lines of a page set in them one by one, in order (dvips 5.96, Ghostscript 8.54)', async () => {
    const doc = await parse('beton-p1.pdf');
    expect(textsOf(doc).slice(0, 4)).toEqual(['The beton package', 'Frank Jensen', '1995/03/05', '1 Introduction']);
    expect(doc.texts.find((t) => t.text === '1 Introduction')?.label).toBe('section_header');
    expect(textsOf(doc).some((text) => text.startsWith('The purpose of the beton package is to provide a setup so that'))).toBe(true);
  });

  it('keeps the title larger than the abstract and the contents rows as lines of their own (dvips, ESP Ghostscript 8.15)', async () => {
    const doc = await parse('minipage-marginpar-p1.pdf');
    expect(doc.texts[0]).toMatchObject({ label: 'title', text: expect.stringMatching(/^Das minipage-marginpar-Package Randnotizen/) });
    expect(textsOf(doc)).toEqual(expect.arrayContaining(['Paul Ebermann†', '7. April 2008', '1 Einleitung', '2 Benutzerdoku']));
    expect(textsOf(doc).some((text) => text.startsWith('Innerhalb von Boxen wie etwa einer minipage-Umgebung sind'))).toBe(true);
  });
});
