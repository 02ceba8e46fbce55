import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../engine/ir/types';
import { documentViewOf } from './document-view';

function groundtruth(name: string): DoclingDocument {
  const url = new URL(`../../test-data/corpus/groundtruth/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as DoclingDocument;
}

describe('documentViewOf', () => {
  it('lists the body items of a DOCX in reading order with headings, lists and tables', () => {
    const doc = groundtruth('word_sample.docx.json');
    const view = documentViewOf({ doc, docId: 'abcdef0123456789', fileName: 'word_sample.docx', format: 'docx', mimeType: 'x' });
    expect(view.items.length).toBeGreaterThan(10);
    const headings = view.items.filter((item) => item.headingLevel !== null);
    expect(headings.map((h) => h.text)).toEqual(['Swimming in the lake', 'Let’s swim!', 'Let’s eat']);
    expect(view.items.some((item) => item.label === 'list_item')).toBe(true);
    const table = view.items.find((item) => item.label === 'table');
    expect(table?.text).toContain(' | ');
    expect(new Set(view.items.map((item) => item.ref)).size).toBe(view.items.length);
    expect(view.hasPdf).toBe(false);
  });

  it('sends the renderer no image data: a picture is listed by its label, its image stays in the IR', () => {
    const doc = groundtruth('word_sample.docx.json');
    expect(doc.pictures[0]!.image!.uri).toMatch(/^data:image\/png;base64,/);
    const view = documentViewOf({ doc, docId: 'abcdef0123456789', fileName: 'word_sample.docx', format: 'docx', mimeType: 'x' });
    expect(view.items.find((item) => item.ref === '#/pictures/0')).toMatchObject({ label: 'picture', text: '[picture]' });
    expect(JSON.stringify(view)).not.toContain('base64');
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(doc).length / 10);
  });

  it("lists a picture's labels under it, where chunks take them by default", () => {
    const doc = groundtruth('amt_handbook_sample.json');
    const view = documentViewOf({ doc, docId: 'abcdef0123456789', fileName: 'amt.pdf', format: 'pdf', mimeType: 'application/pdf' });
    const picture = view.items.findIndex((item) => item.label === 'picture');
    const labels = doc.pictures[0]!.children.filter((child) => !(doc.pictures[0]!.captions ?? []).some((c) => c.$ref === child.$ref));
    expect(labels.length).toBeGreaterThan(0);
    const rows = view.items.slice(picture + 1).filter((item) => labels.some((label) => label.$ref === item.ref));
    expect(rows.length).toBe(labels.length);
    expect(rows.every((row) => row.depth === view.items[picture]!.depth + 1)).toBe(true);
  });

  it('keeps page numbers and page sizes of a paged document', () => {
    const doc = groundtruth('ocr_test.tesseract.full_page.json');
    const view = documentViewOf({ doc, docId: 'abcdef0123456789', fileName: 'ocr_test.pdf', format: 'pdf', mimeType: 'application/pdf' });
    expect(view.pages.length).toBe(1);
    expect(view.pages[0]!.width).toBeGreaterThan(100);
    expect(view.items.every((item) => item.page === 1)).toBe(true);
  });
});

describe('the parse notes the workbench shows', () => {
  it('lists what the parser could not read as it should: the ragged rows of a CSV', async () => {
    const { csvParser } = await import('../engine/parse/csv/csv-parser');
    const bytes = readFileSync(new URL('../../test-data/corpus/csv/csv-too-few-columns.csv', import.meta.url));
    const doc = await csvParser.parse({ fileName: 'csv-too-few-columns.csv', bytes });
    const view = documentViewOf({
      doc,
      docId: 'abcdef0123456789',
      fileName: 'csv-too-few-columns.csv',
      format: 'csv',
      mimeType: 'text/csv',
    });
    expect(view.warnings.length).toBeGreaterThan(0);
    expect(view.warnings.join('\n')).toMatch(/row|line/i);
  });
});
