import { CHUNK_CARD_PREVIEW_LENGTH, type ChunkCard, type SourceLines } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { oneLine } from '../../src-shared/one-line';
import type { DoclingDocument } from '../engine/ir/types';
import { snapToCodePoint } from '../engine/text/code-points';

/** What the chunk list shows of each chunk (src-shared/api.ts `chunkCardSchema`). */
export function chunkCardsOf(doc: DoclingDocument, chunks: readonly Chunk[]): ChunkCard[] {
  const lineStarts = new Map<number, number[]>();
  const lineStartsOf = (page: number): number[] | undefined => {
    if (!lineStarts.has(page)) {
      const text = pageTextOf(doc, page);
      if (text === undefined) return undefined;
      lineStarts.set(page, lineStartOffsets(text));
    }
    return lineStarts.get(page);
  };
  return chunks.map(({ text, headingPath, contentFlags, parentId, layer, sourceSpans }) => ({
    preview: previewOf(text),
    headingPath,
    contentFlags,
    parentId,
    layer,
    sourceLines: sourceLinesOf(sourceSpans, lineStartsOf),
  }));
}

/**
 * A card's first characters of the chunk's text as one line: the line breaks that join its items and
 * lines become spaces (a card shows three lines, not the first three short lines of a list).
 */
export function previewOf(text: string): string {
  // a bounded read: whitespace runs longer than the preview itself only shorten it
  const line = oneLine(text.slice(0, snapToCodePoint(text, 2 * CHUNK_CARD_PREVIEW_LENGTH))).trim();
  return line.slice(0, snapToCodePoint(line, CHUNK_CARD_PREVIEW_LENGTH));
}

/** The page's text the PDF parser recorded (`metadata.page_texts`), which a page's source spans count in. */
function pageTextOf(doc: DoclingDocument, page: number): string | undefined {
  const texts = doc.metadata?.['page_texts'];
  if (texts === null || typeof texts !== 'object') return undefined;
  const text = (texts as Record<string, unknown>)[String(page)];
  return typeof text === 'string' ? text : undefined;
}

/** Code-point offsets where each line of `text` starts (spans count code points). */
function lineStartOffsets(text: string): number[] {
  const starts = [0];
  let offset = 0;
  for (const character of text) {
    offset++;
    if (character === '\n') starts.push(offset);
  }
  return starts;
}

/** Per page, the first and last line the chunk's page spans touch. */
function sourceLinesOf(spans: Chunk['sourceSpans'], lineStartsOf: (page: number) => number[] | undefined): SourceLines[] {
  const byPage = new Map<number, SourceLines>();
  for (const span of spans) {
    if (span.length !== 3) continue;
    const [start, end, page] = span;
    const starts = lineStartsOf(page);
    if (!starts) continue;
    const first = lineOf(starts, start);
    const last = lineOf(starts, Math.max(start, end - 1));
    const known = byPage.get(page);
    if (known) known.last = Math.max(known.last, last);
    else byPage.set(page, { page, first, last });
  }
  return [...byPage.values()];
}

/** 1-based line holding the code point at `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
