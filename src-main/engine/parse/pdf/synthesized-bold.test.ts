import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { openPdf } from './load-pdf';
import { itemsInSynthesizedBold } from './synthesized-bold';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const bytesOf = (fileName: string): Uint8Array => new Uint8Array(readFileSync(path.join(folder, fileName)));

async function synthesizedBoldTexts(fileName: string): Promise<string[]> {
  const pdf = await openPdf(bytesOf(fileName), fileName);
  try {
    const page = await pdf.getPage(1);
    await page.getOperatorList();
    return [...itemsInSynthesizedBold(page, await page.getTextContent())].map((item) => item.str);
  } finally {
    await pdf.destroy();
  }
}

describe('text in a font its producer emboldened', () => {
  it("reads Chromium's Type 3 copies of a regular CJK face as bold, so a heading half in them stays a heading", async () => {
    const fileName = 'harden-doc-ch12-p2.zh-cn.chromium.pdf';
    expect(await synthesizedBoldTexts(fileName)).toEqual(expect.arrayContaining(['我想要运行', '应当选择哪个']));
    const doc = await pdfParser.parse({ fileName, bytes: bytesOf(fileName) });
    const headings = doc.texts.filter((t) => t.label === 'section_header').map((t) => t.text);
    // Bold Latin is 14 of the line's 27 letters: the CJK half decides whether the line is bold.
    expect(headings).toEqual(
      expect.arrayContaining(['12.1.1.4. 有针对 Debian 的安全化程序吗?', '12.1.1.5. 我想要运行 XYZ 服务, 应当选择哪个?']),
    );
  });

  it('leaves Type 3 fonts that copy no outline font of the page alone (pdfTeX bitmap fonts)', async () => {
    expect(await synthesizedBoldTexts('arabi-test-beamer-p1.pdf')).toEqual([]);
  });
});
