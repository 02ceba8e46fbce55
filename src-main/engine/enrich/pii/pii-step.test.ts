import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStratumError } from '../../../../src-shared/errors';
import { readCanonical, readCanonicalJsonl } from '../../export/canonical';
import { runChunkJob } from '../../pipeline-job';
import { codePointSlice } from '../../text/code-points';
import { chunkedTestDocument, chunkedText, enrichWith } from '../enrich.test-support';
import type { PiiSpan } from './pii-step';

const letterName = 'customer-letter.md';
let letter: Uint8Array;
let workspace: string;

beforeAll(async () => {
  letter = new Uint8Array(await readFile(new URL(`../../../../test-data/pii/${letterName}`, import.meta.url)));
  workspace = await mkdtemp(join(tmpdir(), 'stratum-pii-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

const spansOf = (enrichments: Record<string, unknown>) => enrichments['pii'] as PiiSpan[];

/** Chunks the letter with the summary step, then pii with `action`, into canonical or JSONL with the artifacts in `folder`. */
async function exportLetter(action: string, format: 'canonical' | 'jsonl', folder: string) {
  const steps = [
    { name: 'summary', options: {} },
    { name: 'pii', options: { action } },
  ];
  const result = await runChunkJob({
    fileName: letterName,
    bytes: letter,
    config: { strategy: 'hybrid', maxTokens: 128 },
    format,
    artifacts: { folder, imageDpi: 72 },
    enrich: { steps },
  });
  const files = await readdir(folder);
  const artifacts = await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8')));
  return { output: result.output, written: [result.output, ...artifacts].join('\n'), files, notes: result.notes };
}

describe('pii step', () => {
  it('labels the values of every kind in the chunk text, in code points of it, with their text', async () => {
    const run = await enrichWith(await chunkedText(letterName, letter), ['pii']);
    const spans = run.chunks.flatMap((chunk) => spansOf(chunk.enrichments).map((span) => ({ ...span, chunk: chunk.text })));
    for (const span of spans) expect(codePointSlice(span.chunk, span.start, span.end)).toBe(span.text);
    expect(new Set(spans.map((span) => span.label))).toEqual(
      new Set(['email', 'url', 'iban', 'card', 'fr_nir', 'us_ssn', 'ipv6', 'ipv4', 'phone', 'date_of_birth', 'address', 'person']),
    );
    const values = spans.map((span) => span.text);
    expect(values).toEqual(
      expect.arrayContaining(['Jane Roe', 'GB82 WEST 1234 5698 7654 32', '14/07/1985', '12 rue de la Paix, 75002 Paris']),
    );
    // The letter's hard negatives: an invoice number that passes Luhn, an ISBN, a version, a date that is no birth.
    for (const negative of ['4539 1488 0343 6467', '978-3-16-148410-0', '1.2.3.4', '12 March 2024']) expect(values).not.toContain(negative);
    expect(run.documentEnrichments[0]).toMatchObject({ name: 'pii', action: 'keep', counts: { iban: 1, card: 1 } });
  });

  it('counts offsets in code points past characters outside the BMP', async () => {
    const text = '🙂🙂 Write to jane.roe@example.com 🙂 or call +44 20 7946 0958.';
    const run = await enrichWith(await chunkedText('emoji.txt', new TextEncoder().encode(text), { strategy: 'paragraphs' }), ['pii']);
    const [chunk] = run.chunks;
    expect(spansOf(chunk!.enrichments)).toEqual([
      { label: 'email', start: 12, end: 32, text: 'jane.roe@example.com' },
      { label: 'phone', start: 43, end: 59, text: '+44 20 7946 0958' },
    ]);
  });

  it.each(['canonical', 'jsonl'] as const)(
    'with mask, writes none of the values found in %s output nor in the artifacts, and their placeholders instead',
    async (format) => {
      const keep = await exportLetter('keep', 'canonical', join(workspace, `keep-${format}`));
      const values = new Set(readCanonical(keep.output).chunks.flatMap((chunk) => spansOf(chunk.enrichments).map((span) => span.text!)));
      expect(values.size).toBeGreaterThan(20);
      for (const value of values) expect(keep.written).toContain(value);

      const masked = await exportLetter('mask', format, join(workspace, `mask-${format}`));
      expect(masked.files).toEqual(['customer-letter_table_001.md']);
      for (const value of values) expect(masked.written, value).not.toContain(value);
      for (const placeholder of ['[EMAIL]', '[PHONE]', '[IBAN]', '[CARD]', '[PERSON]', '[DATE_OF_BIRTH]', '[ADDRESS]', '[FR_NIR]']) {
        expect(masked.written).toContain(placeholder);
      }
      const chunks =
        format === 'canonical' ? readCanonical(masked.output).chunks : readCanonicalJsonl(masked.output).map((line) => line.chunk);
      for (const chunk of chunks) {
        for (const span of spansOf(chunk.enrichments)) {
          expect(span.text).toBeUndefined();
          expect(codePointSlice(chunk.text, span.start, span.end)).toBe(`[${span.label.toUpperCase()}]`);
        }
      }
    },
  );

  it('with drop, removes the values and leaves an empty span where each was', async () => {
    const dropped = await exportLetter('drop', 'canonical', join(workspace, 'drop'));
    expect(dropped.written).not.toContain('jane.roe@example.com');
    expect(dropped.written).not.toContain('[EMAIL]');
    const canonical = readCanonical(dropped.output);
    const spans = canonical.chunks.flatMap((chunk) => spansOf(chunk.enrichments));
    expect(spans.length).toBeGreaterThan(20);
    for (const span of spans) expect(span.end).toBe(span.start);
    expect(canonical.document.title).toBe('Account review for Dr. ');
  });

  it('masks the heading path, the title and what the summary step wrote before it', async () => {
    const masked = readCanonical((await exportLetter('mask', 'canonical', join(workspace, 'headings'))).output);
    expect(masked.document.title).toBe('Account review for Dr. [PERSON]');
    expect(new Set(masked.chunks.map((chunk) => chunk.heading_path[0]))).toEqual(new Set(['Account review for Dr. [PERSON]']));
    const summary = masked.document.enrichments.find((entry) => entry.name === 'summary')!;
    expect(JSON.stringify(summary)).toContain('[PHONE]');
    expect(JSON.stringify(masked.chunks.map((chunk) => chunk.enrichments['summary']))).not.toContain('jane.roe@example.com');
  });

  it('tells that masking does not reach inside pictures when pictures are written', async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../../../test-data/corpus/pdf/picture_classification.pdf', import.meta.url)));
    const result = await runChunkJob({
      fileName: 'picture_classification.pdf',
      bytes,
      config: { strategy: 'hybrid' },
      format: 'canonical',
      artifacts: { folder: join(workspace, 'pictures'), imageDpi: 72 },
      enrich: { steps: [{ name: 'pii', options: { action: 'mask' } }] },
    });
    expect(result.notes).toEqual(['2 pictures written as they are: masking does not reach text inside images']);
  });

  it('looks only for the labels it is given, and refuses one it does not know', async () => {
    const run = await enrichWith(await chunkedText(letterName, letter), [{ name: 'pii', options: { labels: ['iban', 'card'] } }]);
    const labels = new Set(run.chunks.flatMap((chunk) => spansOf(chunk.enrichments).map((span) => span.label)));
    expect(labels).toEqual(new Set(['iban', 'card']));
    const error = await enrichWith(await chunkedText(letterName, letter), [{ name: 'pii', options: { labels: ['passport'] } }]).catch(
      (caught) => caught,
    );
    expect(isStratumError(error) && error.code).toBe('invalid-config');
  });

  it('finds nothing in Debian documentation but its e-mail addresses and URLs', async () => {
    const run = await enrichWith(await chunkedTestDocument('enrich/maint-guide.es.txt'), ['pii']);
    const labels = new Set(run.chunks.flatMap((chunk) => spansOf(chunk.enrichments).map((span) => span.label)));
    expect(labels).toEqual(new Set(['email', 'url']));
  });
});
