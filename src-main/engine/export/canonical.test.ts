import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { canonicalDocumentSchema } from './canonical-schema';
import { isStratumError } from '../../../src-shared/errors';
import { buildChunk } from '../chunk/build-chunk';
import { layeredStrategy } from '../chunk/layered/layered';
import { runStrategy, sampleDocument as sampleStrategyDocument } from '../chunk/strategy.test-support';
import type { ChunkingContext } from '../chunk/strategy';
import { DocumentBuilder, tableDataFromRows } from '../parse/document-builder';
import type { Tokenizer } from '../tokenize/tokenizer';
import {
  readCanonical,
  readCanonicalJsonl,
  serializeCanonical,
  serializeCanonicalJsonl,
  serializeJsonlLines,
  toCanonical,
} from './canonical';
import { CANONICAL_JSON_SCHEMA_PATH, canonicalJsonSchemaText } from './canonical-json-schema';

const wordTokenizer: Tokenizer = {
  id: 'test:words',
  defaultMaxTokens: 128,
  longestTokenLength: 32,
  count: (text) => text.split(/\s+/).filter(Boolean).length,
};

function sampleDocument() {
  const builder = new DocumentBuilder('report.md', 'text/markdown', new TextEncoder().encode('# Report'));
  builder.addTitle('Quarterly report', { sourceSpan: [0, 18] });
  const heading = builder.addHeading('Revenue', 1, { sourceSpan: [20, 30] });
  const paragraph = builder.addText('text', 'Revenue grew in every region.', { sourceSpan: [31, 60] });
  const table = builder.addTable(
    tableDataFromRows([
      ['Region', 'Growth'],
      ['North', '4 %'],
    ]),
    { sourceSpan: [61, 90] },
  );
  builder.addCaption(table, 'Table 1: growth by region');
  const picture = builder.addPicture({ sourceSpan: [91, 100] });
  builder.addCaption(picture, 'Figure 1: map');
  const doc = builder.doc;
  const context: ChunkingContext = { doc, docId: 'doc-1', tokenizer: wordTokenizer, maxTokens: 64, configHash: 'cfg' };
  const chunks = [
    buildChunk(context, {
      index: 0,
      text: paragraph.text,
      contextualizedText: `Revenue\n${paragraph.text}`,
      headingPath: [heading.text],
      docItems: [paragraph.self_ref],
    }),
    buildChunk(context, {
      index: 1,
      text: 'Region, Growth = North, 4 %',
      contextualizedText: 'Revenue\nRegion, Growth = North, 4 %',
      headingPath: [heading.text],
      docItems: [table.self_ref, picture.self_ref],
    }),
  ];
  return { doc, chunks };
}

function sampleCanonical(contextualizedText?: boolean) {
  const { doc, chunks } = sampleDocument();
  return toCanonical({
    contextualizedText,
    doc,
    docId: 'doc-1',
    sourceFile: 'report.md',
    format: 'markdown',
    chunks,
    config: { strategy: 'hybrid', tokenizer: wordTokenizer.id, maxTokens: 64, mergePeers: true },
    tokenizerId: wordTokenizer.id,
  });
}

describe('canonical JSON', () => {
  it('maps chunks and the document into the schema with a fixed key order', () => {
    const canonical = sampleCanonical();
    expect(Object.keys(canonical)).toEqual(['schema_version', 'document', 'tokenizer', 'config', 'chunks', 'artifacts']);
    const { coverage, ...document } = canonical.document;
    expect(document).toEqual({
      doc_id: 'doc-1',
      source_file: 'report.md',
      format: 'markdown',
      title: 'Quarterly report',
      total_pages: null,
      enrichments: [],
    });
    // The title heads no chunk; the captions are in none (the table's chunk holds its cells, and no caption's words).
    expect(coverage).toMatchObject({ words: 20, in_chunks: 10, furniture: 0, pictures: 0, not_in_chunks: 10, share: 0.5 });
    expect(coverage.left_out.map(({ reason, words }) => `${reason}:${words}`)).toEqual(['empty-heading:2', 'not-chunked:8']);
    expect(coverage.places.map((place) => [place.ref, place.reason, place.words, place.text_range])).toEqual([
      ['#/texts/0', 'empty-heading', 2, [0, 16]],
      ['#/texts/3', 'not-chunked', 5, [0, 25]],
      ['#/texts/4', 'not-chunked', 3, [0, 13]],
    ]);
    expect(canonical.tokenizer).toEqual({ id: 'test:words', max_tokens: 64 });
    const [first, second] = canonical.chunks;
    expect(Object.keys(first!)).toEqual(Object.keys(canonicalDocumentSchema.shape.chunks.element.shape));
    expect(first).toMatchObject({ index: 0, token_count: 6, heading_path: ['Revenue'], source_spans: [[31, 60]] });
    expect(second!.content_flags).toMatchObject({ has_table: true, has_image: true, has_list: false });
    expect(second!.artifacts).toEqual({ images: ['#/pictures/0'], tables: ['#/tables/0'] });
    // A strategy without layers gives no order; the first and last item are always named.
    expect(second).toMatchObject({ first_item: '#/tables/0', last_item: '#/pictures/0', sibling_order: null });
    expect(canonical.artifacts.tables).toEqual([
      {
        id: '#/tables/0',
        caption: 'Table 1: growth by region',
        page: null,
        bbox: null,
        num_rows: 2,
        num_cols: 2,
        cells: [
          ['Region', 'Growth'],
          ['North', '4 %'],
        ],
      },
    ]);
    expect(canonical.artifacts.images).toEqual([{ id: '#/pictures/0', caption: 'Figure 1: map', page: null, bbox: null, uri: null }]);
  });

  it('gives identical bytes when exported, loaded and exported again', () => {
    const text = serializeCanonical(sampleCanonical());
    expect(serializeCanonical(readCanonical(text))).toBe(text);
    const jsonl = serializeCanonicalJsonl(sampleCanonical());
    expect(jsonl.trimEnd().split('\n')).toHaveLength(2);
    expect(serializeJsonlLines(readCanonicalJsonl(jsonl))).toBe(jsonl);
  });

  it('carries the layer order and the first and last item of every chunk, and reads them back to the same bytes', () => {
    const { doc } = sampleStrategyDocument();
    const config = { strategy: 'layered', tokenizer: wordTokenizer.id, maxTokens: 64 } as const;
    const context: ChunkingContext = { doc, docId: 'doc-2', tokenizer: wordTokenizer, maxTokens: 64, configHash: 'cfg' };
    const chunks = runStrategy(layeredStrategy, context, { clauseTokens: 10 });
    const canonical = toCanonical({
      doc,
      docId: 'doc-2',
      sourceFile: 'sample.md',
      format: 'markdown',
      chunks,
      config,
      tokenizerId: wordTokenizer.id,
    });
    expect(canonical.chunks.map((c) => [c.sibling_order, c.first_item, c.last_item])).toEqual(
      chunks.map((c) => [c.siblingOrder, c.docItems[0], c.docItems.at(-1)]),
    );
    expect(canonical.chunks.filter((c) => c.layer === 'clause').some((c) => c.sibling_order! > 0)).toBe(true);
    const text = serializeCanonical(canonical);
    expect(serializeCanonical(readCanonical(text))).toBe(text);
    const jsonl = serializeCanonicalJsonl(canonical);
    expect(serializeJsonlLines(readCanonicalJsonl(jsonl))).toBe(jsonl);
  });

  it('leaves contextualized_text out of every chunk when asked, keeping the key order and the token counts', () => {
    const full = sampleCanonical();
    expect(full.chunks.map((chunk) => chunk.contextualized_text)).toEqual([
      'Revenue\nRevenue grew in every region.',
      'Revenue\nRegion, Growth = North, 4 %',
    ]);
    const bare = sampleCanonical(false);
    for (const [index, chunk] of bare.chunks.entries()) {
      expect(chunk).not.toHaveProperty('contextualized_text');
      expect(Object.keys(chunk)).toEqual(Object.keys(full.chunks[index]!).filter((key) => key !== 'contextualized_text'));
      expect(chunk.token_count).toBe(full.chunks[index]!.token_count);
    }
    const text = serializeCanonical(bare);
    expect(text).not.toContain('contextualized_text');
    expect(serializeCanonical(readCanonical(text))).toBe(text);
    const lines = readCanonicalJsonl(serializeCanonicalJsonl(bare));
    expect(lines.map((line) => 'contextualized_text' in line.chunk)).toEqual([false, false]);
  });

  it('repeats the document in every JSONL line with only the artifacts the chunk refers to', () => {
    const lines = readCanonicalJsonl(serializeCanonicalJsonl(sampleCanonical()));
    expect(lines.map((line) => line.document.doc_id)).toEqual(['doc-1', 'doc-1']);
    expect(lines[0]!.artifacts).toEqual({ images: [], tables: [] });
    expect(lines[1]!.artifacts.tables.map((table) => table.id)).toEqual(['#/tables/0']);
  });

  it('rejects a file that is not canonical JSON, naming the bad field', () => {
    const canonical = sampleCanonical();
    const broken = JSON.parse(serializeCanonical(canonical)) as { chunks: Array<Record<string, unknown>> };
    broken.chunks[1]!['token_count'] = -1;
    expect(() => readCanonical(JSON.stringify(broken))).toThrowError(/chunks\.1\.token_count/);
    const error = captureError(() => readCanonical('{"schema_version": '));
    expect(isStratumError(error) && error.code).toBe('corrupt-file');
  });

  it('publishes an up-to-date JSON Schema (run `npm run schema` after changing the zod schema)', async () => {
    const committed = await readFile(new URL(`../../../${CANONICAL_JSON_SCHEMA_PATH}`, import.meta.url), 'utf8');
    expect(committed).toBe(canonicalJsonSchemaText());
    const schema = JSON.parse(committed) as { $schema: string; required: string[] };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['schema_version', 'document', 'tokenizer', 'config', 'chunks', 'artifacts']);
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
