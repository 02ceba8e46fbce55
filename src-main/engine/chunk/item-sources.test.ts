import { readFileSync } from 'node:fs';
import { decodeHTML as decodeHtml } from 'entities';
import { describe, expect, it } from 'vitest';
import type { Chunk, SourceSpan } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument } from '../ir/types';
import { markdownParser } from '../parse/markdown/markdown-parser';
import { textParser } from '../parse/text';
import { allStrategies } from './registry';
import { contextFor, runStrategy, wordTokenizer } from './strategy.test-support';

/**
 * The acceptance property of exact offsets: every chunk of every strategy names, in its spans,
 * exactly the source characters its own text came from. Compared: the letters and digits of both,
 * in order; what the chunk text adds (joining whitespace, list markers and numbers, Markdown
 * emphasis, escapes and link targets of the Docling serializer, table pipes) has no source, and
 * neither has the markup of the source (`**`, `\`, `[...](url)`). A chunk holding a table names
 * the table whole (its cells have no spans of their own), so there only inclusion is checked.
 */

const markdownFiles = [
  'corpus/md/wiki.md',
  'corpus/md/mixed.md',
  'corpus/md/nested.md',
  'corpus/md/inline_and_formatting.md',
  'corpus/md/escaped_characters.md',
  'corpus/md/ending_with_table.md',
  'chunkeval/wikitexts.excerpt.md',
  'html-images/pictures.md',
];
/** Plain-text documents, read as TXT: a speech and licence texts (numbered sections, lists, wrapped lines). */
const textFiles = ['plain-text/state_of_the_union.md', 'corpus/md/LICENSE.docling.txt', 'chunkeval/LICENSE.chunking_evaluation.txt'];

/** Small sizes, so that chunks are cut inside items and overlap. */
const smallOptions: Record<string, unknown> = {
  semantic: { targetSize: 24, overlap: 6, minSize: 4 },
  'parent-child': { childMaxTokens: 24, childMinTokens: 4 },
  layered: { clauseTokens: 16 },
  recursive: { size: 120, overlap: 30, lengthUnit: 'characters' },
  'fixed-tokens': { size: 20, overlap: 5 },
  'fixed-characters': { size: 90, overlap: 25 },
  'fixed-words': { size: 15, overlap: 4 },
  sentences: { size: 20, overlap: 6 },
  paragraphs: { size: 20, overlap: 6 },
  hierarchical: {},
  hybrid: {},
};

async function parsed(path: string, asText: boolean): Promise<{ doc: DoclingDocument; source: string[] }> {
  const bytes = readFileSync(new URL(`../../../test-data/${path}`, import.meta.url));
  const fileName = asText ? path.replace(/\.\w+$/, '.txt') : path;
  const doc = await (asText ? textParser : markdownParser).parse({ fileName, bytes });
  return { doc, source: [...bytes.toString('utf8').replace(/^\uFEFF/, '')] };
}

/**
 * Letters and digits of a chunk's text, after the Docling serializer's escapes are undone and what
 * it adds is left out: list numbers at line starts and link targets (a piece cut inside a target
 * holds its head at its end or its tail at its start).
 */
function chunkLetters(text: string, opensInLink: boolean, hasList: boolean): string {
  const withoutTargets = text.replace(/\]\([^)\s]*(?:\)|$)/g, ']').replace(opensInLink ? /^[^\s[\]()]*\)/ : /$^/, '');
  const decoded = decodeHtml(withoutTargets);
  return lettersOf(hasList ? decoded.replace(/^[ \t]*(?:\d+[.)]|[-*+])(?=\s|$)/gm, '') : decoded);
}

/** Letters and digits of source characters, character references decoded. */
function sourceLetters(source: readonly string[], spans: readonly SourceSpan[]): string {
  return lettersOf(decodeHtml(spans.map(([start, end]) => source.slice(start, end).join('')).join('\n')));
}

function lettersOf(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/** A chunk that holds a table, or an item the parser gives no runs (HTML blocks, footnotes, images), names those whole. */
function namesItemsWhole(doc: DoclingDocument, chunk: Chunk): boolean {
  return chunk.docItems.some((ref) => {
    const item = resolveRef(doc, ref);
    if (!item || !('prov' in item)) return false;
    return ref.startsWith('#/tables/') || item.parent?.$ref.startsWith('#/tables/') || (item.source_span && !item.source_runs);
  });
}

/** Every span lies inside the source span of one of the items. */
function insideItems(doc: DoclingDocument, spans: readonly SourceSpan[], refs: readonly string[]): boolean {
  const itemSpans = refs.flatMap((ref) => {
    const item = resolveRef(doc, ref);
    return item && 'prov' in item && item.source_span ? [item.source_span] : [];
  });
  return spans.every(([start, end]) => itemSpans.some(([from, to]) => from <= start && end <= to));
}

function opensInLink(doc: DoclingDocument, chunk: Chunk): boolean {
  const first = chunk.firstItem ? resolveRef(doc, chunk.firstItem) : undefined;
  return Boolean(first && 'hyperlink' in first && first.hyperlink);
}

describe.each([...markdownFiles.map((path) => ({ path, asText: false })), ...textFiles.map((path) => ({ path, asText: true }))])(
  'exact source spans of every strategy on $path (as text: $asText)',
  ({ path, asText }) => {
    it.each(allStrategies().map((strategy) => strategy.name))('%s', async (name) => {
      const { doc, source } = await parsed(path, asText);
      const strategy = allStrategies().find((s) => s.name === name)!;
      const context = { ...contextFor(doc, wordTokenizer), maxTokens: 24 };
      const runs = [runStrategy(strategy, context), runStrategy(strategy, context, smallOptions[name])];
      let exact = 0;
      let whole = 0;
      for (const chunk of runs.flat()) {
        for (const [start, end] of chunk.sourceSpans) expect(start < end && end <= source.length).toBe(true);
        expect(sourceLetters(source, chunk.contextSpans)).toBe(lettersOf(chunk.headingPath.join('\n')));
        if (namesItemsWhole(doc, chunk)) {
          expect(insideItems(doc, chunk.sourceSpans, chunk.docItems)).toBe(true);
          whole++;
          continue;
        }
        const text = chunkLetters(chunk.text, opensInLink(doc, chunk), chunk.contentFlags.has_list);
        expect({ id: chunk.id, text: sourceLetters(source, chunk.sourceSpans) }).toEqual({ id: chunk.id, text });
        exact++;
      }
      expect(exact + whole).toBeGreaterThan(0);
    });
  },
);
