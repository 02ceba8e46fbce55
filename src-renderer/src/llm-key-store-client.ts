import { ApiCallError, unwrapApiResult } from '../../src-shared/api-result';
import type { DesktopBridge } from '../../src-shared/desktop-bridge';

/** The desktop app's LLM key store as the window may use it: store, list names, delete. A key never comes back. */
export interface LlmKeyStoreClient {
  names(): Promise<string[]>;
  store(name: string, key: string): Promise<void>;
  remove(name: string): Promise<void>;
}

export function llmKeyStoreClient(bridge: Pick<DesktopBridge, 'setLlmKey' | 'deleteLlmKey' | 'listLlmKeys'>): LlmKeyStoreClient {
  return {
    async names() {
      const names = unwrapApiResult('listLlmKeys', await bridge.listLlmKeys());
      if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
        throw new ApiCallError('internal', 'listLlmKeys: the host sent a malformed reply');
      }
      return names;
    },
    async store(name, key) {
      unwrapApiResult('setLlmKey', await bridge.setLlmKey({ name, key }));
    },
    async remove(name) {
      unwrapApiResult('deleteLlmKey', await bridge.deleteLlmKey({ name }));
    },
  };
}
