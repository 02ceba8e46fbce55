import type { Chunk } from '../../../../src-shared/chunk';
import { contextualize } from '../../text/contextualize';
import { buildChunk } from '../build-chunk';
import type { ChunkingContext, ChunkingStrategy } from '../strategy';
import type { ItemTextRange } from '../item-sources';
import type { DocChunk } from './doc-chunk';
import type { TextOrigin } from './serializer/serialization-result';
import { hierarchicalChunksOf, serializerOf } from './document-derivations';
import { hybridChunks } from './hybrid';
import { hierarchicalOptionsSchema, hybridOptionsSchema, type HierarchicalOptions, type HybridOptions } from './options';

export const hierarchicalStrategy: ChunkingStrategy<HierarchicalOptions> = {
  name: 'hierarchical',
  description:
    "docling-core's HierarchicalChunker: one chunk per paragraph, list, table or picture, under its heading path (no token limit).",
  optionsSchema: hierarchicalOptionsSchema,
  size: null,
  chunk(context, options) {
    const serializer = serializerOf(context.doc, options.serializer);
    return toChunks(context, hierarchicalChunksOf(context.doc, serializer, options.alwaysEmitHeadings), options.delim);
  },
};

export const hybridStrategy: ChunkingStrategy<HybridOptions> = {
  name: 'hybrid',
  description:
    "docling-core's HybridChunker: hierarchical chunks split to the token limit (tables keep their header) and same-heading peers merged.",
  optionsSchema: hybridOptionsSchema,
  size: { option: 'maxTokens', tokenLimit: (_options, maxTokens) => maxTokens },
  chunk(context, options) {
    const serializer = serializerOf(context.doc, options.serializer);
    const chunks = hybridChunks(context.doc, serializer, context.tokenizer, { ...options, maxTokens: context.maxTokens });
    return toChunks(context, chunks, options.delim);
  },
};

/** Docling chunks as Stratum chunks: headings are the heading path, doc items keep duplicates. */
function* toChunks(context: ChunkingContext, chunks: Iterable<DocChunk>, delim: string): Generator<Chunk> {
  let index = 0;
  for (const chunk of chunks) {
    yield buildChunk(context, {
      index,
      text: chunk.text,
      contextualizedText: contextualize(chunk, delim),
      headingPath: chunk.headings ?? [],
      docItems: chunk.docItems.map((item) => item.self_ref),
      itemRanges: itemRangesOf(chunk.origins, false),
      contextRefs: chunk.headingRefs ?? [],
      contextRanges: itemRangesOf(chunk.origins, true),
      headingOnly: chunk.headingOnly,
      tokenCount: chunk.tokenCount,
    });
    index++;
  }
}

/** The parts of item and cell texts the chunk's own stretches (or its context stretches) came from. */
function itemRangesOf(origins: readonly TextOrigin[], context: boolean): ItemTextRange[] {
  const ranges: ItemTextRange[] = [];
  for (const origin of origins) if (Boolean(origin.context) === context) ranges.push(itemRangeOf(origin));
  return ranges;
}

/** The part of an item's (or cell's) text a stretch of chunk text came from. */
function itemRangeOf(origin: TextOrigin): ItemTextRange {
  const range: ItemTextRange = { ref: origin.ref };
  if (origin.cell) range.cell = origin.cell;
  if (origin.start === undefined) return range;
  range.start = origin.start;
  range.end = origin.start + (origin.itemLength ?? origin.length);
  return range;
}
