import type { z } from 'zod';
import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument } from '../ir/types';
import type { Tokenizer } from '../tokenize/tokenizer';

/** What every strategy is given besides its own options. */
export interface ChunkingContext {
  doc: DoclingDocument;
  /** Stable document id (content hash of the source), part of every chunk id. */
  docId: string;
  tokenizer: Tokenizer;
  /** The resolved token limit: the config's `maxTokens`, else the tokenizer's default. */
  maxTokens: number;
  /** Short stable hash of the full config, part of every chunk id. */
  configHash: string;
  /** A text format's decoded file text, which its items' source spans index; absent for PDF, DOCX and DoclingDocument JSON. */
  sourceText?: string;
}

/**
 * A chunking strategy, selected by `name` in the config file. `chunk` is a pure function of
 * (document, config): it lazily yields chunks in document order, each with a deterministic id.
 */
export interface ChunkingStrategy<Options> {
  readonly name: string;
  readonly description: string;
  /** zod schema of the strategy's own options (the config keys besides `strategy`, `tokenizer`, `maxTokens`). */
  readonly optionsSchema: z.ZodType<Options>;
  chunk(context: ChunkingContext, options: Options): Iterable<Chunk>;
}
