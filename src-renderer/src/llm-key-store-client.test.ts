import { describe, expect, it } from 'vitest';
import { llmKeyStoreClient } from './llm-key-store-client';

describe('llmKeyStoreClient', () => {
  it('stores, lists and deletes through the bridge, and rejects with the host error', async () => {
    const sent: unknown[] = [];
    const names = new Set<string>();
    const client = llmKeyStoreClient({
      setLlmKey: async (request) => {
        sent.push(request);
        if (request.key.includes(' ')) return { ok: false, error: { code: 'bad-request', message: 'setLlmKey: key: must be a key' } };
        names.add(request.name);
        return { ok: true, value: null };
      },
      deleteLlmKey: async ({ name }) => ({ ok: true, value: names.delete(name) && null }),
      listLlmKeys: async () => ({ ok: true, value: [...names] }),
    });
    await client.store('OPENAI_API_KEY', 'sk-0123456789');
    await expect(client.store('anthropic', 'sk with space')).rejects.toMatchObject({
      name: 'ApiCallError',
      message: 'setLlmKey: key: must be a key',
    });
    expect(await client.names()).toEqual(['OPENAI_API_KEY']);
    await client.remove('OPENAI_API_KEY');
    expect(await client.names()).toEqual([]);
    expect(sent).toEqual([
      { name: 'OPENAI_API_KEY', key: 'sk-0123456789' },
      { name: 'anthropic', key: 'sk with space' },
    ]);
  });

  it('refuses a list that is not names', async () => {
    const client = llmKeyStoreClient({
      setLlmKey: async () => ({ ok: true, value: null }),
      deleteLlmKey: async () => ({ ok: true, value: null }),
      listLlmKeys: async () => ({ ok: true, value: [{ name: 'x', key: 'sk' }] }),
    });
    await expect(client.names()).rejects.toThrow('listLlmKeys: the host sent a malformed reply');
  });
});
