import type { LlmConfig } from '../../src-shared/pipeline-config';

/**
 * Where a run's LLM, embedding and rerank keys and its disk cache come from: the host's (the desktop's
 * key store; the environment in browser mode).
 */
export interface WorkbenchLlmAccess {
  /** The key of a provider, only asked for when a run may send; never sent to the renderer. */
  keyOf(config: Pick<LlmConfig, 'provider' | 'apiKeyEnv'> & Partial<LlmConfig>): Promise<string | undefined>;
  cacheFolder(): string;
}
