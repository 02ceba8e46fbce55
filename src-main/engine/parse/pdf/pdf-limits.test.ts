import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseInChild } from '../parse-in-child.test-support';
import { pdfParser } from '.';
import {
  deflateBomb,
  encryptedPdfOf,
  lzwBomb,
  onePagePdf,
  pageTreeBomb,
  pageTreeObjects,
  pdfOf,
  type PdfObject,
} from './pdf-writer.test-support';
import { inputLimits } from '../limits';
import { checkStreamLimits } from './stream-limits';

const MB = 1024 * 1024;
const RGB = '/ColorSpace /DeviceRGB /BitsPerComponent 8';
const flate = (data: Uint8Array): PdfObject => ({ dictionary: '<< /Filter /FlateDecode >>', data });

/** The objects of a one-page PDF whose page shows the FlateDecode content stream `data`. */
const pageObjects = (data: Uint8Array): PdfObject[] => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  flate(data),
];

/** A PDF of `count` pages, page i showing the content stream `contents(i)`. */
function pagesPdf(count: number, contents: (index: number) => PdfObject): Uint8Array {
  const pages = Array.from({ length: count }, (_, i) => `${3 + 2 * i} 0 R`).join(' ');
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pages}] /Count ${count} >>`];
  for (let i = 0; i < count; i++)
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + 2 * i} 0 R >>`, contents(i));
  return pdfOf(objects);
}

describe('hostile PDFs', () => {
  it('fail with too-large within 5 s each, the process staying under 1 GB', async () => {
    const hexBomb = Buffer.from(deflateBomb(300)).toString('hex');
    const bomb60 = deflateBomb(60);
    const bombs = [
      // 3 KB naming 100,000,000 pages: every /Kids lists one node 100 times
      { fileName: 'page-tree.pdf', bytes: pageTreeBomb(100, 4), limit: 'STRATUM_MAX_PAGES' },
      { fileName: 'hundred-thousand-pages.pdf', bytes: pageTreeBomb(10, 5), limit: 'STRATUM_MAX_PAGES' },
      // 2 MB of content stream that inflates to 2 GB of spaces
      { fileName: 'flate-content.pdf', bytes: onePagePdf(flate(deflateBomb(2000))), limit: 'STRATUM_MAX_STREAM_MB' },
      // 10 KB compressed twice, 3.7 GB once decoded
      {
        fileName: 'flate-twice.pdf',
        bytes: onePagePdf({ dictionary: '<< /Filter [/FlateDecode /FlateDecode] >>', data: deflateSync(deflateBomb(3700)) }),
        limit: 'STRATUM_MAX_STREAM_MB',
      },
      {
        fileName: 'lzw-content.pdf',
        bytes: onePagePdf({ dictionary: '<< /Filter /LZWDecode >>', data: lzwBomb(270) }),
        limit: 'STRATUM_MAX_STREAM_MB',
      },
      {
        fileName: 'hex-flate.pdf',
        bytes: onePagePdf({ dictionary: '<< /Filter [/AHx /Fl] >>', data: new TextEncoder().encode(`${hexBomb}>`) }),
        limit: 'STRATUM_MAX_STREAM_MB',
      },
      // an image of 900 megapixels whose data is a flate bomb
      {
        fileName: 'flate-image.pdf',
        bytes: onePagePdf(
          { dictionary: '<< >>', data: new TextEncoder().encode('q 612 0 0 792 0 0 cm /Im1 Do Q') },
          {
            dictionary: `<< /Type /XObject /Subtype /Image /Width 30000 /Height 30000 ${RGB} /Filter /FlateDecode >>`,
            data: deflateBomb(2700, 0),
          },
        ),
        limit: 'STRATUM_MAX_IMAGE_PIXELS',
      },
      // encrypted with the empty user password every reader opens it with
      { fileName: 'encrypted-flate.pdf', bytes: encryptedPdfOf(pageObjects(deflateBomb(2000))), limit: 'STRATUM_MAX_STREAM_MB' },
      // twenty pages, each under the stream limit, 1.2 GB in all
      { fileName: 'many-streams.pdf', bytes: pagesPdf(20, () => flate(bomb60)), limit: 'STRATUM_MAX_DECODED_MB' },
    ];
    expect(Math.max(...bombs.map((bomb) => bomb.bytes.length))).toBeLessThan(3 * MB);
    const outcomes = await parseInChild(bombs);
    for (const [index, outcome] of outcomes.entries()) {
      expect(outcome, outcome.fileName).toMatchObject({ fileName: bombs[index]!.fileName, code: 'too-large' });
      expect(outcome.message).toContain(bombs[index]!.limit);
      expect(outcome.parseMs, outcome.fileName).toBeLessThan(5000);
    }
    expect(outcomes.at(-1)!.maxRssMb).toBeLessThan(1024);
  });

  it('stop a page past the page time limit, and take their limits from STRATUM_MAX_* variables', async () => {
    // four million path segments: pdf.js takes over two seconds on them alone, yielding between slices
    // (a million and a half took it under one since V8's own Array push serves it, too near the limit)
    const slowPage = onePagePdf(flate(deflateSync(`q ${'0 0 m 1 1 l '.repeat(4_000_000)}S Q`)));
    const threePages = pagesPdf(3, () => ({ dictionary: '<< >>', data: new TextEncoder().encode('q Q') }));
    const longMarkdown = new TextEncoder().encode('A line of text.\n'.repeat(100_000));
    const env = { STRATUM_MAX_PAGE_SECONDS: '1', STRATUM_MAX_PAGES: '2', STRATUM_MAX_FILE_MB: '1' };
    // the page read without the limit too: it reads, so the limit is what stopped the first read. Their times are not
    // compared: opening the page's 48 MB stream costs both the same seconds, which a busy machine stretches past the limit.
    const [[slow, pages, markdown], [unlimited]] = await Promise.all([
      parseInChild(
        [
          { fileName: 'slow.pdf', bytes: slowPage },
          { fileName: 'three-pages.pdf', bytes: threePages },
          { fileName: 'long.md', bytes: longMarkdown },
        ],
        env,
      ),
      parseInChild([{ fileName: 'slow.pdf', bytes: slowPage }], { STRATUM_MAX_PAGE_SECONDS: '120' }),
    ]);
    expect(slow).toMatchObject({ code: 'too-large', message: expect.stringContaining('page 1 takes more than 1 s to read') });
    expect(slow!.message).toContain('STRATUM_MAX_PAGE_SECONDS');
    // stopped while the page was being read: the deadline won the race with the page's analysis
    expect(unlimited).not.toHaveProperty('code');
    expect(pages).toMatchObject({ code: 'too-large', message: expect.stringContaining('the document has 3 pages (the limit is 2 pages') });
    expect(markdown).toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('the file has 1.5 MB (the limit is 1 MB; set STRATUM_MAX_FILE_MB'),
    });
  });

  it('read a page that the page tree lists a thousand times once, giving every listing its text', async () => {
    const lines = Array.from(
      { length: 60 },
      (_, i) => `BT /F1 10 Tf 72 ${750 - i * 12} Td (Line ${i} of a page listed many times) Tj ET`,
    ).join('\n');
    const page = '<< /Type /Page /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Contents 7 0 R >>';
    const bytes = pdfOf([
      ...pageTreeObjects(10, 3, page),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      { dictionary: '<< >>', data: new TextEncoder().encode(lines) },
    ]);
    const started = performance.now();
    const doc = await pdfParser.parse({ fileName: 'listed.pdf', bytes }, { ocr: 'off' });
    // read page by page, a thousand listings take a minute; read once, a second or two
    expect(performance.now() - started).toBeLessThan(20_000);
    const pageTexts = doc.metadata?.['page_texts'] as Record<string, string>;
    expect(Object.keys(pageTexts)).toHaveLength(1000);
    expect(new Set(Object.values(pageTexts)).size).toBe(1);
    expect(pageTexts['1']).toContain('Line 59 of a page listed many times');
  });
});

describe('damaged PDFs', () => {
  it("end as a document or the file's own error, pdf.js leaving no rejection unhandled", async () => {
    const corpus = path.resolve(import.meta.dirname, '../../../../test-data/corpus/pdf');
    const sample = new Uint8Array(readFileSync(path.join(corpus, 'multi_page.pdf')));
    const badNumbers = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 -. 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      { dictionary: '<< >>', data: new TextEncoder().encode('BT /F1 12 Tf -. --5 Td (x) Tj ET 1 0 0 +-1 0 0 cm') },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar -. /Widths [1 -. 3] >>',
    ]);
    const xrefless = Buffer.from(
      Buffer.from(sample)
        .toString('latin1')
        .replace(/xref/g, 'xre-')
        .replace(/startxref\s+\d+/, 'startxref -.'),
      'latin1',
    );
    const damaged = [
      badNumbers,
      new Uint8Array(xrefless),
      ...[0.1, 0.3, 0.5, 0.7, 0.9].map((share) => sample.subarray(0, Math.floor(sample.length * share))),
    ];
    const stray: unknown[] = [];
    const onStray = (reason: unknown): number => stray.push(reason);
    process.on('unhandledRejection', onStray);
    try {
      for (const bytes of damaged) {
        const outcome = await pdfParser.parse({ fileName: 'damaged.pdf', bytes }, { ocr: 'off' }).then(
          (doc) => doc.schema_name,
          (error: unknown) => (error as { code?: string }).code,
        );
        expect(['DoclingDocument', 'corrupt-file']).toContain(outcome);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', onStray);
    }
    expect(stray).toEqual([]);
  });
});

describe('the stream limits on ordinary PDFs', () => {
  const corpus = path.resolve(import.meta.dirname, '../../../../test-data/corpus/pdf');
  it.each(readdirSync(corpus).filter((name) => name.endsWith('.pdf')))('pass %s', async (name) => {
    await expect(checkStreamLimits(new Uint8Array(readFileSync(path.join(corpus, name))), name)).resolves.toBeUndefined();
  });
});

describe('the stream limits against what the streams can decode to', () => {
  // Text compresses some 3:1, far from the 1032:1 that bounds a Flate stream before it is decoded.
  const text = (seed: number) => Array.from({ length: 4_000 }, (_, i) => `(Line ${i * seed} of page ${seed}) Tj T*`).join('\n');
  const twentyPages = pagesPdf(20, (i) => flate(deflateSync(text(i + 1))));

  it('pass a file whose streams could decode past the limits but do not, decoding them to find out', async () => {
    // Each page's 10 KB could be 10 MB: the first three fit the total as bounds, the fourth does not; or none fits the stream limit.
    for (const tight of [
      { ...inputLimits(), maxDecodedBytes: 40 * MB },
      { ...inputLimits(), maxStreamBytes: MB, maxDecodedBytes: 4 * MB },
    ])
      await expect(checkStreamLimits(twentyPages, 'twenty.pdf', { limits: tight })).resolves.toBeUndefined();
  });

  it('fail a file whose streams decode past the total once decoded, though each fits', async () => {
    const tighter = { ...inputLimits(), maxDecodedBytes: 2 * MB };
    await expect(checkStreamLimits(twentyPages, 'twenty.pdf', { limits: tighter })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('STRATUM_MAX_DECODED_MB'),
    });
  });
});
