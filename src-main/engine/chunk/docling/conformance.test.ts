import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDoclingJson } from '../../parse/docling-json';
import { contextualize } from '../../text/contextualize';
import { tokenizerById } from '../../tokenize/registry';
import { BertUncasedTokenizer } from '../../tokenize/wordpiece';
import type { DocChunk } from './doc-chunk';
import { hierarchicalChunks } from './hierarchical';
import { hybridChunks, type HybridSettings } from './hybrid';
import { ChunkingSerializer } from './serializer/doc-serializer';
import { CHUNKING_SERIALIZER_DEFAULTS } from './serializer/params';

/**
 * docling-core's own expected chunker outputs (test-data/docling-core, MIT; parameters from its
 * INDEX.md): every chunk must match in text, doc_item refs, headings and origin presence.
 */
const fixtures = path.resolve(import.meta.dirname, '../../../../test-data/docling-core');
const readJson = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
const loadInput = (name: string) => loadDoclingJson(readFileSync(path.join(fixtures, name), 'utf8'), name);

interface ExpectedChunk {
  text: string;
  meta: { doc_items: Array<{ self_ref: string }>; headings?: string[]; origin?: unknown };
}

interface Comparable {
  text: string;
  refs: string[];
  headings: string[] | null;
  hasOrigin: boolean;
}

function comparableExpected(chunk: ExpectedChunk): Comparable {
  return {
    text: chunk.text,
    refs: chunk.meta.doc_items.map((d) => d.self_ref),
    headings: chunk.meta.headings ?? null,
    hasOrigin: chunk.meta.origin !== undefined,
  };
}

function comparableActual(chunk: DocChunk, docHasOrigin: boolean): Comparable {
  return {
    text: chunk.text,
    refs: chunk.docItems.map((d) => d.self_ref),
    headings: chunk.headings,
    hasOrigin: docHasOrigin && !chunk.headingOnly,
  };
}

function expectIdentical(label: string, actual: Comparable[], expected: Comparable[]): void {
  const identical = expected.filter((e, i) => JSON.stringify(e) === JSON.stringify(actual[i])).length;
  console.log(`${label}: ${identical}/${expected.length} identical (${actual.length} produced)`);
  expect(actual).toEqual(expected);
}

describe('HierarchicalChunker conformance', () => {
  const cases = [
    { expected: '0_out_chunks.json', input: '0_inp_dl_doc.json', alwaysEmitHeadings: false },
    { expected: '2h_out_chunks_hier_emit_false.json', input: '2h_inp_dl_doc.RECONSTRUCTED.json', alwaysEmitHeadings: false },
    { expected: '2h_out_chunks_hier_emit_true.json', input: '2h_inp_dl_doc.RECONSTRUCTED.json', alwaysEmitHeadings: true },
  ];
  for (const { expected, input, alwaysEmitHeadings } of cases) {
    it(expected, () => {
      const doc = loadInput(input);
      const chunks = [...hierarchicalChunks(doc, new ChunkingSerializer(doc, CHUNKING_SERIALIZER_DEFAULTS), alwaysEmitHeadings)];
      const want = (readJson(expected) as { root: ExpectedChunk[] }).root;
      expectIdentical(
        expected,
        chunks.map((c) => comparableActual(c, Boolean(doc.origin))),
        want.map(comparableExpected),
      );
    });
  }
});

interface ExpectedSerChunk {
  text: string;
  ser_text: string;
  num_tokens: number;
}

describe('HybridChunker conformance', () => {
  const miniLm = new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256);
  const hybridDefaults = { mergePeers: true, repeatTableHeader: true, omitHeaderOnOverflow: false, alwaysEmitHeadings: false, delim: '\n' };
  const run = (input: string, settings: Partial<HybridSettings> & { maxTokens: number }) => {
    const doc = loadInput(input);
    const chunks = [
      ...hybridChunks(doc, new ChunkingSerializer(doc, CHUNKING_SERIALIZER_DEFAULTS), miniLm, { ...hybridDefaults, ...settings }),
    ];
    return { doc, chunks };
  };
  const cases: Array<{ expected: string; input: string; settings: Partial<HybridSettings> & { maxTokens: number } }> = [
    { expected: '2a_out_chunks.json', input: '2_inp_dl_doc.json', settings: { maxTokens: 64 } },
    { expected: '2b_out_chunks.json', input: '2_inp_dl_doc.json', settings: { maxTokens: 64, mergePeers: false } },
    { expected: '2c_out_chunks.json', input: '2_inp_dl_doc.json', settings: { maxTokens: 256 } },
    { expected: '2g_out_chunks.json', input: '2_inp_dl_doc.json', settings: { maxTokens: 256 } },
    { expected: '2h_out_chunks_hybr_emit_false.json', input: '2h_inp_dl_doc.RECONSTRUCTED.json', settings: { maxTokens: 256 } },
    {
      expected: '2h_out_chunks_hybr_emit_true.json',
      input: '2h_inp_dl_doc.RECONSTRUCTED.json',
      settings: { maxTokens: 256, alwaysEmitHeadings: true },
    },
  ];
  for (const { expected, input, settings } of cases) {
    it(expected, () => {
      const { doc, chunks } = run(input, settings);
      const want = (readJson(expected) as { root: ExpectedChunk[] }).root;
      expectIdentical(
        expected,
        chunks.map((c) => comparableActual(c, Boolean(doc.origin))),
        want.map(comparableExpected),
      );
    });
  }
  it('2f_out_chunks.json (tiktoken o200k_base, 131072)', () => {
    const doc = loadInput('2_inp_dl_doc.json');
    const tokenizer = tokenizerById('tiktoken:o200k_base');
    const chunks = [
      ...hybridChunks(doc, new ChunkingSerializer(doc, CHUNKING_SERIALIZER_DEFAULTS), tokenizer, {
        ...hybridDefaults,
        maxTokens: 128 * 1024,
      }),
    ];
    const want = (readJson('2f_out_chunks.json') as { root: ExpectedChunk[] }).root;
    expectIdentical(
      '2f_out_chunks.json',
      chunks.map((c) => comparableActual(c, true)),
      want.map(comparableExpected),
    );
  });
  const serCases = [
    { expected: '2a_out_ser_chunks.json', delim: '\n' },
    { expected: '2d_out_ser_chunks.json', delim: '####' },
  ];
  for (const { expected, delim } of serCases) {
    it(expected, () => {
      const { chunks } = run('2_inp_dl_doc.json', { maxTokens: 64, delim });
      const actual = chunks.map((c) => {
        const serText = contextualize(c, delim);
        return { text: c.text, ser_text: serText, num_tokens: miniLm.count(serText) };
      });
      const want = (readJson(expected) as { root: ExpectedSerChunk[] }).root;
      const identical = want.filter((w, i) => JSON.stringify(w) === JSON.stringify(actual[i])).length;
      console.log(`${expected}: ${identical}/${want.length} identical (${actual.length} produced)`);
      expect(actual).toEqual(want);
    });
  }
});
