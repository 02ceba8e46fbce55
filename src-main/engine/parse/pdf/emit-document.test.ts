import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { pdfOf } from './pdf-writer.test-support';

/** One page: a bold running title smaller than the title, the document's title, a sub-heading and body text. */
function chapterPage(): Uint8Array {
  const body = Array.from(
    { length: 8 },
    (_, i) => `BT /F1 10 Tf 72 ${560 - 13 * i} Td (Body text of the chapter explains each step of building the package in turn.) Tj ET`,
  );
  const content = [
    'BT /F2 11 Tf 250 760 Td (Chapter 2. First steps) Tj ET',
    'BT /F2 24 Tf 72 680 Td (Chapter 2. First steps) Tj ET',
    'BT /F2 14 Tf 72 600 Td (2.1. Building a package) Tj ET',
    ...body,
  ].join('\n');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    { dictionary: '<< >>', data: new TextEncoder().encode(content) },
  ]);
}

describe('emitDocument', () => {
  it("takes the first page's largest heading as the title, not a bold running title above it", async () => {
    const doc = await pdfParser.parse({ fileName: 'chapter.pdf', bytes: chapterPage() });
    const titles = doc.texts.filter((t) => t.label === 'title');
    expect(titles).toHaveLength(1);
    expect(titles[0]!.prov[0]!.bbox.t).toBeGreaterThan(690);
    expect(titles[0]!.prov[0]!.bbox.t).toBeLessThan(720);
  });
});
