import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LeftOutReason } from '../../../../src-shared/evaluation';
import { allStrategies } from '../../chunk/registry';
import { chunkDocument, parseDocument } from '../../pipeline';
import { measureCoverage } from './measure-coverage';

/**
 * Real documents of every format, each with something a chunker may drop: furniture and text
 * inside pictures (PDF), triplet tables (PDF, Markdown), rich table cells (HTML), a checkbox table
 * and headers (DOCX), a table of contents read as headings of empty sections (TXT).
 */
const DOCUMENTS = [
  'corpus/pdf/amt_handbook_sample.pdf',
  'corpus/pdf/2305.03393v1-pg9.pdf',
  'pdf-outline/groff-mon_premier_doc.pdf',
  'corpus/docx/word_sample.docx',
  'corpus/docx/docx_checkboxes.docx',
  'corpus/html/wiki_duck.html',
  'corpus/html/example_03.html',
  'corpus/md/mixed.md',
  'corpus/md/inline_and_formatting.md',
  'enrich/debian-reference-ch04.fr.txt',
];

/** docling-core's chunkers drop a section's heading when nothing follows it, unless `alwaysEmitHeadings` (parity with docling). */
const DOCLING_CHUNKERS = new Set(['hierarchical', 'hybrid']);

const bytesOf = (path: string) => new Uint8Array(readFileSync(new URL(`../../../../test-data/${path}`, import.meta.url)));

describe('every body word reaches a chunk or is left out for a stated reason', () => {
  for (const path of DOCUMENTS) {
    it(`under every strategy: ${path}`, { timeout: 120_000 }, async () => {
      const parsed = await parseDocument(path.split('/').pop()!, bytesOf(path));
      for (const strategy of allStrategies()) {
        const configs = DOCLING_CHUNKERS.has(strategy.name)
          ? [{ strategy: strategy.name }, { strategy: strategy.name, alwaysEmitHeadings: true }]
          : [{ strategy: strategy.name }];
        for (const config of configs) {
          const label = `${path} ${JSON.stringify(config)}`;
          const coverage = measureCoverage(parsed.doc, [...chunkDocument(parsed.doc, parsed.docId, config)]);
          const { words, inChunks, furniture, pictures, notInChunks } = coverage;
          expect(inChunks + furniture + pictures + notInChunks, label).toBe(words);
          expect(
            coverage.places.reduce((sum, place) => sum + place.words, 0),
            label,
          ).toBe(words - inChunks);
          const reasons = new Set<LeftOutReason>(coverage.places.map((place) => place.reason));
          expect(reasons.has('not-chunked'), `${label}: ${JSON.stringify(coverage.places.find((p) => p.reason === 'not-chunked'))}`).toBe(
            false,
          );
          const emptySectionsKept = !DOCLING_CHUNKERS.has(strategy.name) || 'alwaysEmitHeadings' in config;
          if (emptySectionsKept) expect(reasons.has('empty-heading'), label).toBe(false);
          expect(inChunks / Math.max(1, words - furniture - pictures), label).toBeGreaterThan(0.9);
        }
      }
    });
  }

  it('reports the headings of empty sections that docling-core leaves out', async () => {
    const path = 'enrich/debian-reference-ch04.fr.txt';
    const parsed = await parseDocument('ch04.fr.txt', bytesOf(path));
    const coverage = measureCoverage(parsed.doc, [...chunkDocument(parsed.doc, parsed.docId, { strategy: 'hybrid' })]);
    const headings = coverage.places.filter((place) => place.reason === 'empty-heading');
    expect(headings.map((place) => place.text)).toContain('4.3. Mot de passe de qualité');
    expect(coverage.leftOut).toContainEqual({ kind: 'body', reason: 'empty-heading', words: coverage.notInChunks });
  });
});
