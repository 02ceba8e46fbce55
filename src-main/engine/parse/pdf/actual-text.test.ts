import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfParser } from '.';
import { markedContentBegins } from './marked-content';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-indic');
const textsOf = async (fileName: string): Promise<string[]> => {
  const doc = await pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });
  return doc.texts.map((item) => item.text);
};

describe('marked content with an ActualText', () => {
  it('reads Devanagari clusters in logical order with their conjuncts and reph (Chromium)', async () => {
    const texts = await textsOf('lo-help-keyboard-hi-p24.chromium.pdf');
    // The reph of "शीर्षक" maps to no character and the short i sign of "किनारे" is drawn before its consonant.
    expect(texts).toContain('दस्तावेज का शीर्षक बदलना');
    expect(texts).toContain('गोल किनारे बनाना');
    expect(texts).toContain('पृष्ठभूमि रंग तथा पृष्ठभूमि चित्र निर्धारित करना');
    expect(texts).toContain('Loading Color, Gradient, and Hatching Palettes');
  });

  it('reads a conjunct glyph mapped to a whole cluster once, and words after it spaced as drawn (LibreOffice)', async () => {
    const texts = await textsOf('lo-help-main0210-hi-p1.libreoffice.pdf');
    const sentence = texts.find((text) => text.startsWith('एक से'))!;
    expect(sentence).toContain('को चुनने के लिए, जब आप क्लिक करते हैं तो शिफ़्ट को दबाए');
    expect(texts.some((text) => text.includes('वस्तु में दोहरा क्लिक करें तथा टाइप करें'))).toBe(true);
    expect(texts.some((text) => /The Drawing bar contains frequently used editing tools\./.test(text))).toBe(true);
  });
});

describe('markedContentBegins', () => {
  const stream = (text: string): Uint8Array => Buffer.from(text, 'latin1');

  it('lists every sequence a content stream begins, with the text an ActualText gives', () => {
    const begins = markedContentBegins(
      stream(
        '/P <</MCID 0>> BDC BT (a BDC \\) in a string) Tj ET EMC /Span<</ActualText<feff0915093f>>>BDC [<17>1<18>]TJ EMC /Art BMC EMC',
      ),
    );
    expect(begins).toEqual([{ tag: 'P' }, { tag: 'Span', actualText: 'कि', showsText: true }, { tag: 'Art' }]);
  });

  it('steps over inline images and reads literal strings in PDFDocEncoding', () => {
    const begins = markedContentBegins(stream('BI /W 2 /H 1 /BPC 8 /CS /G ID \x00BDC\x01 EI /Span <</ActualText (fi)>> BDC EMC'));
    expect(begins).toEqual([{ tag: 'Span', actualText: 'fi' }]);
  });

  it('is undefined for a stream without ActualText', () => {
    expect(markedContentBegins(stream('/P <</MCID 0>> BDC BT (text) Tj ET EMC'))).toBeUndefined();
  });
});

describe('Bengali, Tamil and Hindi text', () => {
  const sourceWords = readFileSync(path.join(folder, 'indic-scripts.html'), 'utf8')
    .replace(/<style>[^]*?<\/style>|<title>[^]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/u)
    .filter(Boolean);

  it('reads every word of its source page, in logical order and spaced as drawn (Chromium)', async () => {
    const words = (await textsOf('indic-scripts.chromium.pdf')).join(' ').split(/\s+/u);
    expect(words).toEqual(sourceWords);
  });

  it('reads the clusters of each script and the spaces between words (LibreOffice)', async () => {
    const texts = await textsOf('indic-scripts.libreoffice.pdf');
    expect(texts).toContain('দ্বিতীয় অধ্যায়: কার্যক্রম');
    expect(texts).toContain('தமிழ் மொழி மற்றும் இலக்கியம்');
    expect(texts).toContain('இரண்டாம் பகுதி: செயல்பாடுகள்');
    expect(texts).toContain('हिन्दी भाषा और साहित्य');
    expect(texts.some((text) => text.includes('மாணவர்கள் தினமும் புதிய பாடங்களை கற்கிறார்கள்.'))).toBe(true);
    expect(texts.some((text) => text.includes('कम्प्यूटर विज्ञान की परीक्षा में सम्मिलित हुआ।'))).toBe(true);
  });
});
