import { hash } from 'node:crypto';
import { LeastRecentlyUsedCache } from '../pipeline-cache';

/** Entries kept: a few runs of a long document under every offline step. */
const DEFAULT_CAPACITY = 200_000;

/**
 * Per-chunk results of enrichment steps, kept across runs: a re-chunk after an edit reuses every
 * result whose (step, version, options, chunk text) it has seen. One cache serves every document;
 * the least recently used entries go first.
 */
export class EnrichmentCache {
  private readonly entries: LeastRecentlyUsedCache<string, unknown>;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.entries = new LeastRecentlyUsedCache(capacity);
  }

  get(key: string): unknown {
    return this.entries.get(key);
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, value);
  }

  /** The cached value under `key`, or `compute()` stored under it; `hit` says which. */
  getOrCompute<T>(key: string, compute: () => T): { value: T; hit: boolean } {
    const cached = this.entries.get(key);
    // A key names the step and its version, so what is stored under it is what that step's memo computed: a T.
    if (cached !== undefined) return { value: cached as T, hit: true };
    const value = compute();
    this.entries.set(key, value);
    return { value, hit: false };
  }
}

/** The part of a cache key that stands for one chunk's content. */
export function contentHash(text: string): string {
  return hash('sha256', text).slice(0, 24);
}
