import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmKeyStore, type SafeStoragePort } from './llm-key-store';

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

  it('refuses to store a key without a system keyring', async () => {
    await expect(new LlmKeyStore(await storePath(), fakeSafeStorage(false)).set('K', 'secret')).rejects.toThrow(
      'the system has no keyring to encrypt the key with: set it in an environment variable instead',
    );
  });

  it('gives every key back for the workbench thread, and names apart those the keyring no longer decrypts', async () => {
    const path = await storePath();
    const store = new LlmKeyStore(path, fakeSafeStorage());
    await store.set('OPENAI_API_KEY', 'sk-open-0123456789');
    await store.set('anthropic', 'sk-ant-0123456789');
    expect(await store.all()).toEqual({
      keys: { OPENAI_API_KEY: 'sk-open-0123456789', anthropic: 'sk-ant-0123456789' },
      undecryptable: [],
    });
    const changedKeyring: SafeStoragePort = {
      ...fakeSafeStorage(),
      decryptString: (encrypted) => {
        if (encrypted.toString().length > 20) throw new Error('cannot decrypt');
        return fakeSafeStorage().decryptString(encrypted);
      },
    };
    await store.set('SHORT', 'sk-1');
    expect(await new LlmKeyStore(path, changedKeyring).all()).toEqual({
      keys: { SHORT: 'sk-1' },
      undecryptable: ['OPENAI_API_KEY', 'anthropic'],
    });
  });
});
