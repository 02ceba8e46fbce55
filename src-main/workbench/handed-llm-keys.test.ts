import { afterEach, describe, expect, it } from 'vitest';
import { HandedLlmKeys } from './handed-llm-keys';

const VARIABLE = 'STRATUM_TEST_HANDED_KEY';
afterEach(() => {
  delete process.env[VARIABLE];
});

describe('HandedLlmKeys', () => {
  it('takes the key stored under the key name first, then the environment variable', async () => {
    process.env[VARIABLE] = 'sk-from-environment';
    const keys = new HandedLlmKeys({ [VARIABLE]: 'sk-stored', anthropic: 'sk-ant-stored' });
    expect(await keys.keyOf({ provider: 'openai-compatible', model: 'm', apiKeyEnv: VARIABLE })).toBe('sk-stored');
    // a pipeline that names no variable goes by its provider's name
    expect(await keys.keyOf({ provider: 'anthropic', model: 'm' })).toBe('sk-ant-stored');
    keys.replace({});
    expect(await keys.keyOf({ provider: 'openai-compatible', model: 'm', apiKeyEnv: VARIABLE })).toBe('sk-from-environment');
    expect(await keys.keyOf({ provider: 'anthropic', model: 'm' })).toBeUndefined();
  });

  it('a deleted key, with its variable unset, stops the run naming both ways to give it', async () => {
    const keys = new HandedLlmKeys({ [VARIABLE]: 'sk-stored' });
    keys.replace({});
    const unset = `llm.apiKeyEnv: the environment variable ${VARIABLE} is not set`;
    await expect(keys.keyOf({ provider: 'openai-compatible', model: 'm', apiKeyEnv: VARIABLE })).rejects.toThrow(
      `${unset}, and no key is stored under ${VARIABLE} (Store key… in the LLM settings)`,
    );
  });
});
