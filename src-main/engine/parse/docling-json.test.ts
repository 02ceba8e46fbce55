import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StratumError } from '../../../src-shared/errors';
import { doclingJsonParser, exportDoclingJson, loadDoclingJson } from './docling-json';

const fixtures = path.resolve(import.meta.dirname, '../../../test-data/docling-core');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

describe('loadDoclingJson', () => {
  it('keeps the uint64 binary_hash digit for digit', () => {
    const doc = loadDoclingJson(read('0_inp_dl_doc.json'), '0_inp_dl_doc.json');
    expect(doc.origin?.binary_hash).toBe('14981478401387673002');
    expect(doc.texts).toHaveLength(996);
  });

  it('migrates legacy picture annotations to meta (schema 1.3)', () => {
    const doc = loadDoclingJson(read('0_inp_dl_doc.json'), '0_inp_dl_doc.json');
    expect(doc.pictures[0]!.meta?.description?.text).toBe('In this image we can see a cartoon image of a duck holding a paper.');
    expect('annotations' in doc.pictures[0]!).toBe(false);
  });

  it('treats a missing content_layer as body (schema 1.0)', () => {
    const doc = loadDoclingJson(read('2_inp_dl_doc.json'), '2_inp_dl_doc.json');
    expect(doc.version).toBe('1.0.0');
    expect(doc.texts.every((t) => t.content_layer === 'body')).toBe(true);
    expect(doc.tables[0]!.data.table_cells.length).toBeGreaterThan(0);
    expect('grid' in doc.tables[0]!.data).toBe(false);
  });

  it('round-trips: load -> export -> load gives the same document, binary_hash as a bare integer', () => {
    for (const name of ['0_inp_dl_doc.json', '2_inp_dl_doc.json', '2h_inp_dl_doc.RECONSTRUCTED.json']) {
      const first = loadDoclingJson(read(name), name);
      const exported = exportDoclingJson(first);
      if (first.origin) expect(exported).toContain(`"binary_hash": ${first.origin.binary_hash}`);
      expect(loadDoclingJson(exported, name)).toEqual(first);
    }
  });

  it('drops Stratum extension fields on export', () => {
    const doc = loadDoclingJson(read('2_inp_dl_doc.json'), 'x.json');
    doc.texts[0]!.source_span = [0, 5];
    doc.metadata = { title: 'x' };
    const exported = exportDoclingJson(doc);
    expect(exported).not.toContain('source_span');
    expect(exported).not.toContain('"metadata"');
  });

  it('rejects invalid JSON and JSON that is not a DoclingDocument, naming the file', () => {
    expect(() => loadDoclingJson('{"a": ', 'broken.json')).toThrow(/broken\.json: not valid JSON/);
    expect(() => loadDoclingJson('{"a": 1}', 'other.json')).toThrow(StratumError);
    expect(() => loadDoclingJson('[1, 2]', 'list.json')).toThrow(/list\.json: not a DoclingDocument/);
  });

  it('refuses a file nested too deeply before parsing it, DoclingDocument or OCR-JSON alike', async () => {
    const deep = `{"schema_name": "DoclingDocument", "texts": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(() => loadDoclingJson(deep, 'deep.json')).toThrow(/^deep\.json: too deeply nested \(more than \d+ levels\)$/);
    const started = performance.now();
    await expect(doclingJsonParser.parse({ fileName: 'deep.json', bytes: new TextEncoder().encode(deep) })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringContaining('too deeply nested'),
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('opens .json files through the parser interface', async () => {
    const bytes = readFileSync(path.join(fixtures, '2_inp_dl_doc.json'));
    const doc = await doclingJsonParser.parse({ fileName: '2_inp_dl_doc.json', bytes });
    expect(doc.name).toBe('wiki');
    await expect(doclingJsonParser.parse({ fileName: 'e.json', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'empty-file' });
  });
});
