import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutate } from './mutate';
import { Random } from './random';

const testData = path.resolve(import.meta.dirname, '../../test-data');
const seeds = [
  { format: 'pdf', file: 'pdf/rotated-90.pdf' },
  { format: 'docx', file: 'corpus/docx/lorem_ipsum.docx' },
  { format: 'html', file: 'corpus/html/example_03.html' },
  { format: 'markdown', file: 'corpus/md/nested.md' },
  { format: 'docling', file: 'corpus/groundtruth/lorem_ipsum.docx.json' },
  { format: 'ocr-json', file: 'ocr-json/ocr_test.ocr.json' },
];

describe('mutate', () => {
  it.each(seeds)('changes a $format seed, the same way for the same seed, and never the seed itself', ({ format, file }) => {
    // readFileSync gives a Buffer, whose `slice` is a view: the seed must still be intact after 100 mutants.
    const seed = readFileSync(path.join(testData, file));
    const original = Buffer.from(seed);
    let changed = 0;
    for (let i = 0; i < 100; i++) {
      const mutant = mutate(new Random(i), seed, format);
      expect(mutant.steps.length).toBeGreaterThanOrEqual(1);
      expect(mutant.steps.length).toBeLessThanOrEqual(3);
      if (!Buffer.from(mutant.bytes).equals(original)) changed++;
      expect(Buffer.from(mutate(new Random(i), seed, format).bytes).equals(Buffer.from(mutant.bytes))).toBe(true);
    }
    expect(seed.equals(original)).toBe(true);
    expect(changed).toBeGreaterThanOrEqual(95);
  });

  it('keeps many JSON mutants valid JSON, so that they reach the code that reads their shape', () => {
    const seed = readFileSync(path.join(testData, 'corpus/groundtruth/lorem_ipsum.docx.json'));
    let valid = 0;
    for (let i = 0; i < 100; i++) {
      try {
        JSON.parse(new TextDecoder().decode(mutate(new Random(i), seed, 'docling').bytes));
        valid++;
      } catch {
        // a byte-level mutant
      }
    }
    expect(valid).toBeGreaterThan(25);
  });
});
