import { hash } from 'node:crypto';

/** Deterministic chunk id: the same document, config and span always give the same id. */
export function chunkId(docId: string, configHash: string, spanKey: string): string {
  return hash('sha256', `${docId}\u0000${configHash}\u0000${spanKey}`).slice(0, 16);
}

/** Short stable hash of a JSON-serialisable value with keys sorted, used for config hashes. */
export function stableHash(value: unknown): string {
  return hash('sha256', stableStringify(value)).slice(0, 16);
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
