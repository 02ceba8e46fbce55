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
      itemRanges: chunk.origins.map(itemRangeOf),
      contextRefs: chunk.headingRefs ?? [],
      headingOnly: chunk.headingOnly,
      tokenCount: chunk.tokenCount,
    });
    index++;
  }
}

/** The part of an item's text a stretch of chunk text came from. */
function itemRangeOf(origin: TextOrigin): ItemTextRange {
  if (origin.start === undefined) return { ref: origin.ref };
  return { ref: origin.ref, start: origin.start, end: origin.start + (origin.itemLength ?? origin.length) };
}
