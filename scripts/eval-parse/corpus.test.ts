import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverCorpus, findReference } from './corpus';

const corpusDir = path.resolve(import.meta.dirname, '../../test-data/corpus');

describe('corpus discovery', () => {
  const corpus = discoverCorpus(corpusDir);
  const referenceOf = (file: string): string | undefined => {
    const document = corpus.documents.find((d) => `${d.format}/${d.fileName}` === file);
    return document?.reference ? `${document.reference.kind} ${path.basename(document.reference.path)}` : undefined;
  };

  it('pairs each input with its groundtruth, by file name or (PDF) by stem', () => {
    expect(referenceOf('docx/word_sample.docx')).toBe('docling-json word_sample.docx.json');
    expect(referenceOf('csv/csv-pipe.csv')).toBe('docling-json csv-pipe.csv.json');
    expect(referenceOf('pdf/multi_page.pdf')).toBe('docling-json multi_page.json');
    expect(referenceOf('pdf/2305.03393v1-pg9.pdf')).toBe('docling-json 2305.03393v1-pg9.json');
    expect(referenceOf('pdf/ocr_test.pdf')).toBe('docling-json ocr_test.tesseract.full_page.json');
  });

  it('falls back to YAML, then to the Markdown export', () => {
    expect(referenceOf('md/inline_and_formatting.md')).toBe('docling-yaml inline_and_formatting.md.yaml');
    expect(referenceOf('md/wiki.md')).toBe('markdown-export wiki.md.md');
    expect(referenceOf('md/escaped_characters.md')).toBe('docling-json escaped_characters.md.json');
  });

  it('leaves out damaged inputs and licence files', () => {
    expect(corpus.excludedFolders).toEqual(['pdf_damaged']);
    expect(corpus.documents.some((d) => d.format === 'pdf_damaged' || d.fileName.startsWith('LICENSE'))).toBe(false);
    expect(new Set(corpus.documents.map((d) => d.format))).toEqual(new Set(['csv', 'docx', 'html', 'md', 'pdf', 'pptx', 'xlsx']));
  });

  it('ignores page metadata and has no reference for unknown inputs', () => {
    expect(findReference('a.pdf', ['a.pages.meta.json', 'a.md'])).toEqual({ kind: 'markdown-export', name: 'a.md' });
    expect(findReference('b.docx', ['a.docx.json'])).toBeNull();
  });

  it('rejects a folder without groundtruth', () => {
    expect(() => discoverCorpus(path.join(corpusDir, 'md'))).toThrow(/no groundtruth\/ folder/);
  });
});
