import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { testPdfParser } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

const headingsOf = (doc: DoclingDocument): string[] => doc.texts.filter((t) => t.label === 'section_header').map((t) => t.text);

describe('running text set larger than the code listings that outweigh it', () => {
  it('reads the lines of the prose of a package manual as text, its sections as headings (xdvipdfmx, zhnumber)', async () => {
    const doc = await parse('zhnumber-p2-6.pdf');
    expect(headingsOf(doc)).toEqual(['第 3 节 zhnumber 宏包代码实现']);
    expect(doc.texts.some((t) => t.label === 'text' && t.text.startsWith('并且可以将 \\zhnumber 等无风险地使用'))).toBe(true);
  });

  it('reads the prose between the code of a class manual as text (xdvipdfmx, njurepo)', async () => {
    const doc = await parse('njurepo-p24-28.pdf');
    expect(headingsOf(doc)).toEqual(['封面第一页', '英文封面']);
  });

  it('keeps headings in a regular face that mostly open with a section number, long as they are (pdfTeX, udesoftec)', async () => {
    const doc = await parse('udesoftec-doc.pdf');
    expect(headingsOf(doc)).toEqual(expect.arrayContaining(['2.4 Aufzählungen', '2.4.1 Aufzählungslisten unnummeriert', 'A.3 Changelog']));
  });
});
