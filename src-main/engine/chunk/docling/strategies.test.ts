import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { DocumentBuilder, tableDataFromRows } from '../../parse/document-builder';
import { loadDoclingJson } from '../../parse/docling-json';
import { BertUncasedTokenizer } from '../../tokenize/wordpiece';
import { strategyByName } from '../registry';
import { readingWordCounter } from '../strategy.test-support';
import type { ChunkingContext } from '../strategy';
import { hybridOptionsSchema } from './options';
import { hybridStrategy } from './strategies';

const fixtures = path.resolve(import.meta.dirname, '../../../../test-data/docling-core');
const wiki = () => loadDoclingJson(readFileSync(path.join(fixtures, '2_inp_dl_doc.json'), 'utf8'), '2_inp_dl_doc.json');
const miniLm = new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256);
const contextFor = (doc: DoclingDocument, maxTokens = 64): ChunkingContext => ({
  doc,
  docId: 'doc',
  tokenizer: miniLm,
  maxTokens,
  configHash: 'cfg',
});

describe('Docling strategies', () => {
  it('are registered as hierarchical and hybrid', () => {
    expect(strategyByName('hierarchical').name).toBe('hierarchical');
    expect(strategyByName('hybrid').name).toBe('hybrid');
  });

  it('yield Chunks lazily, with docling headings, duplicate doc items and contextualized text', () => {
    const iterator = hybridStrategy.chunk(contextFor(wiki()), hybridOptionsSchema.parse({}))[Symbol.iterator]();
    const first = iterator.next();
    expect(first.done).toBe(false);
    const chunks = [first.value!, ...{ [Symbol.iterator]: () => iterator }];
    expect(chunks).toHaveLength(27);
    const withHeadings = chunks.find((c) => c.headingPath.length > 0)!;
    expect(withHeadings.contextualizedText).toBe(`${withHeadings.headingPath.join('\n')}\n${withHeadings.text}`);
    expect(chunks.some((c) => new Set(c.docItems).size < c.docItems.length)).toBe(true);
    expect(chunks.every((c) => c.tokenCount <= 64 || c.docItems.length === 1)).toBe(true);
  });

  it('report token counts equal to counting the contextualized text, merged, split or not, whatever the delimiter', () => {
    const doc = wiki();
    for (const [maxTokens, options] of [
      [64, {}],
      [12, {}],
      [40, { mergePeers: false }],
      [30, { delim: '. ' }],
      [30, { delim: '\u000b' }],
    ] as const) {
      const chunks = [...hybridStrategy.chunk(contextFor(doc, maxTokens), hybridOptionsSchema.parse(options))];
      expect(chunks.length).toBeGreaterThan(10);
      for (const chunk of chunks) expect(chunk.tokenCount, chunk.contextualizedText).toBe(miniLm.count(chunk.contextualizedText));
      expect(chunks.every((c) => c.tokenCount <= maxTokens || c.docItems.length === 1)).toBe(true);
    }
  });

  it('marks heading-only chunks', () => {
    const doc = loadDoclingJson(readFileSync(path.join(fixtures, '2h_inp_dl_doc.RECONSTRUCTED.json'), 'utf8'), '2h.json');
    const chunks = [
      ...strategyByName('hierarchical').chunk(contextFor(doc), hybridOptionsSchema.parse({ alwaysEmitHeadings: true }) as never),
    ];
    expect(chunks.map((c) => c.headingOnly)).toEqual([true, true, true, false, true]);
  });

  it('splits a table row of half a megabyte reading each character a bounded number of times, pieces within the limit', () => {
    const builder = new DocumentBuilder('wide.md', 'text/markdown', new Uint8Array([1]));
    const cell = 'alpha beta, gamma delta | epsilon '.repeat(15_000);
    builder.addTable(
      tableDataFromRows([
        ['Name', 'Notes'],
        ['first', cell],
      ]),
    );
    // Compact: a padded Markdown header is as wide as the widest cell, and repeated in every piece.
    for (const serializer of [{ tables: 'triplet' }, { tables: 'markdown', compactTables: true }] as const) {
      const tables = serializer.tables;
      const { tokenizer, charactersRead } = readingWordCounter();
      const context: ChunkingContext = { doc: builder.doc, docId: 'doc', tokenizer, maxTokens: 64, configHash: 'cfg' };
      const chunks = [...hybridStrategy.chunk(context, hybridOptionsSchema.parse({ serializer }))];
      expect(chunks.length, tables).toBeGreaterThan(1_000);
      for (const chunk of chunks) expect(chunk.tokenCount, tables).toBeLessThanOrEqual(64);
      // Some 20 times the table’s text (the bisection reads about log2(length) heads per piece); counting the rest of the
      // row for every piece read it some 2,000 times.
      const tableText = chunks.reduce((length, chunk) => length + chunk.text.length, 0);
      expect(charactersRead(), tables).toBeLessThan(60 * tableText);
    }
  });

  it('gives no chunks for an empty document', () => {
    const doc = wiki();
    doc.body.children = [];
    expect([...hybridStrategy.chunk(contextFor(doc), hybridOptionsSchema.parse({}))]).toEqual([]);
  });

  it('rejects unknown keys and bad values, naming the field', () => {
    expect(() => hybridOptionsSchema.parse({ mergepeers: true })).toThrow(/mergepeers/);
    expect(() => hybridOptionsSchema.parse({ serializer: { tables: 'csv' } })).toThrow(/tables/);
    expect(() => hybridOptionsSchema.parse({ repeatTableHeader: 'yes' })).toThrow(/repeatTableHeader/);
    expect(hybridOptionsSchema.parse({}).serializer).toEqual({
      tables: 'triplet',
      compactTables: false,
      imagePlaceholder: '',
      escapeUnderscores: false,
      escapeHtml: false,
    });
  });
});
