import type { ChunkConfig } from '../../src-shared/api';

/** The config with one option set, or without it (back to its default) when the value is empty. */
export function withOption(config: ChunkConfig, key: string, value: unknown): ChunkConfig {
  const next: ChunkConfig = { ...config };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** Another strategy: tokenizer and size are kept, the options of the old strategy are dropped, so the new one's start from their defaults. */
export function withStrategy(config: ChunkConfig, strategy: string): ChunkConfig {
  const next: ChunkConfig = { strategy };
  if (config.tokenizer !== undefined) next.tokenizer = config.tokenizer;
  if (config.maxTokens !== undefined) next.maxTokens = config.maxTokens;
  return next;
}
