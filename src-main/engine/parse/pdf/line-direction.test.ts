import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';

const testData = path.resolve(import.meta.dirname, '../../../../test-data');
const glyphPdf = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(testData, 'pdf-glyphs', name)));

async function headingsOf(name: string): Promise<string[]> {
  const doc = await pdfParser.parse({ fileName: name, bytes: glyphPdf(name) });
  return doc.texts.filter((item) => item.label === 'section_header').map((item) => item.text);
}

describe('lines holding words of both directions', () => {
  it('read right to left where they start at the right text edge, though most letters are Latin (XeTeX, lshort-persian)', async () => {
    expect(await headingsOf('lshort-persian-p51.pdf')).toContain('۱.۳ کلاف AMS-LATEX');
  });

  it('read right to left at the right edge of a page whose other text is Latin code (XeTeX, na-box manual)', async () => {
    expect(await headingsOf('na-box-doc-p14.pdf')).toContain('2.5 الترقيم مع الحزمة na-box');
  });

  it('keep reading left to right in English sentences quoting a Hebrew or Arabic word (Chromium)', async () => {
    const doc = await pdfParser.parse({ fileName: 'mixed-direction.chromium.pdf', bytes: glyphPdf('mixed-direction.chromium.pdf') });
    const texts = doc.texts.map((item) => item.text);
    expect(texts.some((text) => text.startsWith('The Hebrew word שלום עולם means hello world'))).toBe(true);
    expect(texts.some((text) => text.startsWith('In such words as'))).toBe(true);
    expect(texts).toContain('זהו משפט בעברית עם מילה English באמצע ומספר 2024 בסוף.');
  });
});
