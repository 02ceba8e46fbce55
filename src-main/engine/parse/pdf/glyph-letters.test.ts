import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { readPdfOutline } from './pdf-outline';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');
const glyphPdf = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(testData, 'pdf-glyphs', name)));
/** Letters of scripts other than Arabic, Latin and Greek (ε): what pdf.js makes of a glyph code it cannot map. */
const foreignLetter = /[^\p{Script=Arabic}\p{Script=Latin}\p{Script=Greek}\P{L}]/u;
const comparable = (text: string): string => text.replace(/[\s\u200c\u200d]/gu, '');

describe('glyphs their font maps to no character', () => {
  it('take the letters of the outline titles whose headings they stand in, in body text too (XeTeX, XB Zar)', async () => {
    const bytes = glyphPdf('persian-bib-userguide.pdf');
    const doc = await pdfParser.parse({ fileName: 'persian-bib-userguide.pdf', bytes });
    const { outline } = await readPdfOutline(bytes, 'persian-bib-userguide.pdf');
    const headings = doc.texts.filter((item) => item.label === 'section_header').map((item) => comparable(item.text));
    // The headings carry their section numbers ("٢ سبک‌های …"), the titles do not.
    for (const entry of outline) expect(headings.some((heading) => heading.endsWith(comparable(entry.title)))).toBe(true);
    const body = doc.texts.filter((item) => item.label === 'text').map((item) => item.text);
    expect(body.some((text) => text.includes('این سبک متناظر با'))).toBe(true);
    expect(body.filter((text) => foreignLetter.test(text))).toEqual([]);
    const warnings = (doc.metadata?.['warnings'] ?? []) as string[];
    expect(warnings.some((warning) => /have no Unicode mapping in their font: \d+ read from the outline's titles/.test(warning))).toBe(
      true,
    );
  });

  it('are shown as unreadable (U+FFFD) in right-to-left words no title names, and said so (XeTeX, a display face)', async () => {
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
