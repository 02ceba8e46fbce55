import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLlmCacheFolder, LlmDiskCache } from './disk-cache';
import type { ChatRequest } from './llm-client';

const identity = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };
const request = (text: string): ChatRequest => ({
  system: 's',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  maxOutputTokens: 10,
  temperature: 0,
});
const answer = (text: string) => ({ text, usage: { input: 1, output: 1, cachedInput: 0 } });

const folders: string[] = [];
afterEach(() => Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true }))));

async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'stratum-llm-disk-'));
  folders.push(path);
  return path;
}

describe('LLM disk cache', () => {
  it('keys an answer by provider, endpoint, model and the whole request', () => {
    const key = LlmDiskCache.keyOf(identity, request('a'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(LlmDiskCache.keyOf(identity, request('a'))).toBe(key);
    expect(LlmDiskCache.keyOf({ ...identity, model: 'n' }, request('a'))).not.toBe(key);
    expect(LlmDiskCache.keyOf({ ...identity, baseUrl: 'http://127.0.0.1:2/v1' }, request('a'))).not.toBe(key);
    expect(LlmDiskCache.keyOf(identity, { ...request('a'), temperature: 1 })).not.toBe(key);
  });

  it('stays within its size: the least recently used answers go first, and a hit renews an answer', async () => {
    const path = await folder();
    const entryBytes = JSON.stringify({ version: 1, ...answer('a0'.padEnd(60, '.')) }).length;
    // room for nine answers and a half
    const cache = new LlmDiskCache(path, Math.floor(9.5 * entryBytes));
    const keys = Array.from({ length: 12 }, (_, index) => LlmDiskCache.keyOf(identity, request(`q${index}`)));
    for (const [index, key] of keys.slice(0, 8).entries()) {
      await cache.set(key, answer(`a${index}`.padEnd(60, '.')));
      // one second apart, as written over time
      const time = new Date(Date.UTC(2026, 0, 1, 0, 0, index));
      await utimes(join(path, key.slice(0, 2), `${key}.json`), time, time);
    }
    expect(await cache.get(keys[0]!)).toEqual(answer('a0'.padEnd(60, '.')));
    for (const [index, key] of keys.slice(8).entries()) await cache.set(key, answer(`b${index}`.padEnd(60, '.')));
    const kept = await Promise.all(keys.map(async (key) => (await cache.get(key)) !== undefined));
    expect(kept[0]).toBe(true);
    expect(kept.slice(1, 4)).toEqual([false, false, false]);
    expect(kept.slice(8)).toEqual([true, true, true, true]);
    const files = (await readdir(path, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeLessThanOrEqual(9);
  });

  it('treats an unreadable file as a miss and removes it', async () => {
    const path = await folder();
    const cache = new LlmDiskCache(path);
    const key = LlmDiskCache.keyOf(identity, request('x'));
    await cache.set(key, answer('fine'));
    await writeFile(join(path, key.slice(0, 2), `${key}.json`), '{"version": 1, "text": 3');
    expect(await cache.get(key)).toBeUndefined();
    expect(await readdir(join(path, key.slice(0, 2)))).toEqual([]);
  });

  it('lives in STRATUM_LLM_CACHE_DIR, else the XDG cache folder', () => {
    expect(defaultLlmCacheFolder({ STRATUM_LLM_CACHE_DIR: '/tmp/c' })).toBe('/tmp/c');
    expect(defaultLlmCacheFolder({ XDG_CACHE_HOME: '/home/u/.cache-x' })).toBe('/home/u/.cache-x/stratum/llm');
  });
});
