import { describe, expect, it } from 'vitest';
import { keyNameOf } from './llm-key-name';

describe('keyNameOf', () => {
  it('names a pipeline key by its variable, else by its provider', () => {
    expect(keyNameOf({ provider: 'anthropic' })).toBe('anthropic');
    expect(keyNameOf({ provider: 'openai-compatible', apiKeyEnv: 'OPENAI_API_KEY' })).toBe('OPENAI_API_KEY');
  });
});
