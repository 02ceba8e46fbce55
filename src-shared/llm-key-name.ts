import type { LlmConfig } from './pipeline-config';

/**
 * The name a pipeline's LLM key goes by: its `apiKeyEnv`, else its provider. The desktop app stores
 * the key under this name, a run looks it up by it, and the window shows it (never the key).
 */
export function keyNameOf(config: Pick<LlmConfig, 'provider' | 'apiKeyEnv'>): string {
  return config.apiKeyEnv ?? config.provider;
}
