import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../ir/types';
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

  describe('refuses a document the chunkers could not walk', () => {
    // A real document, changed in one place by each case.
    // Wrong types are what these cases are about: they are assigned `as never`.
    const load = (change: (doc: DoclingDocument) => void): DoclingDocument => {
      const doc = JSON.parse(read('2_inp_dl_doc.json')) as DoclingDocument;
      change(doc);
      return loadDoclingJson(JSON.stringify(doc), 'changed.json');
    };
    const refused = (change: (doc: DoclingDocument) => void, message: RegExp, code = 'corrupt-file'): void => {
      let thrown: unknown;
      try {
        load(change);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(StratumError);
      expect(thrown).toMatchObject({ code, message: expect.stringMatching(message) });
    };

    it('loads the unchanged document', () => {
      expect(load(() => {}).texts.length).toBeGreaterThan(0);
    });

    it('an item of the wrong type, naming where it is', () => {
      refused((doc) => (doc.texts[3] = '#/furniture' as never), /changed\.json: not a valid DoclingDocument \(texts\.3: /);
      refused((doc) => (doc.groups = {} as never), /changed\.json: not a DoclingDocument/);
      refused((doc) => (doc.pictures = [null as never]), /\(pictures\.0: /);
      refused((doc) => (doc.texts[0]!.prov = 'page 1' as never), /\(texts\.0\.prov: /);
      refused((doc) => (doc.texts[0]!.self_ref = true as never), /\(texts\.0\.self_ref: /);
      refused((doc) => (doc.body.children[0] = false as never), /\(body\.children\.0: /);
      refused(
        (doc) => (doc.tables[0]!.data.table_cells[0]!.start_row_offset_idx = -1),
        /\(tables\.0\.data\.table_cells\.0\.start_row_offset_idx: /,
      );
    });

    it('a section header level outside docling-core 1..100', () => {
      const header = (doc: DoclingDocument) => doc.texts.find((t) => t.label === 'section_header')!;
      refused((doc) => (header(doc).level = 0), /level: /);
      refused((doc) => (header(doc).level = 1e9), /level: /);
    });

    it('an item that is not at the place its self_ref names', () => {
      const swapped = /texts\.0\.self_ref is "#\/texts\/1", not #\/texts\/0/;
      refused((doc) => ([doc.texts[0], doc.texts[1]] = [doc.texts[1]!, doc.texts[0]!]), swapped);
    });

    it('an item that is its own child, a child of its descendant or of two parents', () => {
      refused((doc) => (doc.texts[0]!.children = [{ $ref: '#/texts/0' }]), /item #\/texts\/0 is the child of more than one item/);
      refused((doc) => (doc.texts[0]!.children = [{ $ref: '#/body' }]), /item #\/body is the child of more than one item/);
      refused((doc) => (doc.texts[0]!.children = [doc.body.children[1]!]), /is the child of more than one item/);
    });

    it('a table whose grid would be too large to build', () => {
      refused(
        (doc) => Object.assign(doc.tables[0]!.data, { num_rows: 100_000, num_cols: 100_000 }),
        /the table #\/tables\/0 has 100,000 columns/,
        'too-large',
      );
    });
  });
});
