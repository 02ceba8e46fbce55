import type { Chunk } from '../../src-shared/chunk';
import {
  COMMON_CONFIG_KEYS,
  DEFAULT_STRATEGY,
  DEFAULT_TOKENIZER,
  describeIssues,
  validateConfigFile,
  type ChunkingConfig,
} from '../../src-shared/config';
import { StratumError } from '../../src-shared/errors';
import { isRecord } from '../../src-shared/is-record';
import { stableHash } from './chunk/chunk-id';
import { withNotesInBody } from './ir/notes-in-body';
import { withPictureTextInBody } from './ir/picture-text-in-body';
import { chunkLimitsFor, withinChunkLimits } from './chunk-limits';
import { strategyByName } from './chunk/registry';
import type { ChunkingContext } from './chunk/strategy';
import { tokenizerById } from './tokenize/registry';
import type { Tokenizer } from './tokenize/tokenizer';

/** A config checked against its strategy, with everything a chunking run needs. */
export interface ResolvedChunkingConfig {
  /** Defaults applied and options as the strategy parsed them: what canonical JSON records. */
  config: ChunkingConfig;
  /** `stableHash(config)`: part of every chunk id. */
  configHash: string;
  /** The tokens the strategy keeps its embedded chunks to (its size setting's), else `maxTokens`: what the lint judges against. */
  tokenLimit: number;
  tokenizer: Tokenizer;
  /** Runs the strategy with its parsed options, within the chunk limits (every host chunks through here). */
  chunk(context: ChunkingContext): Iterable<Chunk>;
}

/**
 * Validates a config (file contents, preset or CLI flags merged over a file): the common keys here,
 * the rest with the strategy's own `optionsSchema`. Keys the strategy does not know are an error, so a
 * misspelt option never silently falls back to its default.
 */
export function resolveChunkingConfig(input: unknown): ResolvedChunkingConfig {
  const file = validateConfigFile(input);
  const strategy = strategyByName(file.strategy ?? DEFAULT_STRATEGY);
  const tokenizer = tokenizerById(file.tokenizer ?? DEFAULT_TOKENIZER);
  const rawOptions = Object.fromEntries(Object.entries(file).filter(([key]) => !(COMMON_CONFIG_KEYS as readonly string[]).includes(key)));
  const unknownOption = `not an option of strategy "${strategy.name}"`;
  const parsed = strategy.optionsSchema.safeParse(rawOptions);
  if (!parsed.success) throw new StratumError('invalid-config', describeIssues(parsed.error, 'config', unknownOption));
  const options: unknown = parsed.data;
  const optionValues = isRecord(options) ? options : {};
  // A non-strict options schema drops unknown keys silently; they are reported the same way.
  const unknownKeys = Object.keys(rawOptions).filter((key) => !(key in optionValues));
  if (unknownKeys.length > 0) {
    throw new StratumError('invalid-config', unknownKeys.map((key) => `${key}: ${unknownOption}`).join('; '));
  }
  const config: ChunkingConfig = {
    strategy: strategy.name,
    tokenizer: tokenizer.id,
    maxTokens: file.maxTokens ?? tokenizer.defaultMaxTokens,
    ...(file.includeNotes === true ? { includeNotes: true as const } : {}),
    ...(file.includePictureText === false ? { includePictureText: false as const } : {}),
    ...optionValues,
  };
  return {
    config,
    configHash: stableHash(config),
    tokenLimit: strategy.size?.tokenLimit(parsed.data, config.maxTokens) ?? config.maxTokens,
    tokenizer,
    chunk: (context) => {
      const withNotes = config.includeNotes ? withNotesInBody(context.doc) : context.doc;
      const doc = config.includePictureText === false ? withNotes : withPictureTextInBody(withNotes);
      const chunked = doc === context.doc ? context : { ...context, doc };
      return withinChunkLimits(strategy.chunk(chunked, parsed.data), chunkLimitsFor(chunked.doc), config);
    },
  };
}
