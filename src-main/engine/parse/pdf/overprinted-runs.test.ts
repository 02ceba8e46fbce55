import { describe, expect, it } from 'vitest';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-overprint');

describe('overprinted text on real pages', () => {
  it('reads a heading whose every letter is drawn twice a hair apart once (groff, Ghostscript)', async () => {
    const doc = await parse('groff-mom-sample_docs-p1.ghostscript.pdf');
    const texts = doc.texts.map((item) => item.text);
    expect(texts).toContain('SAMPLE MOM DOCUMENTS');
    expect(texts.some((text) => text.includes('AA'))).toBe(false);
    expect(texts).toContain('Three types of mom documents assembled and collated by mom’s author');
  });

  it('reads a label drawn four times at one place once (Acrobat PDFMaker, Quartz)', async () => {
    const doc = await parse('chelsea_pdta-p21.pdf');
    // Two pie slices' "10%" and the label beside them, drawn over each other.
    expect(doc.texts.filter((item) => item.text.startsWith('10% 10%')).map((item) => item.text)).toEqual(['10% 10% 1']);
  });
});
