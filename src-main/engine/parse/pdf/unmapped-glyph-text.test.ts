import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');
const glyphPdf = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(testData, 'pdf-glyphs', name)));
/** Letters of scripts other than Arabic, Latin and Greek (ε): what pdf.js makes of a glyph code it cannot map. */
const foreignLetter = /[^\p{Script=Arabic}\p{Script=Latin}\p{Script=Greek}\P{L}]/u;

describe('glyphs their font maps to no character', () => {
  it('are shown as unreadable (U+FFFD) in right-to-left headings and body text, not as the code pdf.js reads (XeTeX, XB Zar)', async () => {
    const doc = await pdfParser.parse({ fileName: 'persian-bib-userguide.pdf', bytes: glyphPdf('persian-bib-userguide.pdf') });
    const headings = doc.texts.filter((item) => item.label === 'section_header').map((item) => item.text);
    expect(headings.length).toBeGreaterThan(3);
    expect(headings.filter((text) => foreignLetter.test(text))).toEqual([]);
    const body = doc.texts.filter((item) => item.label === 'text').map((item) => item.text);
    // "سبک": its final keheh has no mapping
    expect(body.some((text) => text.includes('این سب\uFFFD متناظر با'))).toBe(true);
    expect(body.filter((text) => foreignLetter.test(text))).toEqual([]);
    const warnings = (doc.metadata?.['warnings'] ?? []) as string[];
    expect(warnings.some((warning) => /have no Unicode mapping in their font: \d+ shown as unreadable/.test(warning))).toBe(true);
  });

  it('are shown as unreadable (U+FFFD) in a title of a display face, and said so (XeTeX)', async () => {
    const doc = await pdfParser.parse({ fileName: 'lshort-persian-p1.pdf', bytes: glyphPdf('lshort-persian-p1.pdf') });
    const title = doc.texts.find((item) => item.label === 'title')!;
    expect(title.text).not.toMatch(foreignLetter);
    expect(title.text).toMatch(/\p{Script=Arabic}/u);
    expect(title.text).toContain('\uFFFD');
    const warnings = (doc.metadata?.['warnings'] ?? []) as string[];
    expect(warnings.some((warning) => /shown as unreadable \(U\+FFFD\) in right-to-left text/.test(warning))).toBe(true);
  });

  it('are no ligature pdf.js hands out decomposed (lam-alef with hamza as two letters, Docling corpus)', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(testData, 'corpus/pdf', 'right_to_left_01.pdf')));
    const doc = await pdfParser.parse({ fileName: 'right_to_left_01.pdf', bytes });
    expect(doc.texts[0]!.text.startsWith('تحسين الإنتاجية')).toBe(true);
    expect(doc.metadata?.['warnings'] ?? []).toEqual([]);
  });
});
