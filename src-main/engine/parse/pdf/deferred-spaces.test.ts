import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-complex');
const textOf = async (fileName: string): Promise<string> => {
  const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
  return doc.texts.map((item) => item.text).join('\n');
};
/** A space between a glyph whose text ends in a nonspacing mark and the next Tibetan letter: the page's source has none. */
const spaceAfterMark = /\p{Mn} \p{Script=Tibetan}/u;

describe('spaces pdf.js writes for the advances of glyphs holding a nonspacing mark', () => {
  it('reads Tibetan syllables whole where the page placed the glyph after a vowel sign (Chromium)', async () => {
    const text = await textOf('tibetan-messages-p2.chromium.pdf');
    expect(text).toContain('སོ་ཀེཊི་ཅིག་གསར་བསྐྲུན་འབད་མ་ཚུགས་པར་ཡོདཔ་ཨིན།');
    expect(text).toContain('འདི་གིས་འབྱུང་ཁུངས་ཀྱི་ཡིག་མཛོད་ཚུ་ཕབ་ལེན་འབདཝ་ཨིན།');
    expect(text).not.toMatch(spaceAfterMark);
    // Word spaces after a shad or a tsheg stay.
    expect(text).toContain('ཡོདཔ་ཨིན་ མཐུད་ལམ་ངལ་མཚམས། བྱ་ཡུལ་གྱི');
  });

  it('reads the same strings whole as WeasyPrint sets them', async () => {
    const text = await textOf('tibetan-messages-p2.weasyprint.pdf');
    expect(text).toContain('བྱ་ཡུལ་གྱི་སོ་ཀེཊི་མཐུད་མ་ཚུགས།');
    expect(text).toContain('ཨི་ཨར་ཨར།');
    expect(text).not.toMatch(spaceAfterMark);
    expect(text).toContain('ཡོདཔ་ཨིན་ མཐུད་ལམ་ངལ་མཚམས། བྱ་ཡུལ་གྱི');
  });
});
