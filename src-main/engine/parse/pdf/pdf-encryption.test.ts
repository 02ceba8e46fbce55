import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readLimits } from '../limits';
import { pdfParser } from '.';
import { pdfString } from './pdf-encryption';
import { deflateBomb, encryptedPdfOf, type PdfObject } from './pdf-writer.test-support';
import { checkStreamLimits } from './stream-limits';

/** A one-page document showing its content stream `data` (FlateDecode) in Helvetica. */
const pageObjects = (data: Uint8Array): PdfObject[] => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  { dictionary: '<< /Filter /FlateDecode >>', data },
];

describe('streams of encrypted PDFs', () => {
  it.each(['rc4', 'aes-128'] as const)(
    'are decrypted (%s) before their decoded size is measured, as pdf.js decrypts them',
    async (cipher) => {
      const readable = encryptedPdfOf(pageObjects(deflateSync('BT /F1 12 Tf 72 720 Td (Hello encrypted) Tj ET')), cipher);
      const doc = await pdfParser.parse({ fileName: 'readable.pdf', bytes: readable }, { ocr: 'off' });
      expect(doc.texts.map((t) => t.text)).toEqual(['Hello encrypted']);
      const bomb = encryptedPdfOf(pageObjects(deflateBomb(500)), cipher);
      await expect(checkStreamLimits(bomb, 'bomb.pdf')).rejects.toMatchObject({
        code: 'too-large',
        message: expect.stringContaining('decodes to more than 64 MB (the limit is 64 MB; set STRATUM_MAX_STREAM_MB'),
      });
    },
  );

  it('are decrypted with AES-256 when given the password the file opens with', async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../../../test-data/pdf/encrypted-aes256.pdf')));
    // its content streams decode to a few kilobytes: a limit of 1,000 bytes tells whether they were read
    const limits = { ...readLimits({}), maxStreamBytes: 1000 };
    await expect(checkStreamLimits(bytes, 'aes256.pdf', { password: 'secret', limits })).rejects.toMatchObject({ code: 'too-large' });
    await expect(checkStreamLimits(bytes, 'aes256.pdf', { password: 'guess', limits })).resolves.toBeUndefined();
  });
});

describe('a PDF string', () => {
  it('is read from its literal or hexadecimal form', () => {
    expect(pdfString('(a\\(b\\)\\n\\101\\\\)').toString('latin1')).toBe('a(b)\nA\\');
    expect(pdfString('<48 65 6c6c 6f2>')).toEqual(Buffer.from('Hello ', 'latin1'));
    expect(pdfString(undefined)).toEqual(Buffer.alloc(0));
  });
});
