import type { PiiLabel, PiiMatch } from './pii-label';

/** Shorter values are left to the rules: two letters or digits recur everywhere. */
const MIN_LENGTH = 3;

/**
 * The values found anywhere in a document, looked for everywhere else in it: a name found after a
 * title in one chunk is the same name where it stands alone in another, in a heading or a table
 * cell. Values are indexed by their first two characters, so a text is read once whatever their
 * number; a value counts only where it is not part of a longer word or number.
 */
export class KnownValues {
  /** By a hash of their first two UTF-16 units (`prefixKey`; values that share one are told apart by `startsWith`). */
  private readonly byPrefix = new Map<number, Array<{ value: string; label: PiiLabel }>>();

  constructor(values: Iterable<{ value: string; label: PiiLabel }>) {
    for (const entry of values) {
      if (entry.value.length < MIN_LENGTH) continue;
      const prefix = prefixKey(entry.value, 0);
      const list = this.byPrefix.get(prefix) ?? [];
      if (!list.some((known) => known.value === entry.value)) list.push(entry);
      this.byPrefix.set(prefix, list);
    }
    for (const list of this.byPrefix.values()) list.sort((a, b) => b.value.length - a.value.length);
  }

  get size(): number {
    return this.byPrefix.size;
  }

  /** Every occurrence of a known value in `text`, longest first where two start together, disjoint. */
  find(text: string): PiiMatch[] {
    const found: PiiMatch[] = [];
    if (this.byPrefix.size === 0) return found;
    for (let index = 0; index + MIN_LENGTH <= text.length; index++) {
      const candidates = this.byPrefix.get(prefixKey(text, index));
      if (!candidates || isWordCharacter(text, index - 1)) continue;
      const hit = candidates.find(({ value }) => text.startsWith(value, index) && !isWordCharacter(text, index + value.length));
      if (!hit) continue;
      found.push({ label: hit.label, start: index, end: index + hit.value.length });
      index += hit.value.length - 1;
    }
    return found;
  }
}

/** Twenty bits of the two units: a small integer, which a Map looks up fastest. */
function prefixKey(text: string, index: number): number {
  return ((text.charCodeAt(index) & 0x3ff) << 10) | (text.charCodeAt(index + 1) & 0x3ff);
}

function isWordCharacter(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const unit = text.charCodeAt(index);
  if (unit < 128) return (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122);
  return /[\p{L}\p{N}]/u.test(text[index]!);
}
