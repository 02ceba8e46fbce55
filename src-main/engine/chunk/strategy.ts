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
  /** The one setting that sizes this strategy's chunks; null for a strategy without a size (one chunk per item). */
  readonly size: SizeSetting<Options> | null;
  chunk(context: ChunkingContext, options: Options): Iterable<Chunk>;
}

/**
 * The setting that sizes a strategy's chunks, for the config panel (which shows it alone) and the lint (which judges
 * the embedded chunks against the limit the strategy applies, not against an unused `maxTokens`).
 */
export interface SizeSetting<Options> {
  /** the config key: `maxTokens` or one of the strategy's options */
  option: string;
  /** the option saying what the size counts (tokens, words, characters); absent when the size always counts `unit` */
  unitOption?: string;
  /** what the size counts when no `unitOption` says (default tokens) */
  unit?: 'tokens' | 'words' | 'characters';
  /** the option capping chunk size whose unset value is `maxTokens` (the panel shows `maxTokens` as its default) */
  limitOption?: string;
  /** The tokens the strategy keeps its embedded chunks to, or null when its size counts words or characters. */
  tokenLimit(options: Options, maxTokens: number): number | null;
}
