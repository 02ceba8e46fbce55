import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { StratumError } from '../../src-shared/errors';
import { writeFileAtomic } from '../base/atomic-write';

/** The part of Electron's `safeStorage` used here (tests pass a fake). */
export interface SafeStoragePort {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const storeSchema = z.record(z.string(), z.string());

/**
 * LLM API keys of the desktop app, encrypted by the system's keyring (Electron's safeStorage) in a
 * file of the user data folder: never in a config file, a preset, an export or a log. The window
 * can store, list (names only) and delete keys; only the main process reads them back, to hand them to
 * the workbench thread's runs (`all`).
 */
export class LlmKeyStore {
  private keys: Record<string, string> | undefined;

  constructor(
    private readonly storePath: string,
    private readonly safeStorage: SafeStoragePort,
  ) {}

  async set(name: string, key: string): Promise<void> {
    if (!this.safeStorage.isEncryptionAvailable()) {
      throw new StratumError('io', 'the system has no keyring to encrypt the key with: set it in an environment variable instead');
    }
    const keys = await this.load();
    keys[name] = this.safeStorage.encryptString(key).toString('base64');
    await this.save(keys);
  }

  async delete(name: string): Promise<void> {
    const keys = await this.load();
    if (!(name in keys)) return;
    delete keys[name];
    await this.save(keys);
  }

  async names(): Promise<string[]> {
    return Object.keys(await this.load()).sort();
  }

  /** The key stored under `name`, for the main process to hand to a run; never sent to the window. */
  async get(name: string): Promise<string | undefined> {
    const encrypted = (await this.load())[name];
    if (encrypted === undefined) return undefined;
    try {
      return this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
    } catch {
      throw new StratumError('io', `the key ${name} cannot be decrypted (the system keyring changed): store it again`);
    }
  }

  /**
   * Every stored key, decrypted, for the main process to hand to the workbench thread; the names of
   * those the keyring can no longer decrypt are listed apart, for the user to store again.
   */
  async all(): Promise<{ keys: Record<string, string>; undecryptable: string[] }> {
    const keys: Record<string, string> = {};
    const undecryptable: string[] = [];
    for (const name of await this.names()) {
      try {
        keys[name] = (await this.get(name))!;
      } catch {
        undecryptable.push(name);
      }
    }
    return { keys, undecryptable };
  }

  private async load(): Promise<Record<string, string>> {
    if (this.keys) return this.keys;
    try {
      const parsed = storeSchema.safeParse(JSON.parse(await readFile(this.storePath, 'utf8')));
      this.keys = parsed.success ? { ...parsed.data } : {};
    } catch {
      this.keys = {};
    }
    return this.keys;
  }

  private async save(keys: Record<string, string>): Promise<void> {
    await writeFileAtomic(this.storePath, JSON.stringify(keys, null, 2));
  }
}
