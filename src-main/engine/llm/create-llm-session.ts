import { StratumError } from '../../../src-shared/errors';
import type { LlmConfig } from '../../../src-shared/pipeline-config';
import { anthropicClient } from './anthropic';
import { LlmDiskCache } from './disk-cache';
import type { LlmClient } from './llm-client';
import { LlmSession } from './llm-session';
import { openAiCompatibleClient } from './openai-compatible';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_SECONDS = 120;
const DEFAULT_MAX_OUTPUT_TOKENS = 512;
/** The same prompt gives the same answer as nearly as the provider allows, and the cache stays truthful. */
const DEFAULT_TEMPERATURE = 0;

/** What a host adds to a pipeline's `llm` block: the key it holds and where answers are cached. */
export interface LlmAccess {
  config: LlmConfig;
  /** From the environment variable `config.apiKeyEnv` (CLI, browser mode) or the desktop's key store. */
  apiKey?: string;
  /** The disk cache's folder; none: answers are not cached on disk. */
  cacheFolder?: string;
}

/**
 * The key a CLI or browser-mode run uses: the environment variable the config's `block` (`llm`,
 * `embedding`) names, which must then be set.
 */
export function apiKeyFromEnvironment(
  config: { apiKeyEnv?: string },
  block: 'llm' | 'embedding' | 'rerank' = 'llm',
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (config.apiKeyEnv === undefined) return undefined;
  const key = env[config.apiKeyEnv];
  if (!key) throw new StratumError('invalid-config', `${block}.apiKeyEnv: the environment variable ${config.apiKeyEnv} is not set`);
  return key;
}

export function createLlmSession(access: LlmAccess, mode: 'send' | 'estimate', retry: Partial<RetryPolicy> = {}): LlmSession {
  const { config, apiKey } = access;
  const timeoutMs = (config.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const settings = { baseUrl: config.baseUrl, model: config.model, apiKey, timeoutMs };
  const client: LlmClient = config.provider === 'anthropic' ? anthropicClient(settings) : openAiCompatibleClient(settings);
  const useCache = (config.cache ?? true) && access.cacheFolder !== undefined;
  return new LlmSession({
    client,
    mode,
    concurrency: config.maxConcurrency ?? DEFAULT_CONCURRENCY,
    retry: { ...DEFAULT_RETRY_POLICY, ...(config.retries === undefined ? {} : { retries: config.retries }), ...retry },
    cache: useCache ? new LlmDiskCache(access.cacheFolder!) : undefined,
    price: config.prices?.[config.model],
    maxOutputTokens: config.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    temperature: config.temperature ?? DEFAULT_TEMPERATURE,
    secret: apiKey,
  });
}
