import { hash } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../base/atomic-write';
import { stableStringify } from '../chunk/chunk-id';
import { isRecord } from '../../../src-shared/is-record';
import type { ChatRequest, ChatResponse } from './llm-client';

/** Room enough for a few hundred thousand answers. */
export const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;
/** Evicting down to this share of the budget leaves room for a while before the next eviction. */
const EVICT_TO_SHARE = 0.8;
const ENTRY_VERSION = 1;

const answerSchema = z.object({
  text: z.string(),
  usage: z.object({ input: z.number(), output: z.number(), cachedInput: z.number() }),
});

/** Who answers: the cache never mixes answers of two providers, endpoints or models. */
export interface CacheIdentity {
  provider: string;
  baseUrl: string;
  model: string;
}

/**
 * Values kept on disk as JSON, one file each, named by a key the caller hashes. Bounded: past
 * `maxBytes`, the least recently used files go (a hit renews a file's time). Files are written
 * atomically; one that cannot be read, or does not match `schema`, is a miss.
 */
export class JsonDiskCache<T extends object> {
  private knownBytes: number | undefined;

  constructor(
    readonly folder: string,
    private readonly schema: z.ZodType<T>,
    private readonly maxBytes = DEFAULT_CACHE_MAX_BYTES,
  ) {}

  async get(key: string): Promise<T | undefined> {
    const path = this.pathOf(key);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
    const entry = safeJson(text);
    const parsed = this.schema.safeParse(entry);
    if (!parsed.success || !isRecord(entry) || entry['version'] !== ENTRY_VERSION) {
      await rm(path, { force: true }).catch(() => undefined);
      return undefined;
    }
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return parsed.data;
  }

  async set(key: string, value: T): Promise<void> {
    const content = JSON.stringify({ version: ENTRY_VERSION, ...value });
    await writeFileAtomic(this.pathOf(key), content);
    this.knownBytes = (this.knownBytes ?? (await this.measure()).reduce((sum, file) => sum + file.size, 0)) + content.length;
    if (this.knownBytes > this.maxBytes) await this.evict();
  }

  private pathOf(key: string): string {
    return join(this.folder, key.slice(0, 2), `${key}.json`);
  }

  private async evict(): Promise<void> {
    const files = (await this.measure()).sort((a, b) => a.modified - b.modified);
    let total = files.reduce((sum, file) => sum + file.size, 0);
    for (const file of files) {
      if (total <= this.maxBytes * EVICT_TO_SHARE) break;
      await rm(file.path, { force: true }).catch(() => undefined);
      total -= file.size;
    }
    this.knownBytes = total;
  }

  private async measure(): Promise<Array<{ path: string; size: number; modified: number }>> {
    const files: Array<{ path: string; size: number; modified: number }> = [];
    const shards = await readdir(this.folder).catch(() => [] as string[]);
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(join(this.folder, shard)).catch(() => [] as string[])) {
        if (!name.endsWith('.json')) continue;
        const path = join(this.folder, shard, name);
        const stats = await stat(path).catch(() => undefined);
        if (stats) files.push({ path, size: stats.size, modified: stats.mtimeMs });
      }
    }
    return files;
  }
}

/**
 * Answers kept on disk, one file per request, named by the hash of (provider, base URL, model, the
 * whole request): the same request is never sent twice. Holds answers and their token usage, never
 * a key (a key is no part of a request).
 */
export class LlmDiskCache extends JsonDiskCache<ChatResponse> {
  constructor(folder: string, maxBytes = DEFAULT_CACHE_MAX_BYTES) {
    super(folder, answerSchema, maxBytes);
  }

  static keyOf(identity: CacheIdentity, request: ChatRequest): string {
    const { provider, baseUrl, model } = identity;
    return hash('sha256', stableStringify({ provider, baseUrl, model, request }));
  }
}

/** `STRATUM_LLM_CACHE_DIR`, else `$XDG_CACHE_HOME/stratum/llm`, else `~/.cache/stratum/llm`. */
export function defaultLlmCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env['STRATUM_LLM_CACHE_DIR']) return env['STRATUM_LLM_CACHE_DIR'];
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'stratum', 'llm');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
