import { createHash } from 'node:crypto';
import { UsageError } from '../cli-io';

/** `--shard i/n`: this run takes the inputs whose path hashes to `i` of `n` (0 <= i < n). */
export interface Shard {
  index: number;
  count: number;
}

/** Enough for any orchestrator's array of jobs, and small enough that a typo is caught. */
const MAX_SHARDS = 100_000;

export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > MAX_SHARDS || index >= count) {
    throw new UsageError(`--shard must be i/n with 0 <= i < n <= ${MAX_SHARDS} (got "${value}")`);
  }
  return { index, count };
}

/**
 * Whether an input belongs to a shard: by a hash of the path the run names it by (the argument as
 * given plus the path inside a given folder), so every job of an array, given the same arguments,
 * splits the same list the same way, and the shards together are exactly the whole list.
 */
export function inShard(displayPath: string, shard: Shard): boolean {
  const digest = createHash('sha256').update(displayPath).digest();
  return digest.readUInt32BE(0) % shard.count === shard.index;
}
