import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { headingsOf, isHeading, testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const levelsOf = (doc: DoclingDocument): [string, number][] =>
  doc.texts.filter((t) => isHeading(t) && t.label === 'section_header').map((t) => [t.text, 'level' in t ? Number(t.level) : 0]);

// Papers (journal and conference classes) whose section headings differ from the text by less than a heading does on size alone: a sans face a point
// over the serif body (acmart's acmtog, pdfTeX), a bold sans a point under it (asmeconf, LuaHBTeX).
describe('PDF section headings in a style whose numbered titles count on as sections do', () => {
  it('splits "1 INTRODUCTION" and "2.1 Template Styles" off the paragraphs under them (acmart, pdfTeX)', async () => {
    const doc = await parse('acmart-sample-acmtog-p1.pdf');
    expect(levelsOf(doc)).toEqual([
      ['1 INTRODUCTION', 1],
      ['2 TEMPLATE OVERVIEW', 1],
      ['2.1 Template Styles', 2],
      ['2.2 Template Parameters', 2],
    ]);
    expect(doc.texts.some((t) => t.text.startsWith('ACM’s consolidated article template'))).toBe(true);
    // the authors' lines, in the heading's face but not its numbering, stay text
    expect(headingsOf(doc).some((text) => text.includes('TROVATO'))).toBe(false);
  });

  it('reads the style’s unnumbered titles in capitals as sections of the same level, the author’s name as text (asmeconf, LuaHBTeX)', async () => {
    const doc = await parse('asmeconf-lualatex-ode-example.pdf');
    expect(levelsOf(doc)).toEqual(
      expect.arrayContaining([
        ['ABSTRACT', 1],
        ['1. INTRODUCTION', 1],
        ['2. SOLUTION TO AN INITIAL VALUE PROBLEM', 1],
        ['3. CONCLUSION', 1],
        ['REFERENCES', 1],
      ]),
    );
    expect(headingsOf(doc).some((text) => text.startsWith('John H. Lienhard'))).toBe(false);
  });
});

describe('PDF statements led by a bold label', () => {
  it('reads "Lemma 2 (A Sample Lemma) This is a lemma." and a proof’s italic first line as text (jmlr, pdfTeX)', async () => {
    const doc = await parse('jmlr-pmlr-sample-p10.pdf');
    expect(headingsOf(doc)).toContain('7. Theorems, Lemmas etc');
    expect(headingsOf(doc).some((text) => text.startsWith('Lemma 2') || text.startsWith('Proof'))).toBe(false);
    expect(doc.texts.map((t) => t.text)).toContain('Lemma 2 (A Sample Lemma) This is a lemma.');
  });
});

describe('PDF titles centred over several lines', () => {
  it('keeps a title centred over three lines set looser than a heading’s leading whole (philosophersimprint, pdfTeX)', async () => {
    const doc = await parse('philosophersimprint-sample-p1.pdf');
    expect(headingsOf(doc)).toContain('PHILOSOPHERS’ IMPRINT MISSION STATEMENT');
    expect(headingsOf(doc)).not.toContain('STATEMENT');
  });
});
