import type { Chunk } from '../../../../src-shared/chunk';
import type { TextRange } from '../../text/text-range';
import { buildChunk } from '../build-chunk';
import { composeBlocks, describeRange, type ComposedText } from '../split/composed-text';
import { readBlocks } from '../split/document-blocks';
import type { ChunkingContext, ChunkingStrategy } from '../strategy';

/**
 * The document's plain text for the baselines: block texts in reading order joined with blank
 * lines (items of one list with single newlines), headings included as plain lines.
 */
export function documentText(context: ChunkingContext): ComposedText {
  return composeBlocks(readBlocks(context.doc));
}

/** A baseline's `chunk`: the document's plain text cut into the ranges `rangesOf` finds in it. */
export function chunkPlainText<Options>(
  rangesOf: (text: string, options: Options, context: ChunkingContext) => Iterable<TextRange>,
): ChunkingStrategy<Options>['chunk'] {
  return function* chunk(context, options) {
    const composed = documentText(context);
    yield* chunksFromRanges(context, composed, rangesOf(composed.text, options, context));
  };
}

/**
 * Chunks for ranges of the document's plain text. Baselines ignore structure, so a chunk has no
 * heading path and is embedded as is; items and source spans come from the text's block map.
 */
function* chunksFromRanges(context: ChunkingContext, composed: ComposedText, ranges: Iterable<TextRange>): Generator<Chunk> {
  let index = 0;
  for (const range of ranges) {
    const text = composed.text.slice(range.start, range.end);
    if (text.trim() === '') continue;
    const origin = describeRange(composed, range);
    yield buildChunk(context, {
      index,
      text,
      contextualizedText: text,
      headingPath: [],
      docItems: origin.docItems,
      itemRanges: origin.itemRanges,
      spanKey: `${range.start}-${range.end}`,
    });
    index++;
  }
}
