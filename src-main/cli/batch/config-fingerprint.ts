import { createHash } from 'node:crypto';

/**
 * A hash of everything that decides a run's output besides the input's bytes: the resolved chunking
 * config, the output format and the flags that change the output. Keys are sorted, so the same
 * settings written in another order hash the same.
 */
export function configFingerprint(settings: unknown): string {
  return `sha256:${createHash('sha256').update(stableJson(settings)).digest('hex')}`;
}

export function contentHash(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
