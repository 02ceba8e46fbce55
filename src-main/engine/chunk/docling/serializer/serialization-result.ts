import type { DocItem } from '../../../ir/types';

/** What serializing a node gives: its text and the doc items it covers (unique, in order of first appearance). */
export interface SerializationResult {
  text: string;
  spans: DocItem[];
}

export const EMPTY_RESULT: SerializationResult = Object.freeze({ text: '', spans: [] }) as SerializationResult;

/** docling-core's `create_ser_result`: spans are the union of the sources' spans, deduplicated by self_ref. */
export function resultOf(text: string, sources: DocItem | readonly SerializationResult[]): SerializationResult {
  if (!Array.isArray(sources)) return { text, spans: [sources as DocItem] };
  return { text, spans: unionSpans(sources as readonly SerializationResult[]) };
}

function unionSpans(results: readonly SerializationResult[]): DocItem[] {
  const seen = new Set<string>();
  const spans: DocItem[] = [];
  for (const result of results) {
    for (const item of result.spans) {
      if (seen.has(item.self_ref)) continue;
      seen.add(item.self_ref);
      spans.push(item);
    }
  }
  return spans;
}

/** Joins the non-empty texts of `parts` with `separator`; spans of all parts. */
export function joinResults(parts: readonly SerializationResult[], separator: string): SerializationResult {
  const kept = parts.filter((p) => p.text !== '');
  return resultOf(kept.map((p) => p.text).join(separator), kept);
}
