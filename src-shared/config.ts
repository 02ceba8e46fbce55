import { z } from 'zod';
import { NestingTooDeepError, parseBoundedJson, parseBoundedYaml } from './bounded-parse';
import { StratumError } from './errors';

/**
 * The chunking config: `{ strategy, tokenizer, maxTokens, ...the strategy's own options }`. The same
 * object is a config file (JSON or YAML), a GUI preset and the `config` of canonical JSON. The
 * strategy options are validated by the strategy's `optionsSchema` in the engine, which knows them.
 */
export const DEFAULT_STRATEGY = 'hybrid';
export const DEFAULT_TOKENIZER = 'hf:sentence-transformers/all-MiniLM-L6-v2';

const positiveInteger = z
  .number({ error: 'must be a positive integer' })
  .int({ error: 'must be a positive integer' })
  .positive({ error: 'must be a positive integer' });

const trueOrFalse = z.boolean({ error: 'must be true or false' });

const nonEmptyName = (what: string) => z.string({ error: `must be ${what}` }).min(1, { error: `must be ${what}` });

/** A config as a user writes it: every key optional, defaults apply later. */
export const configFileSchema = z.looseObject(
  {
    strategy: nonEmptyName('a strategy name').optional(),
    tokenizer: nonEmptyName('a tokenizer id').optional(),
    maxTokens: positiveInteger.optional(),
    /** Speaker notes and comments (the `notes` layer, which chunks leave out by default) chunked with the body. */
    includeNotes: trueOrFalse.optional(),
    /** The text inside pictures (labels of a diagram or chart) chunked after each picture: the default; false leaves it out, as Docling's chunkers do. */
    includePictureText: trueOrFalse.optional(),
  },
  { error: 'must be a mapping of config keys' },
);
export type ConfigFile = z.infer<typeof configFileSchema>;

/** A resolved config: defaults applied, strategy options validated. Canonical JSON records it; its hash goes into chunk ids. */
export const chunkingConfigSchema = z.looseObject({
  strategy: nonEmptyName('a strategy name'),
  tokenizer: nonEmptyName('a tokenizer id'),
  maxTokens: positiveInteger,
  /** recorded only when true, so that a config without it keeps its hash and chunk ids */
  includeNotes: z.literal(true).optional(),
  /** recorded only when false (picture text left out), for the same reason */
  includePictureText: z.literal(false).optional(),
});
export type ChunkingConfig = z.infer<typeof chunkingConfigSchema>;

/** The keys every config has; everything else belongs to the strategy. */
export const COMMON_CONFIG_KEYS = ['strategy', 'tokenizer', 'maxTokens', 'includeNotes', 'includePictureText'] as const;

/** The longest config file text read (a config is a few lines; presets are written by the app). */
export const MAX_CONFIG_TEXT_LENGTH = 1_000_000;

/** Reads a config file's text: JSON for `.json`, YAML otherwise (YAML also reads JSON). */
export function parseConfigText(text: string, fileName: string): ConfigFile {
  // An empty YAML file is an empty config, not an error.
  return validateConfigFile(parseConfigValue(text, fileName) ?? {});
}

/** A config or pipeline config file's text as a value, not yet validated; syntax errors name the file. */
export function parseConfigValue(text: string, fileName: string): unknown {
  const isJson = fileName.toLowerCase().endsWith('.json');
  try {
    return isJson ? parseBoundedJson(text) : parseBoundedYaml(text);
  } catch (error) {
    if (error instanceof NestingTooDeepError) throw new StratumError('invalid-config', `${fileName}: ${error.message}`);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StratumError('invalid-config', `${fileName}: not valid ${isJson ? 'JSON' : 'YAML'}: ${reason}`);
  }
}

export function validateConfigFile(value: unknown): ConfigFile {
  const result = configFileSchema.safeParse(value);
  if (!result.success) throw new StratumError('invalid-config', describeIssues(result.error));
  return result.data;
}

/**
 * Every issue as `<field path>: <message>` (e.g. `maxTokens: must be a positive integer`), joined by
 * `; `. A key a strict schema does not know is reported on its own path with `unknownKeyMessage`.
 */
export function describeIssues(error: z.ZodError, rootLabel = 'config', unknownKeyMessage = 'unknown key'): string {
  return error.issues
    .flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => `${[...issue.path, key].map(String).join('.')}: ${unknownKeyMessage}`)
        : [`${issue.path.map(String).join('.') || rootLabel}: ${issue.message}`],
    )
    .join('; ');
}
