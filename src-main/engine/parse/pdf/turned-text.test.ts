import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-turned');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
const textsOf = (doc: DoclingDocument): string[] => doc.texts.map((t) => t.text);
const warningsOf = (doc: DoclingDocument): unknown => (doc as { metadata?: { warnings?: unknown } }).metadata?.warnings;

// Text set across the page's lines outside any picture was counted in a warning and left out: the text layer holds it,
// a reader reads it, and no chunk had it.
describe('turned text outside pictures', () => {
  it("reads a table's column heads set upwards, left to right, as text (pdfTeX)", async () => {
    const doc = await parse('csquotes-DE-p23.pdf');
    const heads = doc.texts.filter((t) => /^\\?\w*quote$/.test(t.text));
    expect(heads.map((t) => t.text).slice(0, 4)).toEqual(['\\enquote', '\\foreignquote', '\\hyphenquote', '\\textquote']);
    expect(heads).toHaveLength(21);
    expect(heads.every((t) => t.label === 'text')).toBe(true);
    expect(textsOf(doc)).toContain('#1 Das öffnende Anführungszeichen.');
    // the caption under them is not set apart from text above it: the heads' boxes say nothing of the page's steps
    expect(doc.texts.find((t) => t.text.startsWith('Tabelle 5'))?.label).toBe('text');
    expect(JSON.stringify(warningsOf(doc) ?? [])).not.toContain('not read');
  });

  it('reads the labels along the edges of a tree and keeps the code listing beside it whole (Ghostscript)', async () => {
    const doc = await parse('mptrees-doc-p10.pdf');
    expect(textsOf(doc).filter((text) => text === '0.7' || text === '0.3')).toHaveLength(14);
    expect(textsOf(doc)).toContainEqual(expect.stringMatching(/^beginfig\(27\)\ntypeprob:=4;\nbernoullisuccessevent:=/));
    expect(JSON.stringify(warningsOf(doc) ?? [])).not.toContain('not read');
  });

  it('reads a watermark set across a paragraph without parting the paragraph, in the furniture as it comes back on every page (LuaTeX)', async () => {
    const doc = await parse('letgut-p7-9.pdf');
    const watermark = doc.texts.findIndex((t) => t.text === 'Brouillon');
    const paragraph = doc.texts.findIndex((t) => t.text.startsWith('packages respectivement'));
    expect(doc.texts[paragraph]?.text).toBe(
      'packages respectivement hyperref, varioref et csquotes, chargés en sous-main par la classe letgut.',
    );
    expect(watermark).toBe(paragraph + 1);
    const watermarks = doc.texts.filter((t) => t.text === 'Brouillon');
    expect(watermarks.map((t) => t.prov[0]?.page_no)).toEqual([1, 2, 3]);
    expect(watermarks.every((t) => t.content_layer === 'furniture')).toBe(true);
  });

  it('reads a logo set upwards whole, a raised letter tucked back under the one before it, in the line it stands in (LuaTeX)', async () => {
    const doc = await parse('ProfLycee-doc-p6.pdf');
    expect(
      textsOf(doc)
        .join('\n')
        .match(/\bLATEX\b/gu)?.length,
    ).toBeGreaterThanOrEqual(8);
    expect(textsOf(doc).some((text) => text.includes('L ATEX') || /(^|\s)ATEX/u.test(text))).toBe(false);
    expect(textsOf(doc)).toContain('LATEX tikz , LATEX pgf , LATEX pgffor ;');
    expect(textsOf(doc)).not.toContain('LATEX');
  });

  it('reads a name set round a seal letter by letter, spaced out, as its words (XeTeX)', async () => {
    const doc = await parse('cqubeamer-p2.pdf');
    expect(textsOf(doc)).toContain('CHONGQING');
    expect(textsOf(doc)).toContain('UNIVERSITY');
    expect(textsOf(doc).filter((text) => /^\p{Lu}$/u.test(text))).toEqual([]);
  });
});
