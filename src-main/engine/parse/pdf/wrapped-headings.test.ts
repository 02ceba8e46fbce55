import { describe, expect, it } from 'vitest';
import { testPdfParser, headingsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

describe('PDF headings that wrap over two or more lines', () => {
  it("keeps a chapter's number with its title wrapped over two lines at twice the text's size, not a list item (Ghostscript)", async () => {
    const doc = await testPdfParser('pdf-ligature-maps')('tracklang-manual-p39.ghostscript.pdf');
    expect(headingsOf(doc)).toEqual(['5. Detecting the User’s Requested Languages']);
    expect(doc.texts.some((item) => item.label === 'list_item' && item.text.includes('Detecting'))).toBe(false);
  });

  it('keeps a justified heading whole when its stretched spaces look like column gutters (pdfTeX, xdvipdfmx)', async () => {
    const color = await parse('GS9_Color_Management-p36.pdf');
    expect(headingsOf(color)).toEqual([
      '6 ICC Color, the Display List and Multi-Threaded Rendering',
      '7 PDF and PS CIE color space handling',
    ]);
    const faq = await parse('debian-faq-p14.pdf');
    const question = headingsOf(faq).filter((heading) => heading.startsWith('2.5 '));
    expect(question).toHaveLength(1);
    expect(question[0]).toMatch(/CD-ROM contain symlinks for .* I thought this CD contains just .*stable’!$/u);
    expect(headingsOf(faq).some((heading) => heading.startsWith('unstable') || heading.startsWith('just'))).toBe(false);
  });

  it('keeps a heading whose lines are set at the leading of the text whole (Asciidoctor PDF)', async () => {
    const doc = await parse('git-gitworkflows-p5.asciidoctor-pdf.pdf');
    expect(headingsOf(doc)).toContain('Maintenance branch management after a feature release');
    expect(headingsOf(doc)).not.toContain('release');
    expect(headingsOf(doc)).toContain('Recipe: Copy maint');
  });

  it('continues a heading onto a line of typewriter words, and a row of few words stretched far apart (Sphinx)', async () => {
    const policy = await parse('debian-policy-p69-74.pdf');
    expect(headingsOf(policy)).toContain('7.2 Binary Dependencies - Depends, Recommends, Suggests, Enhances, Pre-Depends');
    expect(headingsOf(policy)).not.toContain('ages');
    // Four lines in the heading's larger type, a typewriter face among them.
    expect(headingsOf(policy)).toContain(
      '7.7 Relationships between source and binary packages - Build-Depends, Build-Depends-Indep, Build-Depends-Arch, ' +
        'Build-Conflicts, Build-Conflicts-Indep, Build-Conflicts-Arch',
    );
  });
});
