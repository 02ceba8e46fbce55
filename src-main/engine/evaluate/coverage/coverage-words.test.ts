import { describe, expect, it } from 'vitest';
import { markdownParser } from '../../parse/markdown/markdown-parser';
import { DocumentBuilder } from '../../parse/document-builder';
import { chunkedWords, coverageWords, furnitureWords, parsedWords, pictureWords } from './coverage-words';

describe('coverageWords', () => {
  it('splits Han and kana into characters and keeps spaced scripts as words', () => {
    const japanese = ['パ', 'ッ', 'ケ', 'ー', 'ジ', 'の', '作', '成', 'debian', '12'];
    expect(coverageWords('パッケージの作成 (Debian 12)')).toEqual(japanese);
    const spaced = ['file', 'straße', 'مرحبا', 'بالعالم', '한국어', '문서'];
    expect(coverageWords('ﬁle Straße مرحبا بالعالم 한국어 문서')).toEqual(spaced);
    expect(coverageWords('فایل‌های ورودی')).toEqual(['فایلهای', 'ورودی']);
  });

  it('splits the scripts written without spaces between words (Thai, Khmer, Myanmar) into letters with their marks', () => {
    // pdftotext's reading of "สั่ง" with its tone mark moved past the next letter, and of "កញ្ចប់" cut where the page has no gap
    expect(coverageWords('สั่ง')).toEqual(['สั่', 'ง']);
    expect(coverageWords('สัง่')).toEqual(['สั', 'ง่']);
    expect(coverageWords('កញ្ចប់')).toEqual(coverageWords('កញ្ច ប់'));
    expect(coverageWords('សូម\u200bទោស')).toEqual(['សូ', 'ម', 'ទោ', 'ស']);
    // Myanmar "memory", its vowel sign aa (spacing) kept with its letter: escaped, as editors draw these marks apart
    const memory = '\u1019\u103e\u1010\u103a\u1009\u102c\u100f\u103a';
    expect(coverageWords(`${memory} PNG`)).toEqual(['\u1019\u103e', '\u1010\u103a', '\u1009\u102c', '\u100f\u103a', 'png']);
  });

  it('counts no word for combining marks set apart from their letters', () => {
    // pdftotext's reading of "بِسمِ اللَّهِ" where the final kasras are lowered from the baseline
    expect(coverageWords('بِس ِم اللَّ ِه َ')).toEqual(['بِس', 'ِم', 'اللَّ', 'ِه']);
  });
});

describe('parsedWords', () => {
  it('counts every text item and every table cell once', async () => {
    const markdown = '# Title\n\nSome body text.\n\n| a | b |\n|---|---|\n| one | two |\n';
    const doc = await markdownParser.parse({ fileName: 'x.md', bytes: new TextEncoder().encode(markdown) });
    expect(parsedWords(doc).sort()).toEqual(['a', 'b', 'body', 'one', 'some', 'text', 'title', 'two']);
  });

  it("counts a list item's marker, which the chunks carry before its text", () => {
    const builder = new DocumentBuilder('x.pdf', 'application/pdf', new Uint8Array());
    const notes = builder.addGroup('list', 'notes');
    builder.addListItem('Fonts für TeX', notes, '27.', true);
    builder.addListItem('Bullet point', notes, '•', false);
    expect(parsedWords(builder.doc)).toEqual(['27', 'fonts', 'für', 'tex', 'bullet', 'point']);
  });
});

describe('furnitureWords and pictureWords', () => {
  it('count the words of furniture and the labels of pictures without their captions', () => {
    const builder = new DocumentBuilder('x.pdf', 'application/pdf', new Uint8Array());
    builder.addText('page_header', 'Running Title', { layer: 'furniture' });
    builder.addText('text', 'Body text.');
    const chart = builder.addPicture();
    builder.addText('text', 'Axis label', { parent: chart });
    builder.addCaption(chart, 'Figure 1: a chart');
    expect(furnitureWords(builder.doc)).toEqual(['running', 'title']);
    expect(pictureWords(builder.doc)).toEqual(['axis', 'label']);
  });
});

describe('chunkedWords', () => {
  it('counts chunk texts and each heading of the heading paths once', () => {
    const chunks = [
      { text: 'First part.', headingPath: ['Guide', 'Examples'] },
      { text: 'Second part.', headingPath: ['Guide', 'Examples'] },
      { text: 'Third part.', headingPath: ['Guide', 'Usage', 'Examples'] },
    ];
    expect(chunkedWords(chunks).sort()).toEqual(
      ['first', 'part', 'guide', 'examples', 'second', 'part', 'third', 'part', 'usage', 'examples'].sort(),
    );
  });
});
