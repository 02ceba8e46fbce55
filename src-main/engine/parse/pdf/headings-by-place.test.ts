import { describe, expect, it } from 'vitest';
import { testPdfParser, headingsOf, bodyTextsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

/** Headings at the body's size and in its face, set apart by where they stand: centred, or in a column of labels. */
describe('headings set apart by their place', () => {
  it('reads headings centred at the text size, capitals or headline style, apart from the text under them (LuaTeX, SBL paper)', async () => {
    const doc = await parse('sbl-paper-p4-5.pdf');
    expect(headingsOf(doc)).toEqual([
      'PRIMARY HEADING LONG TITLES ARE SINGLE-SPACED ON SUBSEQUENT LINES',
      'First-Level Subheading',
      'Second-Level Subheading',
      'Third-Level Subheading',
      'CITATIONS',
    ]);
    expect(bodyTextsOf(doc).some((text) => text.startsWith('There are two blank lines between the text'))).toBe(true);
  });

  it('reads centred headings of a double-spaced paper, one opening a page of two lines (Chromium)', async () => {
    const doc = await parse('centred-headings.en.chromium.pdf');
    expect(headingsOf(doc)).toEqual(['INTRODUCTION', 'Sources and Method', 'THE REGISTERS', 'Gaps in the Record', 'CONCLUSION']);
    expect(bodyTextsOf(doc).some((text) => text.startsWith('The registers are a fair record'))).toBe(true);
  });

  it('keeps the centred lines of a title page and a definition beside its term text (LuaTeX, pdfTeX)', async () => {
    const title = await parse('fancyvrb-doc-p1.pdf');
    const definitions = await parse('udesoftec-doc.pdf');
    // the author's centred lines, capitalised as a title is, stand over more centred lines, not over text
    expect(bodyTextsOf(title)).toEqual(
      expect.arrayContaining(['Timothy Van Zandt Princeton University Princeton – USA', 'January 19, 2023']),
    );
    expect(headingsOf(definitions)).not.toContain('vawibamberg');
  });

  it('reads the labels of a column left of the text as headings, wrapped ones whole (xdvipdfmx, CV)', async () => {
    const doc = await parse('simple-resume-cv-p1.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['EDUCATION', 'RESEARCH EXPERIENCE', 'AWARDS & SCHOLARSHIPS']));
    expect(bodyTextsOf(doc)).toContain('Institute for Advanced Research, Science College');
  });

  it('reads the labels of a column left of the text as headings, wrapped ones whole (Chromium, CV)', async () => {
    const doc = await parse('cv-labels.en.chromium.pdf');
    expect(headingsOf(doc)).toEqual([
      'Maria Ostrowska',
      'EDUCATION',
      'RESEARCH EXPERIENCE',
      'TEACHING',
      'AWARDS & GRANTS',
      'LANGUAGES',
      'INTERESTS',
    ]);
  });
});
