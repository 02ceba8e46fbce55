import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StratumError } from '../../src-shared/errors';
import { parseDocument } from './pipeline';

const corpus = path.resolve(import.meta.dirname, '../../test-data/corpus');
const samples = {
  pdf: readFileSync(path.join(corpus, 'pdf/multi_page.pdf')),
  docx: readFileSync(path.join(corpus, 'docx/word_sample.docx')),
  html: readFileSync(path.join(corpus, 'html/example_03.html')),
};

async function parseError(fileName: string, bytes: Uint8Array): Promise<StratumError> {
  const error: unknown = await parseDocument(fileName, new Uint8Array(bytes)).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof StratumError)) throw new Error(`${fileName}: expected a StratumError, got ${String(error)}`);
  return error;
}

describe('a file with the wrong extension', () => {
  it.each([
    ['report.docx', samples.pdf, 'PDF'],
    ['report.html', samples.pdf, 'PDF'],
    ['report.md', samples.pdf, 'PDF'],
    ['report.json', samples.pdf, 'PDF'],
    ['report.pdf', samples.docx, 'ZIP (DOCX)'],
    ['report.txt', samples.docx, 'ZIP (DOCX)'],
    ['report.pdf', samples.html, 'HTML'],
    ['report.docx', samples.html, 'HTML'],
    ['report.json', samples.html, 'HTML'],
  ])('%s holding %s content is a corrupt-file error naming the real format', async (fileName, bytes, format) => {
    const error = await parseError(fileName, bytes);
    expect(error.code).toBe('corrupt-file');
    expect(error.message).toContain(`looks like ${format}`);
  });

  it('keeps the message as it is when the content announces no other format', async () => {
    const error = await parseError('noise.pdf', new TextEncoder().encode('just some words, not a PDF'));
    expect(error.code).toBe('corrupt-file');
    expect(error.message).not.toContain('looks like');
  });

  it('parses HTML named .md best-effort, as Markdown may hold HTML', async () => {
    const parsed = await parseDocument('page.md', new Uint8Array(samples.html));
    expect(parsed.doc.texts.length).toBeGreaterThan(0);
  });
});
