/**
 * About how many bytes `value` takes in memory, for budgets of caches: strings by their length,
 * binary data by its bytes, objects and arrays by their entries plus a header. Each object is
 * counted once however often it is referred to; the walk uses a stack of its own, so that any depth
 * of nesting is measured. An estimate in the right order of magnitude, not a heap snapshot.
 */
export function approximateByteSize(value: unknown): number {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  let bytes = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') bytes += STRING_HEADER + next.length;
    else if (typeof next !== 'object' || next === null) bytes += SLOT;
    else if (seen.has(next)) bytes += SLOT;
    else {
      seen.add(next);
      if (ArrayBuffer.isView(next)) bytes += OBJECT_HEADER + next.byteLength;
      else if (Array.isArray(next)) {
        bytes += OBJECT_HEADER + SLOT * next.length;
        for (const item of next) pending.push(item);
      } else {
        const entries = Object.entries(next);
        bytes += OBJECT_HEADER + 2 * SLOT * entries.length;
        for (const [, item] of entries) pending.push(item);
      }
    }
  }
  return bytes;
}

const SLOT = 8;
const STRING_HEADER = 16;
const OBJECT_HEADER = 32;
