import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hierarchicalOptionsSchema, hybridOptionsSchema } from '../chunk/docling/options';
import { hierarchicalStrategy, hybridStrategy } from '../chunk/docling/strategies';
import type { ChunkingContext } from '../chunk/strategy';
import { loadDoclingJson } from '../parse/docling-json';
import { BertUncasedTokenizer } from '../tokenize/wordpiece';
import { writeDoclingChunks } from './docling-chunks';

const fixtures = path.resolve(import.meta.dirname, '../../../test-data/docling-core');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const miniLm = new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256);

describe('writeDoclingChunks', () => {
  it('writes byte for byte what docling-core wrote for the HierarchicalChunker (0_out_chunks.json)', () => {
    const doc = loadDoclingJson(read('0_inp_dl_doc.json'), '0_inp_dl_doc.json');
    const context: ChunkingContext = { doc, docId: 'd', tokenizer: miniLm, maxTokens: 256, configHash: 'c' };
    const chunks = hierarchicalStrategy.chunk(context, hierarchicalOptionsSchema.parse({}));
    expect(writeDoclingChunks(doc, chunks)).toBe(read('0_out_chunks.json'));
  });

  it('writes byte for byte the HybridChunker output (2a at 64 tokens, duplicate doc items) and heading-only chunks without origin (2h)', () => {
    const doc = loadDoclingJson(read('2_inp_dl_doc.json'), '2_inp_dl_doc.json');
    const context: ChunkingContext = { doc, docId: 'd', tokenizer: miniLm, maxTokens: 64, configHash: 'c' };
    expect(writeDoclingChunks(doc, hybridStrategy.chunk(context, hybridOptionsSchema.parse({})))).toBe(read('2a_out_chunks.json'));
    const headingsDoc = loadDoclingJson(read('2h_inp_dl_doc.RECONSTRUCTED.json'), '2h.json');
    const headingsContext: ChunkingContext = { doc: headingsDoc, docId: 'd', tokenizer: miniLm, maxTokens: 256, configHash: 'c' };
    const written = writeDoclingChunks(
      headingsDoc,
      hybridStrategy.chunk(headingsContext, hybridOptionsSchema.parse({ alwaysEmitHeadings: true })),
    );
    expect(JSON.parse(written)).toEqual(JSON.parse(read('2h_out_chunks_hybr_emit_true.json')));
  });
});
