import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multisetCoverage } from '../../../src-main/engine/evaluate/parse-metrics';
import { chunkedWords, coverageWords } from '../../../src-main/engine/evaluate/coverage/coverage-words';
import { chunkDocument, parseDocument } from '../../../src-main/engine/pipeline';
import { DEFAULT_CHUNK_CONFIG } from './evaluate-outline-document';
import { lettersOf } from './letters';
import { readTextLayer } from './text-layer';

const quranPage = path.resolve(import.meta.dirname, '../../../test-data/pdf-glyphs/quran-doc-p5.pdf');

describe('coverage in letters', () => {
  it('counts the letters and digits of words, combining marks dropped', () => {
    expect(lettersOf(['بِسمِ', 'a1'])).toEqual(['ب', 'س', 'م', 'a', '1']);
  });

  it('finds every letter of a vocalised Arabic page in the chunks where pdftotext split its words at the vowel marks (XeTeX)', async () => {
    const parsed = await parseDocument('quran-doc-p5.pdf', new Uint8Array(readFileSync(quranPage)));
    const chunked = chunkedWords(chunkDocument(parsed.doc, parsed.docId, DEFAULT_CHUNK_CONFIG));
    const layer = coverageWords(await readTextLayer(quranPage));
    expect(multisetCoverage(layer, chunked)).toBeLessThan(0.8);
    expect(multisetCoverage(lettersOf(layer), lettersOf(chunked))).toBeGreaterThan(0.99);
  });
});
