import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-footnote-marks');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
const textsOf = (doc: DoclingDocument): string[] => doc.texts.map((t) => t.text);

// LaTeX sets a footnote's mark raised, in a box of its own, right against the note's first word: read as one word
// ("15플레인텍에서는", "1Subiektywne"), neither the mark nor the word was the text's.
describe("a footnote's raised mark", () => {
  it('is a word of its own before the first word of its note (LuaTeX, Korean)', async () => {
    const doc = await parse('luatexko-doc-p5.pdf');
    expect(textsOf(doc)).toContain('15 플레인텍에서는 +compresspunctuations.');
    expect(textsOf(doc)).toContain('20 플레인텍에서는 expansion=default.');
    expect(textsOf(doc).some((text) => /^\d+플레인텍/u.test(text))).toBe(false);
  });

  it('is a word of its own, and the note stays a footnote (Ghostscript, Polish)', async () => {
    const doc = await parse('wkmgr1-p8.pdf');
    const notes = doc.texts.filter((t) => t.label === 'footnote').map((t) => t.text);
    expect(notes).toContainEqual(expect.stringMatching(/^1 Subiektywne normy \(SN, subjective norms\)/u));
    expect(notes).toContainEqual(expect.stringMatching(/^4 Ajzen i Fishbein rekomendują/u));
    // a mark after a word stays with it, as the text layer reads it
    expect(textsOf(doc)).toContainEqual(expect.stringContaining('subiektywnej normy1 oraz postawy2'));
  });

  it("is a word of its own before an affiliation, at a line's start or inside it (pdfTeX: nwejm, Elsevier)", async () => {
    const affiliations = textsOf(await parse('nwejm-article-in-dutch-p1.pdf'));
    expect(affiliations).toContain('1 Affiliation 8');
    expect(affiliations.some((text) => /\dAffiliation/u.test(text))).toBe(false);
    const elsevier = await pdfParser.parse({
      fileName: 'els-cas-templates-elsdoc-cas-p6.pdf',
      bytes: new Uint8Array(readFileSync(path.join(folder, '../pdf-glyphs/els-cas-templates-elsdoc-cas-p6.pdf'))),
    });
    const texts = textsOf(elsevier).join('\n');
    expect(texts).toContain('a Department of Physics, J.K. Institute of Science');
    expect(texts).not.toMatch(/[a-c]Department/u);
  });
});
