import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-paragraphs');

const textsOf = (doc: DoclingDocument): string[] => doc.texts.map((t) => t.text);

// A step from one line to the next across a drawn rule (a box's title bar, a fraction's bar) is wider than the text's
// pitch: counted as one, it widened the page's pitch until lines on either side of a gap joined into one block.
describe('line steps across a drawn rule', () => {
  it("keeps a box's title over its rule apart from the box's text (LuaTeX, tcolorbox)", async () => {
    const doc = await parse('ProfLycee-doc-p9.pdf');
    expect(textsOf(doc).filter((text) => text.endsWith('Information(s)'))).toHaveLength(2);
    // the LaTeX logo set upwards inside the badge before the package's name is read where it stands, in the line
    expect(textsOf(doc)).toContainEqual(expect.stringMatching(/^Le package LATEX ProfLycee est compatible avec les compilateurs/));
  });

  it('keeps a heading and a display formula apart from the text under them (dvips, Ghostscript 8.62, rules as image masks)', async () => {
    const doc = await parse('bigints-p4.pdf');
    expect(doc.texts.find((t) => t.text === '3.2.2 Matrices With Four Rows')?.label).toBe('section_header');
    expect(textsOf(doc)).toContain('you simply need to use \\bigintss at the place of \\int before the matrix.');
  });
});

describe('code wrapped in a heading', () => {
  it('is set larger than the body: prose naming code between the parts of a listing set smaller stays apart from them (pdfTeX, texinfo)', async () => {
    const doc = await parse('R-FAQ-p28.pdf');
    const labelOf = (text: string): string | undefined => doc.texts.find((t) => t.text === text)?.label;
    expect(labelOf('KernSmooth Functions for kernel smoothing for Wand & Jones (1995)')).toBeUndefined();
    expect(textsOf(doc).some((text) => text.startsWith('KernSmooth Functions for kernel smoothing for Wand & Jones (1995)\nMASS'))).toBe(
      true,
    );
    expect(labelOf('library(help = pkg)\nhelp(package = pkg)')).toBe('code');
    expect(labelOf('You can unload the loaded package pkg by')).toBe('text');
    expect(labelOf('detach("package:pkg", unload = TRUE)')).toBe('code');
  });
});
