import { z } from 'zod';
import { configFileSchema, describeIssues, parseConfigValue, type ConfigFile } from './config';
import { StratumError } from './errors';
import { handEditsSchema, type HandEdit } from './hand-edits';
import { isRecord } from './is-record';
import { apiKeyEnvSchema, maxConcurrencySchema, providerBaseUrlSchema, retriesSchema, timeoutSecondsSchema } from './provider-settings';

/**
 * The pipeline config: how a document is chunked and enriched, one file for the CLI
 * (`--pipeline-config`) and the workbench. A stable interface, read by outside checks:
 *
 * ```yaml
 * chunker: { strategy: semantic, maxTokens: 256 }   # any chunk config file, as is
 * enrich:                                           # steps in order: a name, or {name: options}
 *   - keywords
 *   - pii: { action: mask }
 * onError: continue                                 # or fail-fast (default)
 * llm: { provider: openai-compatible, baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1" }
 * embedding: { provider: openai-compatible, baseUrl: "http://127.0.0.1:11434/v1", model: "nomic-embed-text" }
 * edits:                                            # hand edits, applied after chunking (hand-edits.ts)
 *   - { kind: split, at: { offset: 1460 }, before: [results, are], after: [shown, in, table] }
 * ```
 *
 * A chunk config file on its own (no pipeline key at its top level) is a pipeline config without
 * steps. Step options are validated by each step's own schema in the engine, which knows them.
 */
export const PIPELINE_KEYS = ['chunker', 'enrich', 'onError', 'llm', 'embedding', 'edits'] as const;

export const ENRICHMENT_ERROR_MODES = ['fail-fast', 'continue'] as const;
export type EnrichmentErrorMode = (typeof ENRICHMENT_ERROR_MODES)[number];

const stepName = z.string({ error: 'must be a step name' }).min(1, { error: 'must be a step name' });

/** `keywords` or `{ pii: { action: mask } }`: a name alone, or a mapping of one name to its options. */
const stepEntrySchema = z.union(
  [
    stepName,
    z
      .record(stepName, z.unknown())
      .refine((entry) => Object.keys(entry).length === 1, { error: 'must be a step name or a mapping of one step name to its options' }),
  ],
  { error: 'must be a step name or a mapping of one step name to its options' },
);

/** A step as the engine resolves it: its name and its options as written (validated by the step). */
export interface EnrichStepEntry {
  name: string;
  options: unknown;
}

/** USD per million tokens; `cachedInput` is what a provider charges for input read from its prompt cache. */
const usdPerMillion = z
  .number({ error: 'must be a price in USD per million tokens' })
  .nonnegative({ error: 'must be a price in USD per million tokens' });
const modelPriceSchema = z.strictObject(
  {
    input: usdPerMillion,
    output: usdPerMillion,
    cachedInput: usdPerMillion.optional(),
  },
  { error: 'must be { input, output, cachedInput? } in USD per million tokens' },
);
export type ModelPrice = z.infer<typeof modelPriceSchema>;

export const LLM_PROVIDERS = ['openai-compatible', 'anthropic'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

export const llmConfigSchema = z.strictObject(
  {
    provider: z.enum(LLM_PROVIDERS, { error: 'must be openai-compatible or anthropic' }),
    /** Default: OpenAI's API for openai-compatible, Anthropic's for anthropic. */
    baseUrl: providerBaseUrlSchema.optional(),
    model: z.string({ error: 'must be a model name' }).min(1, { error: 'must be a model name' }),
    apiKeyEnv: apiKeyEnvSchema.optional(),
    maxConcurrency: maxConcurrencySchema.optional(),
    timeoutSeconds: timeoutSecondsSchema.optional(),
    retries: retriesSchema.optional(),
    /** The most tokens one answer may have. */
    maxOutputTokens: z.number().int().positive().max(100_000).optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** Prices by model name; a model without one has an unknown cost, never a guessed one. */
    prices: z.record(z.string().min(1), modelPriceSchema).optional(),
    /** Whether answers are kept in the disk cache and reused for the same request (default true). */
    cache: z.boolean().optional(),
  },
  { error: 'must be a mapping of llm settings' },
);
export type LlmConfig = z.infer<typeof llmConfigSchema>;

export const EMBEDDING_PROVIDERS = ['openai-compatible'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** The embedding provider (`POST {baseUrl}/embeddings`), for the steps that compare chunks by their vectors (`cross-doc`). */
export const embeddingConfigSchema = z.strictObject(
  {
    provider: z.enum(EMBEDDING_PROVIDERS, { error: 'must be openai-compatible' }),
    /** Default: OpenAI's API. */
    baseUrl: providerBaseUrlSchema.optional(),
    model: z.string({ error: 'must be a model name' }).min(1, { error: 'must be a model name' }),
    apiKeyEnv: apiKeyEnvSchema.optional(),
    /** Texts sent in one request. */
    batchSize: z.number().int().positive().max(2048).optional(),
    maxConcurrency: maxConcurrencySchema.optional(),
    timeoutSeconds: timeoutSecondsSchema.optional(),
    retries: retriesSchema.optional(),
    /** Whether vectors are kept in the disk cache and reused for the same text (default true). */
    cache: z.boolean().optional(),
  },
  { error: 'must be a mapping of embedding settings' },
);
export type EmbeddingConfig = z.infer<typeof embeddingConfigSchema>;

const pipelineFileSchema = z.strictObject(
  {
    chunker: configFileSchema.optional(),
    enrich: z.array(stepEntrySchema, { error: 'must be a list of steps' }).optional(),
    onError: z.enum(ENRICHMENT_ERROR_MODES, { error: `must be ${ENRICHMENT_ERROR_MODES.join(' or ')}` }).optional(),
    llm: llmConfigSchema.optional(),
    embedding: embeddingConfigSchema.optional(),
    edits: handEditsSchema.optional(),
  },
  { error: 'must be a mapping of pipeline keys' },
);

/** Steps the workbench sends in one pipeline: far more than any pipeline has (a step is listed once). */
export const MAX_ENRICH_STEPS = 32;

/** The enrichment part of a pipeline as the workbench holds and sends it: the steps, the error mode and the LLM (never its key). */
export const enrichmentSettingsSchema = z.object({
  enrich: z
    .array(z.object({ name: stepName, options: z.record(z.string(), z.unknown()) }))
    .max(MAX_ENRICH_STEPS)
    .refine((steps) => new Set(steps.map((step) => step.name)).size === steps.length, { error: 'a step is listed twice' }),
  onError: z.enum(ENRICHMENT_ERROR_MODES, { error: `must be ${ENRICHMENT_ERROR_MODES.join(' or ')}` }),
  llm: llmConfigSchema.optional(),
});
export type EnrichmentSettings = z.infer<typeof enrichmentSettingsSchema>;

export const NO_ENRICHMENT: EnrichmentSettings = { enrich: [], onError: 'fail-fast' };

/**
 * A pipeline as its config file holds it: the chunk config alone while there is nothing to enrich
 * and no hand edit (what `--config` reads too), else `{chunker, enrich, onError, edits}` with each
 * step written as a name alone when it has no options.
 */
export function pipelineFileOf(
  chunker: ConfigFile,
  settings: EnrichmentSettings,
  edits: readonly HandEdit[] = [],
): Record<string, unknown> {
  const withEdits = edits.length > 0 ? { edits } : {};
  if (settings.enrich.length === 0 && settings.onError === NO_ENRICHMENT.onError && !settings.llm) {
    return edits.length > 0 ? { chunker, ...withEdits } : chunker;
  }
  const enrich = settings.enrich.map(({ name, options }) => (Object.keys(options).length === 0 ? name : { [name]: options }));
  return { chunker, enrich, onError: settings.onError, ...(settings.llm ? { llm: settings.llm } : {}), ...withEdits };
}

/** The enrichment part of a pipeline config, as the workbench holds it; undefined for a chunk config alone. */
export function enrichmentSettingsOf(pipeline: PipelineConfig): EnrichmentSettings | undefined {
  if (pipeline.enrich.length === 0 && pipeline.onError === NO_ENRICHMENT.onError && !pipeline.llm) return undefined;
  return {
    enrich: pipeline.enrich.map(({ name, options }) => ({ name, options: isRecord(options) ? options : {} })),
    onError: pipeline.onError,
    ...(pipeline.llm ? { llm: pipeline.llm } : {}),
  };
}

export interface PipelineConfig {
  chunker: ConfigFile;
  enrich: EnrichStepEntry[];
  onError: EnrichmentErrorMode;
  llm?: LlmConfig;
  embedding?: EmbeddingConfig;
  /** hand edits, in the order they apply; absent without any */
  edits?: HandEdit[];
}

/** Reads a pipeline config file's text (JSON for `.json`, YAML otherwise). */
export function parsePipelineConfigText(text: string, fileName: string): PipelineConfig {
  return validatePipelineConfig(parseConfigValue(text, fileName) ?? {});
}

export function validatePipelineConfig(value: unknown): PipelineConfig {
  const keys = isRecord(value) ? Object.keys(value) : [];
  const isChunkerOnly = isRecord(value) && !keys.some((key) => (PIPELINE_KEYS as readonly string[]).includes(key));
  for (const block of ['llm', 'embedding']) {
    if (isRecord(value) && 'apiKey' in (isRecord(value[block]) ? value[block] : {})) {
      const message = `${block}.apiKey: a key is never written in a config file; name its variable with ${block}.apiKeyEnv`;
      throw new StratumError('invalid-config', message);
    }
  }
  const result = pipelineFileSchema.safeParse(isChunkerOnly ? { chunker: value } : value);
  if (!result.success) {
    throw new StratumError(
      'invalid-config',
      describeIssues(result.error, 'pipeline config', 'unknown key (chunker options go under chunker:)'),
    );
  }
  const { chunker = {}, enrich = [], onError = 'fail-fast', llm, embedding, edits = [] } = result.data;
  const steps = enrich.map((entry): EnrichStepEntry => {
    if (typeof entry === 'string') return { name: entry, options: {} };
    const [[name, options]] = Object.entries(entry) as [[string, unknown]];
    return { name, options: options ?? {} };
  });
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.name)) throw new StratumError('invalid-config', `enrich: the step "${step.name}" is listed twice`);
    seen.add(step.name);
  }
  return {
    chunker,
    enrich: steps,
    onError,
    ...(llm ? { llm } : {}),
    ...(embedding ? { embedding } : {}),
    ...(edits.length > 0 ? { edits } : {}),
  };
}
