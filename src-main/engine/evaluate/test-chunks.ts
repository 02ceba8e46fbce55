import { readFileSync } from 'node:fs';
import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument } from '../ir/types';
import { resolveRef } from '../ir/resolve';
import { buildChunk } from '../chunk/build-chunk';
import type { ChunkingContext } from '../chunk/strategy';
import { countWords } from '../text/words';

/**
 * Test support for the evaluators: a real Docling document from test-data and chunks cut by hand at
 * given item positions, so that each test states exactly which boundaries it checks.
 */
export function groundtruthDocument(name: string): DoclingDocument {
  const url = new URL(`../../../test-data/corpus/groundtruth/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as DoclingDocument;
}

const wordCounter = {
  id: 'test:words',
  defaultMaxTokens: 64,
  longestTokenLength: 64,
  count: countWords,
};

/** One chunk per group of refs; a group's text is its items' texts joined by blank lines (or `text` when given). */
export function chunksOver(doc: DoclingDocument, groups: ReadonlyArray<{ refs: string[]; text?: string; spanStart?: number }>): Chunk[] {
  const context: ChunkingContext = { doc, docId: 'd0c', tokenizer: wordCounter, maxTokens: 64, configHash: 'c0f' };
  return groups.map((group, index) => {
    const text =
      group.text ??
      group.refs
        .map((ref) => resolveRef(doc, ref))
        .map((item) => (item && 'text' in item ? item.text : ''))
        .join('\n\n');
    const chunk = buildChunk(context, {
      index,
      text,
      contextualizedText: text,
      headingPath: [],
      docItems: group.refs,
      spanKey: `${index}`,
    });
    return { ...chunk, sourceSpans: group.spanStart === undefined ? [] : [[group.spanStart, group.spanStart + text.length]] };
  });
}
