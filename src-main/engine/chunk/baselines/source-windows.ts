import type { Chunk, SourceSpan } from '../../../../src-shared/chunk';
import { StratumError } from '../../../../src-shared/errors';
import { iterateItems } from '../../ir/iterate';
import { codePointLength, utf16Offsets } from '../../text/code-points';
import { buildChunk } from '../build-chunk';
import type { ChunkingContext } from '../strategy';

interface PlacedItem {
  ref: string;
  start: number;
  end: number;
}

/**
 * Windows of `size` code points of the file's own text, each starting `size - overlap` after the
 * previous, as a fixed-size splitter run over the raw file cuts them: whitespace, blank lines and
 * markup stay where the file has them, and each chunk's source span is exactly its window. A window
 * of whitespace alone is no chunk. Needs a text format (Markdown, TXT, HTML), whose source spans
 * index the decoded file text.
 */
export function* chunkSourceWindows(context: ChunkingContext, size: number, overlap: number): Generator<Chunk> {
  const source = context.sourceText;
  if (source === undefined) {
    throw new StratumError('invalid-config', 'over: source cuts the file text itself, which only text formats have (Markdown, TXT, HTML)');
  }
  const length = codePointLength(source);
  const utf16 = utf16Offsets(source);
  const items = placedItems(context);
  let index = 0;
  let first = 0;
  for (let start = 0; start < length; start += size - overlap) {
    const end = Math.min(start + size, length);
    const text = source.slice(utf16(start), utf16(end));
    if (text.trim() !== '') {
      while (first < items.length && items[first]!.end <= start) first++;
      const docItems: string[] = [];
      for (let i = first; i < items.length && items[i]!.start < end; i++) if (items[i]!.end > start) docItems.push(items[i]!.ref);
      const span: SourceSpan = [start, end];
      yield buildChunk(context, {
        index,
        text,
        contextualizedText: text,
        headingPath: [],
        docItems,
        sourceSpans: [span],
        spanKey: `source:${start}-${end}`,
      });
      index++;
    }
    if (end >= length) return;
  }
}

/** The items with a source span, by where they start (items of a text format follow the file's order, but sorting costs little). */
function placedItems(context: ChunkingContext): PlacedItem[] {
  const placed: PlacedItem[] = [];
  for (const { item } of iterateItems(context.doc, { withGroups: false, layers: new Set(['body', 'furniture']) })) {
    const span = 'source_span' in item ? item.source_span : undefined;
    if (span) placed.push({ ref: item.self_ref, start: span[0], end: span[1] });
  }
  return placed.sort((a, b) => a.start - b.start || a.end - b.end);
}
