import { isStratumError, StratumError } from '../../src-shared/errors';
import { keyNameOf } from '../../src-shared/llm-key-name';
import type { LlmConfig } from '../../src-shared/pipeline-config';
import { apiKeyFromEnvironment } from '../engine/llm/create-llm-session';
import { defaultLlmCacheFolder } from '../engine/llm/disk-cache';
import type { WorkbenchLlmAccess } from './llm-access';

/** LLM keys by name (`keyNameOf`), as the host hands them to its workbench thread. */
export type LlmKeysByName = Readonly<Record<string, string>>;

/**
 * The desktop app's LLM access: the keys its key store holds, handed over by the main process at the
 * thread's start and after every change (`replace`). A run takes the key stored under the pipeline's
 * key name first, else the environment variable `apiKeyEnv` names, as in browser mode.
 */
export class HandedLlmKeys implements WorkbenchLlmAccess {
  private keys: ReadonlyMap<string, string>;

  constructor(keys: LlmKeysByName = {}) {
    this.keys = new Map(Object.entries(keys));
  }

  /** The store's whole content: a key deleted there is gone here too. */
  replace(keys: LlmKeysByName): void {
    this.keys = new Map(Object.entries(keys));
  }

  async keyOf(config: Pick<LlmConfig, 'provider' | 'apiKeyEnv'> & Partial<LlmConfig>): Promise<string | undefined> {
    const name = keyNameOf(config);
    const stored = this.keys.get(name);
    if (stored !== undefined) return stored;
    try {
      return apiKeyFromEnvironment(config);
    } catch (error) {
      // the desktop user has a second way to give the key: say so
      if (!isStratumError(error)) throw error;
      throw new StratumError(error.code, `${error.message}, and no key is stored under ${name} (Store key… in the LLM settings)`);
    }
  }

  cacheFolder(): string {
    return defaultLlmCacheFolder();
  }
}
