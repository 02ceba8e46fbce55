import type { ConfigFile } from '../../src-shared/config';

/** The config with one option set, or without it (back to its default) when the value is empty. */
export function withOption(config: ConfigFile, key: string, value: unknown): ConfigFile {
  const next: ConfigFile = { ...config };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Another strategy: tokenizer, size and whether notes and picture text are chunked are kept, the options of the old
 * strategy are dropped, so the new one's start from their defaults.
 */
export function withStrategy(config: ConfigFile, strategy: string): ConfigFile {
  const next: ConfigFile = { strategy };
  if (config.tokenizer !== undefined) next.tokenizer = config.tokenizer;
  if (config.maxTokens !== undefined) next.maxTokens = config.maxTokens;
  if (config.includeNotes !== undefined) next.includeNotes = config.includeNotes;
  if (config.includePictureText !== undefined) next.includePictureText = config.includePictureText;
  return next;
}
