import { AnnotationMode } from './pdfjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { openPdf } from './load-pdf';
import { pdfOf } from './pdf-writer.test-support';
import { strokedTextItems } from './stroked-text';

/** One page in Helvetica (no bold face used): `content` is the page's content stream. */
function helveticaPage(content: string): Uint8Array {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    { dictionary: '<< >>', data: new TextEncoder().encode(content) },
  ]);
}

async function strokedTexts(content: string): Promise<string[]> {
  const pdf = await openPdf(helveticaPage(content), 'stroked.pdf');
  try {
    const page = await pdf.getPage(1);
    const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
    const text = await page.getTextContent();
    return [...strokedTextItems(operators, text)].map((item: TextItem) => item.str);
  } finally {
    await pdf.destroy();
  }
}

describe('strokedTextItems', () => {
  it('finds the lines drawn filled and stroked (bold faked from a regular face), and only them', async () => {
    const content = [
      'q BT 2 Tr 0.4 w /F1 14 Tf 72 720 Td (Installing the package) Tj ET Q',
      'BT /F1 10 Tf 72 700 Td (The package is installed with the usual tools.) Tj ET',
      'q BT 2 Tr /F1 12 Tf 72 680 Td [(Configur) -20 (ation)] TJ ET Q',
      'BT /F1 10 Tf 72 660 Td (Its configuration lives in one file.) Tj ET',
    ].join('\n');
    expect(await strokedTexts(content)).toEqual(['Installing the package', 'Configuration']);
  });

  it('restoring the graphics state ends the stroking, and outlined-only or invisible text is not bold', async () => {
    const content = [
      'q BT 2 Tr /F1 12 Tf 72 720 Td (Heading) Tj ET Q',
      'BT /F1 10 Tf 72 700 Td (Body after the restore.) Tj ET',
      'BT 1 Tr /F1 10 Tf 72 680 Td (Outlined text.) Tj ET',
      'BT 3 Tr /F1 10 Tf 72 660 Td (Invisible text of a scan.) Tj ET',
    ].join('\n');
    expect(await strokedTexts(content)).toEqual(['Heading']);
  });

  it('finds nothing on a page that never strokes its text', async () => {
    expect(await strokedTexts('BT /F1 10 Tf 72 700 Td (Plain text.) Tj ET')).toEqual([]);
  });
});
