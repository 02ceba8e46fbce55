import { utf16Offsets } from '../engine/text/code-points';

/** A `chunk.enrichments.pii` span: `[start, end)` in code points of the chunk text as exported. */
export interface PiiSpanOfChunk {
  label: string;
  start: number;
  end: number;
  /** the value, with `action: keep` only */
  text?: string;
}

export interface PiiValue {
  label: string;
  text: string;
}

/**
 * The personal data of one chunk as its text read before the `pii` step, for the document view to
 * mark. Kept values carry their text; a masked or dropped one is found between the unchanged text
 * around its placeholder: `original` is `masked` with each placeholder replaced by its value, so the
 * text before the first span and after the last one is the same in both, and each value ends where
 * the unchanged text after it next appears. A value that cannot be told apart (two values with
 * nothing between them) is left out, and so is every value after it: marking is for the eye, and a
 * wrong mark is worse than none.
 */
export function piiValuesOfChunk(original: string, masked: string, spans: readonly PiiSpanOfChunk[]): PiiValue[] {
  const kept = spans.filter((span) => span.text !== undefined).map((span) => ({ label: span.label, text: span.text! }));
  if (kept.length === spans.length) return kept;
  const toUtf16 = utf16Offsets(masked);
  const ordered = [...spans]
    .sort((a, b) => a.start - b.start)
    .map((span) => ({ ...span, start: toUtf16(span.start), end: toUtf16(span.end) }));
  const values: PiiValue[] = [];
  let maskedAt = 0;
  let originalAt = 0;
  for (const [index, span] of ordered.entries()) {
    if (masked.slice(maskedAt, span.start) !== original.slice(originalAt, originalAt + span.start - maskedAt)) break;
    const valueStart = originalAt + span.start - maskedAt;
    const next = ordered[index + 1];
    const after = masked.slice(span.end, next ? next.start : masked.length);
    let valueEnd: number;
    if (!next) valueEnd = original.endsWith(after) ? original.length - after.length : -1;
    else if (after === '') break;
    else valueEnd = original.indexOf(after, valueStart + 1);
    if (valueEnd <= valueStart) break;
    values.push({ label: span.label, text: original.slice(valueStart, valueEnd) });
    maskedAt = span.end;
    originalAt = valueEnd;
  }
  return values;
}

/** Each value once, by label and text, in the order first found. */
export function distinctPiiValues(values: Iterable<PiiValue>): PiiValue[] {
  const seen = new Map<string, PiiValue>();
  for (const value of values) {
    const text = value.text.trim();
    if (text === '') continue;
    const key = `${value.label}\u0000${text}`;
    if (!seen.has(key)) seen.set(key, { label: value.label, text });
  }
  return [...seen.values()];
}
