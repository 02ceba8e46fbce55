import { readFileSync } from 'node:fs';
import { decodeHTML as decodeHtml } from 'entities';
import { describe, expect, it } from 'vitest';
import type { Chunk, SourceSpan } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument } from '../ir/types';
import { htmlParser } from '../parse/html/html-parser';
import { markdownParser } from '../parse/markdown/markdown-parser';
import { pdfParser } from '../parse/pdf';
import { textParser } from '../parse/text';
import { boxesOf, resolveDocItems } from './build-chunk';
import { allStrategies } from './registry';
import { contextFor, runStrategy, wordTokenizer } from './strategy.test-support';

/**
 * The acceptance property of exact offsets: every chunk of every strategy names, in its spans,
 * exactly the source characters its own text came from. Compared: the letters and digits of both,
 * in order; what the chunk text adds (joining whitespace, list markers and numbers, Markdown
 * emphasis, escapes and link targets of the Docling serializer, table pipes and rules) has no
 * source, and neither has the markup of the source (`**`, `\`, `[...](url)`, HTML tags; character
 * references are compared decoded).
 *
 * A chunk holding (part of) a table names the cells of its rows: there the words are compared as
 * sets, because a table's writing repeats cells (a triplet repeats its row label in each sentence),
 * and the header it repeats over its rows is context (`contextSpans`), as the heading path is.
 *
 * Named whole, because their text has no source to map character by character, where only
 * inclusion in the item is checked: a text read from an attribute (an HTML `<input>`'s value), and a
 * Markdown code block whose text Docling's HTML detour rewrites (its character references decoded,
 * in a file with an HTML block). DOCX and DoclingDocument JSON have no source text at all.
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
/** HTML pages: formatting, code, nested blocks in lists, a long Wikipedia page with tables, nested and rich table cells, pictures. */
const htmlFiles = [
  'corpus/html/example_03.html',
  'corpus/html/formatting.html',
  'corpus/html/html_code_snippets.html',
  'corpus/html/html_nested_block_in_list_item.html',
  'corpus/html/wiki_duck.html',
  'html-tables/nested-tables.html',
  'html-tables/rich-cells.html',
  'html-images/pictures.html',
];

type SourceFormat = 'markdown' | 'text' | 'html';

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

const parsers = { markdown: markdownParser, text: textParser, html: htmlParser };

async function parsed(path: string, format: SourceFormat): Promise<{ doc: DoclingDocument; source: string[] }> {
  const bytes = readFileSync(new URL(`../../../test-data/${path}`, import.meta.url));
  const fileName = format === 'text' ? path.replace(/\.\w+$/, '.txt') : path;
  const doc = await parsers[format].parse({ fileName, bytes });
  return { doc, source: [...bytes.toString('utf8').replace(/^\uFEFF/, '')] };
}

/**
 * A chunk's own text, after the Docling serializer's escapes are undone and the link targets it
 * adds are left out (a piece cut inside a target holds its head at its end, where the cut may have
 * put a line break inside it). Its first `tailLength` characters are taken for the tail of a target
 * it was cut inside of.
 */
function chunkOwnText(chunk: Chunk, tailLength = 0): string {
  return decodeHtml(withoutLinkTargets(chunk.text.slice(tailLength)));
}

/** A piece may lie inside one link target (of a run of an inline group the chunk lists by its list item). */
function insideOneTarget(doc: DoclingDocument, chunk: Chunk): boolean {
  // A cut may have put a line break inside it.
  const inside = chunk.text.replace(/\s+/g, '');
  return doc.texts.some((item) => item.hyperlink?.includes(inside) && !item.text.includes(inside));
}

/**
 * The lengths an opening `...)` that closes a link target may have: up to any `)` before a space or
 * a bracket (a cut's line break may lie inside).
 */
function targetTailLengths(text: string): number[] {
  const lengths: number[] = [];
  for (let i = 0; i < text.length && !/[ \t[\]]/.test(text[i]!); i++) if (text[i] === ')') lengths.push(i + 1);
  return lengths;
}

/** `[text](target)` as `[text]`: the target runs to its matching parenthesis (Wikipedia's hold some), or to the end. */
function withoutLinkTargets(text: string): string {
  let out = '';
  let at = 0;
  for (let open = text.indexOf('](', at); open >= 0; open = text.indexOf('](', at)) {
    out += text.slice(at, open + 1);
    let depth = 0;
    let end = open + 1;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    at = end + 1;
  }
  return out + text.slice(at);
}

/** List markers the chunk text adds ("1.", "a)", "iv.") are letters and digits too: at most this many per list item. */
const markerLetters = 6;

/**
 * The chunk's letters are the spans' letters (with or without an opening link tail); where the
 * chunk holds list items, the spans' letters in order, with at most a marker's worth per list item
 * added.
 */
function matchesSpans(doc: DoclingDocument, chunk: Chunk, spanLetters: string): boolean {
  const listItems = chunk.docItems.filter((ref) => (resolveRef(doc, ref) as { label?: string } | undefined)?.label === 'list_item');
  if (spanLetters === '' && insideOneTarget(doc, chunk)) return true;
  return [0, ...targetTailLengths(chunk.text)].some((tailLength) => {
    const own = lettersOf(chunkOwnText(chunk, tailLength));
    if (listItems.length === 0) return own === spanLetters;
    let matched = 0;
    for (let i = 0; i < own.length && matched < spanLetters.length; i++) if (own[i] === spanLetters[matched]) matched++;
    return matched === spanLetters.length && own.length - spanLetters.length <= markerLetters * listItems.length;
  });
}

/** Source characters of spans, character references decoded. */
function sourceText(source: readonly string[], spans: readonly SourceSpan[]): string {
  return decodeHtml(spans.map(([start, end]) => source.slice(start, end).join('')).join('\n'));
}

function sourceLetters(source: readonly string[], spans: readonly SourceSpan[]): string {
  return lettersOf(sourceText(source, spans));
}

function lettersOf(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

function wordsOf(text: string): Set<string> {
  return new Set(text.match(/[\p{L}\p{N}]+/gu) ?? []);
}

function isTable(ref: string): boolean {
  return ref.startsWith('#/tables/');
}

/**
 * A chunk holding a table: every word its spans name is in its text, and every word of its text is
 * named by its spans or its context (the repeated header), or is a number the triplet serializer
 * gives a column without a header, or the marker of one of its list items ("xix."). A word is looked
 * for in the other side's letters, as a cell's text may glue the texts of two blocks ("block oneblock two").
 */
function tableChunkMatches(
  doc: DoclingDocument,
  chunk: Chunk,
  spanText: string,
  contextText: string,
): { missing: string[]; unnamed: string[] } {
  const markers = chunk.docItems.map((ref) => lettersOf((resolveRef(doc, ref) as { marker?: string } | undefined)?.marker ?? ''));
  const namedLetters = `${lettersOf(spanText)} ${lettersOf(contextText)} ${markers.join(' ')}`;
  const found = [0, ...targetTailLengths(chunk.text)].map((tailLength) => {
    const ownText = chunkOwnText(chunk, tailLength);
    const chunkLetters = lettersOf(ownText);
    return {
      missing: [...wordsOf(spanText)].filter((word) => !chunkLetters.includes(word)),
      unnamed: [...wordsOf(ownText)].filter((word) => !namedLetters.includes(word) && !/^\d+$/.test(word)),
    };
  });
  return found.find((f) => f.missing.length + f.unnamed.length === 0) ?? found[0]!;
}

/** A chunk holding an item the parser gives no runs, or a table cell without runs: those are named whole. */
function namesItemsWhole(doc: DoclingDocument, chunk: Chunk): boolean {
  return chunk.docItems.some((ref) => {
    const item = resolveRef(doc, ref);
    if (!item || !('prov' in item)) return false;
    if ('data' in item) return item.data.table_cells.some((cell) => cell.text !== '' && !cell.source_runs);
    return Boolean(item.source_span && !item.source_runs && 'text' in item && item.text !== '');
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

/** Context spans inside one of the document's tables (a repeated header), and the others (the heading path). */
function splitContext(doc: DoclingDocument, spans: readonly SourceSpan[]): { table: SourceSpan[]; headings: SourceSpan[] } {
  const tableSpans = doc.tables.flatMap((table) => (table.source_span ? [table.source_span] : []));
  const table: SourceSpan[] = [];
  const headings: SourceSpan[] = [];
  for (const span of spans) {
    const inTable = tableSpans.some(([from, to]) => from <= span[0] && span[1] <= to && span[2] === undefined);
    (inTable ? table : headings).push(span);
  }
  return { table, headings };
}

const documents = [
  ...markdownFiles.map((path) => ({ path, format: 'markdown' as const })),
  ...textFiles.map((path) => ({ path, format: 'text' as const })),
  ...htmlFiles.map((path) => ({ path, format: 'html' as const })),
];

describe.each(documents)('exact source spans of every strategy on $path ($format)', ({ path, format }) => {
  it.each(allStrategies().map((strategy) => strategy.name))('%s', async (name) => {
    const { doc, source } = await parsed(path, format);
    const strategy = allStrategies().find((s) => s.name === name)!;
    const context = { ...contextFor(doc, wordTokenizer), maxTokens: 24 };
    const runs = [runStrategy(strategy, context), runStrategy(strategy, context, smallOptions[name])];
    let exact = 0;
    let whole = 0;
    for (const chunk of runs.flat()) {
      for (const [start, end] of chunk.sourceSpans) expect(start < end && end <= source.length).toBe(true);
      const contextSpans = splitContext(doc, chunk.contextSpans);
      expect(sourceLetters(source, contextSpans.headings)).toBe(lettersOf(chunk.headingPath.join('\n')));
      if (namesItemsWhole(doc, chunk)) {
        expect(insideItems(doc, chunk.sourceSpans, chunk.docItems)).toBe(true);
        whole++;
        continue;
      }
      if (chunk.docItems.some(isTable)) {
        const found = tableChunkMatches(doc, chunk, sourceText(source, chunk.sourceSpans), sourceText(source, contextSpans.table));
        expect({ id: chunk.id, ...found }).toEqual({ id: chunk.id, missing: [], unnamed: [] });
      } else {
        expect(contextSpans.table).toEqual([]);
        const spanLetters = sourceLetters(source, chunk.sourceSpans);
        expect({ id: chunk.id, spanLetters, matches: matchesSpans(doc, chunk, spanLetters) }).toEqual({
          id: chunk.id,
          spanLetters,
          matches: true,
        });
      }
      exact++;
    }
    expect(exact + whole).toBeGreaterThan(0);
    expect(whole).toBeLessThanOrEqual(exact);
  });
});

/** PDFs of several producers: pdfTeX (a paper page), groff (a manual), a two-column generated report. */
const pdfFiles = ['corpus/pdf/2305.03393v1-pg9.pdf', 'corpus/pdf/multi_page.pdf', 'pdf-outline/groff-mon_premier_doc.pdf'];

describe.each(pdfFiles)('exact page-text spans and line boxes on %s', (path) => {
  it.each(['hybrid', 'semantic', 'sentences', 'fixed-characters'])('%s', async (name) => {
    const bytes = readFileSync(new URL(`../../../test-data/${path}`, import.meta.url));
    const doc = await pdfParser.parse({ fileName: path, bytes });
    const pageTexts = doc.metadata?.['page_texts'] as Record<string, string>;
    const pageText = (spans: readonly SourceSpan[]) =>
      spans.map(([start, end, page]) => [...(pageTexts[String(page)] ?? '')].slice(start, end).join('')).join('\n');
    const strategy = allStrategies().find((s) => s.name === name)!;
    const chunks = runStrategy(strategy, { ...contextFor(doc, wordTokenizer), maxTokens: 24 }, smallOptions[name]);
    let insideOneParagraph = 0;
    let partOfTable = 0;
    for (const chunk of chunks) {
      for (const [start, end, page] of chunk.sourceSpans) expect(page !== undefined && start < end).toBe(true);
      const items = chunk.docItems.flatMap((ref) => resolveDocItems(doc, [ref]));
      // A table's chunk holds its caption too (Docling lists the table alone).
      const captions = items.flatMap((item) =>
        'captions' in item
          ? resolveDocItems(
              doc,
              (item.captions ?? []).map((c) => c.$ref),
            )
          : [],
      );
      const itemBoxes = boxesOf(doc, [...items, ...captions]);
      const near = (a: number, b: number) => a >= b - 0.01;
      for (const box of chunk.bboxes) {
        const inside = itemBoxes.some(
          (p) => p.page === box.page && near(box.l, p.l) && near(p.r, box.r) && near(box.t, p.t) && near(p.b, box.b),
        );
        expect({ chunk: chunk.id, box, inside }).toEqual({ chunk: chunk.id, box, inside: true });
      }
      if (namesItemsWhole(doc, chunk)) continue;
      const table = items.find((item) => 'data' in item);
      if (table && 'data' in table) {
        const found = tableChunkMatches(doc, chunk, pageText(chunk.sourceSpans), pageText(chunk.contextSpans));
        expect({ id: chunk.id, ...found }).toEqual({ id: chunk.id, missing: [], unnamed: [] });
        const cellLines = new Set(table.data.table_cells.flatMap((cell) => (cell.source_runs ?? []).map((run) => run.box!.join())));
        if (chunk.bboxes.length < cellLines.size) partOfTable++;
        continue;
      }
      const spanLetters = lettersOf(pageText(chunk.sourceSpans));
      expect({ id: chunk.id, spanLetters, matches: matchesSpans(doc, chunk, spanLetters) }).toEqual({
        id: chunk.id,
        spanLetters,
        matches: true,
      });
      if (chunk.docItems.length === 1 && items[0]?.source_runs && chunk.bboxes.length < items[0].source_runs.length) insideOneParagraph++;
    }
    if (name !== 'hybrid') expect(insideOneParagraph).toBeGreaterThan(0);
    // The paper page holds a table of 5 rows: cut into rows, a chunk is boxed by its rows' lines only.
    if (path.endsWith('pg9.pdf')) expect(partOfTable).toBeGreaterThan(0);
  });
});
