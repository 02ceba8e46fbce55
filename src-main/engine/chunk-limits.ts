import type { Chunk } from '../../src-shared/chunk';
import type { ChunkingConfig } from '../../src-shared/config';
import type { DoclingDocument } from './ir/types';
import { StratumError } from '../../src-shared/errors';

/**
 * How much one config may make of one document. Sizes far below any embedding model's (a 1-token limit made 43,000
 * chunks and 68 MiB of response of a 200 KB document) or an overlap next to the size (every character repeated
 * thousands of times) are mistakes whose output no host can hold; the limits grow with the document, so that a large
 * document chunked sensibly never meets them.
 */
export const CHUNK_LIMITS = {
  /** Beyond `minChunks`, a chunk stands for at least this many characters of the document's text on average. */
  documentCharactersPerChunk: 16,
  minChunks: 10_000,
  maxChunks: 1_000_000,
  /** The chunks' text and contextualized text together, as a multiple of the document's text (tables print longer). */
  chunkCharactersPerDocumentCharacter: 64,
  minChunkCharacters: 16 * 1024 * 1024,
} as const;

export interface ChunkLimits {
  chunks: number;
  chunkCharacters: number;
}

/** The limits for `doc`, from its text: item texts and table cell texts. */
export function chunkLimitsFor(doc: DoclingDocument): ChunkLimits {
  let characters = 0;
  for (const item of doc.texts) characters += item.text.length;
  for (const table of doc.tables) for (const cell of table.data.table_cells) characters += cell.text.length;
  const chunks = Math.floor(characters / CHUNK_LIMITS.documentCharactersPerChunk);
  return {
    chunks: Math.min(CHUNK_LIMITS.maxChunks, Math.max(CHUNK_LIMITS.minChunks, chunks)),
    chunkCharacters: Math.max(CHUNK_LIMITS.minChunkCharacters, characters * CHUNK_LIMITS.chunkCharactersPerDocumentCharacter),
  };
}

/** Options that set a strategy's chunk size; where a config has none of them, `maxTokens` does. */
const SIZE_OPTIONS = ['size', 'targetSize', 'childMaxTokens', 'clauseTokens'] as const;

/** The config's settings a user changes to make fewer or smaller chunks, with their values: `size 1, overlap 0`. */
function sizeSettings(config: ChunkingConfig): string {
  const sizes = SIZE_OPTIONS.filter((key) => typeof config[key] === 'number');
  const keys = [...(sizes.length > 0 ? sizes : (['maxTokens'] as const)), ...(typeof config['overlap'] === 'number' ? ['overlap'] : [])];
  return keys.map((key) => `${key} ${String(config[key])}`).join(', ');
}

/**
 * `chunks` as they come, until one passes a limit: then a `too-large` error that names the limit and the settings
 * to change.
 */
export function* withinChunkLimits(chunks: Iterable<Chunk>, limits: ChunkLimits, config: ChunkingConfig): Generator<Chunk> {
  let count = 0;
  let characters = 0;
  for (const chunk of chunks) {
    if (++count > limits.chunks) {
      throw new StratumError(
        'too-large',
        `this config makes more than ${limits.chunks.toLocaleString('en')} chunks of the document, the most allowed for its ` +
          `length (one per ${CHUNK_LIMITS.documentCharactersPerChunk} characters of its text, at least ` +
          `${CHUNK_LIMITS.minChunks.toLocaleString('en')}): make the chunks larger (now ${sizeSettings(config)}) or use a ` +
          `strategy that merges small items`,
      );
    }
    characters += chunk.text.length + chunk.contextualizedText.length;
    if (characters > limits.chunkCharacters) {
      throw new StratumError(
        'too-large',
        `this config's chunks hold more than ${limits.chunkCharacters.toLocaleString('en')} characters of text, the most ` +
          `allowed for the document (${CHUNK_LIMITS.chunkCharactersPerDocumentCharacter} times its text, at least ` +
          `${CHUNK_LIMITS.minChunkCharacters.toLocaleString('en')}): repeat less of the text in the chunks, with an overlap ` +
          `further below the size (now ${sizeSettings(config)})`,
      );
    }
    yield chunk;
  }
}
