import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DoclingDocument } from '../../src-main/engine/ir/types';
import { hybridOptionsSchema } from '../../src-main/engine/chunk/docling/options';
import { hybridStrategy } from '../../src-main/engine/chunk/docling/strategies';
import type { ChunkingContext } from '../../src-main/engine/chunk/strategy';
import { DocumentBuilder } from '../../src-main/engine/parse/document-builder';
import { loadDoclingJson } from '../../src-main/engine/parse/docling-json';
import { tokenizerById } from '../../src-main/engine/tokenize/registry';
import { median, timeRuns, type BenchRow } from './bench-row';

const MINI_LM = 'hf:sentence-transformers/all-MiniLM-L6-v2';

/**
 * HybridChunker speed: the docling-core report (1.1 MB DoclingDocument), the same body repeated 50
 * times (docling-core re-tokenizes growing windows, which makes it quadratic; ours must scale
 * linearly), and 2,000 headingless paragraphs merged into one chunk (55 s in docling-core, per
 * genonai/doc_parser#220).
 */
export async function benchDocling(): Promise<BenchRow[]> {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../test-data/docling-core/0_inp_dl_doc.json'), 'utf8');
  const single = loadDoclingJson(source, '0_inp_dl_doc.json');
  const repeated = repeatBody(single, 50);
  const paragraphs = generatedParagraphs(2000);
  const options = hybridOptionsSchema.parse({});
  const run = (doc: DoclingDocument, maxTokens: number) => () => {
    const context: ChunkingContext = { doc, docId: 'bench', tokenizer: tokenizerById(MINI_LM), maxTokens, configHash: 'bench' };
    let count = 0;
    for (const _ of hybridStrategy.chunk(context, options)) count++;
    return count;
  };
  run(single, 250)(); // warm the vocabulary and JIT
  const oneTimes = await timeRuns(7, run(single, 250));
  const fiftyTimes = await timeRuns(3, run(repeated, 250));
  // A few milliseconds a run: warmed on its own and run often enough that one slow run does not move the median.
  run(paragraphs, 1e9)();
  const paragraphTimes = await timeRuns(31, run(paragraphs, 1e9));
  const t1 = median(oneTimes);
  const t50 = median(fiftyTimes);
  const exponent = Math.log(t50 / t1) / Math.log(50);
  return [
    { name: 'docling hybrid (MiniLM, 250) 0_inp_dl_doc.json', median: t1, unit: 'ms' },
    { name: 'docling hybrid (MiniLM, 250) 0_inp_dl_doc.json x50', median: t50 / 1000, unit: 's' },
    {
      name: 'docling hybrid scaling exponent log(t50/t1)/log(50)',
      median: exponent,
      unit: '',
      note: exponent <= 1.15 ? 'linear (<= 1.15)' : 'SUPERLINEAR (> 1.15)',
    },
    {
      name: 'docling hybrid 2,000 paragraphs, no headings, maxTokens 1e9, mergePeers',
      median: median(paragraphTimes),
      unit: 'ms',
      note: 'docling-core: 55 s (genonai/doc_parser#220)',
    },
  ];
}

/** `copies` copies of the document's body, every ref renumbered so the copies are distinct items. */
function repeatBody(doc: DoclingDocument, copies: number): DoclingDocument {
  const lists = ['texts', 'groups', 'tables', 'pictures', 'key_value_items', 'form_items'] as const;
  const result: DoclingDocument = structuredClone(doc);
  for (const list of lists) (result[list] as unknown[]) = [];
  result.body = { ...doc.body, children: [] };
  for (let copy = 0; copy < copies; copy++) {
    const shift = (text: string) =>
      text.replace(
        /"#\/(texts|groups|tables|pictures|key_value_items|form_items)\/(\d+)"/g,
        (_, list: (typeof lists)[number], index: string) => `"#/${list}/${Number(index) + copy * doc[list].length}"`,
      );
    for (const list of lists) (result[list] as unknown[]).push(...(JSON.parse(shift(JSON.stringify(doc[list]))) as unknown[]));
    result.body.children.push(...(JSON.parse(shift(JSON.stringify(doc.body.children))) as DoclingDocument['body']['children']));
  }
  return result;
}

function generatedParagraphs(count: number): DoclingDocument {
  const builder = new DocumentBuilder(
    'paragraphs.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    new Uint8Array([1]),
  );
  for (let i = 0; i < count; i++) {
    builder.addText(
      'text',
      `Paragraph ${i} explains how the quarterly figures for region ${i % 17} compare with the forecast, and why the variance of ${(i * 7) % 100} percent matters for planning.`,
    );
  }
  return builder.doc;
}
