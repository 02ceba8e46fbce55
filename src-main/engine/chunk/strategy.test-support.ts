import { readFileSync } from 'node:fs';
import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument } from '../ir/types';
import { DocumentBuilder, tableDataFromRows } from '../parse/document-builder';
import { loadDoclingJson } from '../parse/docling-json';
import type { Tokenizer } from '../tokenize/tokenizer';
import type { ChunkingContext, ChunkingStrategy } from './strategy';

/** Shared by the tests of the structure-aware and baseline strategies. Not used at run time. */

/** One token per word and per punctuation mark: easy to reason about in expectations. */
export const wordTokenizer: Tokenizer = {
  id: 'test:words',
  defaultMaxTokens: 64,
  longestTokenLength: 32,
  count: (text) => text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0,
};

const isSpace = (text: string, i: number) => text[i] === ' ' || text[i] === '\n';

/** Counts words between spaces and newlines, tallying every character it reads. */
export function readingWordCounter(): { tokenizer: Tokenizer; charactersRead: () => number } {
  let read = 0;
  const countUpTo = (text: string, limit: number): number => {
    let words = 0;
    for (let i = 0; i < text.length; i++) {
      read++;
      if (!isSpace(text, i) && (i === 0 || isSpace(text, i - 1)) && ++words > limit) return words;
    }
    return words;
  };
  const tokenizer: Tokenizer = {
    id: 'test:reading-words',
    defaultMaxTokens: 256,
    longestTokenLength: 1,
    count: (text) => countUpTo(text, Infinity),
    countUpTo,
  };
  return { tokenizer, charactersRead: () => read };
}

export function contextFor(doc: DoclingDocument, tokenizer: Tokenizer = wordTokenizer): ChunkingContext {
  return { doc, docId: 'doc-under-test', tokenizer, maxTokens: tokenizer.defaultMaxTokens, configHash: 'config-under-test' };
}

/** Parses raw options with the strategy's schema (defaults applied) and runs it. */
export function runStrategy<Options>(strategy: ChunkingStrategy<Options>, context: ChunkingContext, rawOptions: unknown = {}): Chunk[] {
  return [...strategy.chunk(context, strategy.optionsSchema.parse(rawOptions))];
}

/** The first issue of a rejected option set, as `field: message`. */
export function optionsError(strategy: ChunkingStrategy<unknown>, rawOptions: unknown): string {
  const result = strategy.optionsSchema.safeParse(rawOptions);
  if (result.success) return 'accepted';
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

export function groundtruthDocument(fileName: string): DoclingDocument {
  const url = new URL(`../../../test-data/corpus/groundtruth/${fileName}`, import.meta.url);
  return loadDoclingJson(readFileSync(url, 'utf8'), fileName);
}

/** A table with a header row and `rows` data rows of two columns. */
export function tableData(rows: number) {
  const dataRows = Array.from({ length: rows }, (_, i) => [`City ${i + 1}`, `${(i + 1) * 1000}`]);
  return tableDataFromRows([['City', 'Population'], ...dataRows]);
}

/**
 * A small Markdown-like document whose items carry source spans into `source`:
 * title, two sections (one with a subsection), a list, a table and a code block.
 */
export function sampleDocument(): { doc: DoclingDocument; source: string } {
  const builder = new DocumentBuilder('sample.md', 'text/markdown', new Uint8Array([1, 2, 3]));
  let source = '';
  const place = (markup: string, text: string) => {
    const start = source.length + markup.length;
    source += `${markup}${text}\n\n`;
    return { sourceSpan: [start, start + text.length] as [number, number] };
  };
  builder.addTitle('Ducks', place('# ', 'Ducks'));
  builder.addText(
    'text',
    'Ducks are birds. They swim well. Dr. Quack studies them.',
    place('', 'Ducks are birds. They swim well. Dr. Quack studies them.'),
  );
  builder.addHeading('Food', 1, place('## ', 'Food'));
  builder.addText('text', 'Ducks eat plants, seeds and insects.', place('', 'Ducks eat plants, seeds and insects.'));
  const list = builder.addGroup('list', 'list');
  builder.addListItem('Leaves', list, '-', false, place('- ', 'Leaves'));
  builder.addListItem('Berries', list, '-', false, place('- ', 'Berries'));
  builder.addHeading('Details', 2, place('### ', 'Details'));
  builder.addTable(tableData(3));
  builder.addCode('print("quack")\nprint("quack again")', 'python', place('```\n', 'print("quack")\nprint("quack again")'));
  builder.addHeading('Habitat', 1, place('## ', 'Habitat'));
  builder.addText(
    'text',
    'Ponds, lakes and rivers. Some ducks live by the sea.',
    place('', 'Ponds, lakes and rivers. Some ducks live by the sea.'),
  );
  return { doc: builder.doc, source };
}
