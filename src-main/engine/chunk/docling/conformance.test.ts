import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDoclingJson } from '../../parse/docling-json';
import type { DocChunk } from './doc-chunk';
import { docChunkDump } from './docling-dump';
import { hierarchicalChunks } from './hierarchical';
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
  return { text: chunk.text, refs: chunk.meta.doc_items.map((d) => d.self_ref), headings: chunk.meta.headings ?? null, hasOrigin: chunk.meta.origin !== undefined };
}

function comparableActual(chunk: DocChunk, docHasOrigin: boolean): Comparable {
  return { text: chunk.text, refs: chunk.docItems.map((d) => d.self_ref), headings: chunk.headings, hasOrigin: docHasOrigin && !chunk.headingOnly };
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
      expectIdentical(expected, chunks.map((c) => comparableActual(c, Boolean(doc.origin))), want.map(comparableExpected));
      // The full export must be the upstream JSON, key for key.
      expect(chunks.map((c) => JSON.parse(JSON.stringify(docChunkDump(c, doc)).replace(/"binary_hash":"(\d+)"/g, '"binary_hash":$1')))).toEqual(
        (JSON.parse(readFileSync(path.join(fixtures, expected), 'utf8').replace(/"binary_hash": (\d+)/g, '"binary_hash": "$1"')) as { root: unknown[] }).root.map((c) =>
          JSON.parse(JSON.stringify(c).replace(/"binary_hash":"(\d+)"/g, '"binary_hash":$1')),
        ),
      );
    });
  }
});
