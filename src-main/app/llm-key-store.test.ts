import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyNameOf, LlmKeyStore, type SafeStoragePort } from './llm-key-store';

/** A stand-in for the system keyring: reverses and base64-encodes, so the stored text is not the key. */
const fakeSafeStorage = (available = true): SafeStoragePort => ({
  isEncryptionAvailable: () => available,
  encryptString: (text) => Buffer.from(Buffer.from([...text].reverse().join('')).toString('base64')),
  decryptString: (encrypted) => [...Buffer.from(encrypted.toString(), 'base64').toString()].reverse().join(''),
});

const folders: string[] = [];
afterEach(() => Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true }))));

async function storePath(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'stratum-keys-'));
  folders.push(folder);
  return join(folder, 'llm-keys.json');
}

describe('LlmKeyStore', () => {
  it('keeps keys encrypted on disk, lists their names, gives them back to the main process and forgets them', async () => {
    const path = await storePath();
    const key = 'sk-ant-0123456789abcdef';
    await new LlmKeyStore(path, fakeSafeStorage()).set('ANTHROPIC_API_KEY', key);
    expect(await readFile(path, 'utf8')).not.toContain(key);
    const reopened = new LlmKeyStore(path, fakeSafeStorage());
    expect(await reopened.names()).toEqual(['ANTHROPIC_API_KEY']);
    expect(await reopened.get('ANTHROPIC_API_KEY')).toBe(key);
    await reopened.delete('ANTHROPIC_API_KEY');
    expect(await new LlmKeyStore(path, fakeSafeStorage()).names()).toEqual([]);
  });

  it('refuses to store a key without a system keyring, and names a pipeline key by its variable or provider', async () => {
    await expect(new LlmKeyStore(await storePath(), fakeSafeStorage(false)).set('K', 'secret')).rejects.toThrow(
      'the system has no keyring to encrypt the key with: set it in an environment variable instead',
    );
    expect(keyNameOf({ provider: 'anthropic', model: 'm' })).toBe('anthropic');
    expect(keyNameOf({ provider: 'openai-compatible', model: 'm', apiKeyEnv: 'OPENAI_API_KEY' })).toBe('OPENAI_API_KEY');
  });
});
