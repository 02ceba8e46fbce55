import { describe, expect, it } from 'vitest';
import { testPdfParser, headingsOf, bodyTextsOf } from './pdf-pages.test-support';

const parse = testPdfParser('pdf-headings');

describe('where a heading’s block ends', () => {
  it('starts a numbered heading under a larger heading that ended short of its column (Apache FOP)', async () => {
    const doc = await parse('history-detailed-p14.ko.fop.pdf');
    expect(headingsOf(doc)).toEqual([
      '4.13. 주요 사건',
      '4.13.1. 2000년 7월: 조엘 클리커(Joel Klecker) 죽음',
      '4.13.2. 2000년 8월: 패키지 풀 구현',
    ]);
  });

  it('starts a bold heading at the text size under a one-line note that ends a sentence (WeasyPrint)', async () => {
    const doc = await parse('kernel-handbook-common-tasks-p5.weasyprint.pdf');
    expect(headingsOf(doc)).toContain('4.5.1.1. Disk space requirements');
    expect(bodyTextsOf(doc)).toContain('Enable parallel builds using one job per CPU by default.');
    expect(bodyTextsOf(doc).some((text) => text.startsWith('Building binary packages for a single kernel flavour'))).toBe(true);
  });
});
