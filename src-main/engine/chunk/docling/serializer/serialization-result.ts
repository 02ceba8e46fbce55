import type { DocItem, TableCell } from '../../../ir/types';

/**
 * Where a stretch of serialized text came from: `text.slice(at, at + length)` is the item's
 * `text.slice(start, start + itemLength)`, one to one when `itemLength` is absent; without `start`,
 * the stretch stands for the whole item (or cell). With `cell`, the text is that cell's of the
 * table `ref`. A `context` stretch repeats what the chunk holds as context, not as its own (a table
 * header repeated over its rows). What no origin covers (markers, emphasis, pipes, joins) the
 * serializer added.
 */
export interface TextOrigin {
  at: number;
  length: number;
  ref: string;
  start?: number;
  itemLength?: number;
  cell?: TableCell;
  context?: boolean;
}

/** What serializing a node gives: its text and the doc items it covers (unique, in order of first appearance). */
export interface SerializationResult {
  text: string;
  spans: DocItem[];
  /** Where the stretches of `text` came from; absent, every item of `spans` stands behind all of it. Never mutated, so shared. */
  origins?: readonly TextOrigin[];
}

export const EMPTY_RESULT: SerializationResult = Object.freeze({ text: '', spans: [], origins: [] }) as SerializationResult;

/** docling-core's `create_ser_result`: spans are the union of the sources' spans, deduplicated by self_ref. */
export function resultOf(
  text: string,
  sources: DocItem | readonly SerializationResult[],
  origins?: readonly TextOrigin[],
): SerializationResult {
  if (!Array.isArray(sources)) return origins ? { text, spans: [sources as DocItem], origins } : { text, spans: [sources as DocItem] };
  const spans = unionSpans(sources as readonly SerializationResult[]);
  return origins ? { text, spans, origins } : { text, spans };
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

/** Joins the non-empty texts of `parts` with `separator`; spans and origins of all parts. */
export function joinResults(parts: readonly SerializationResult[], separator: string): SerializationResult {
  const kept = parts.filter((p) => p.text !== '');
  return resultOf(kept.map((p) => p.text).join(separator), kept, joinedOrigins(kept, separator));
}

/** The origins of `parts` joined with `separator` (each part's prefixed by its entry of `prefixes`, if any). */
export function joinedOrigins(
  parts: readonly SerializationResult[],
  separator: string,
  prefixes?: readonly string[],
): readonly TextOrigin[] {
  if (parts.length === 1 && !prefixes?.[0]) return originsOf(parts[0]!);
  const origins: TextOrigin[] = [];
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += separator.length;
    at += prefixes?.[i]?.length ?? 0;
    for (const origin of originsOf(part)) origins.push(movedOrigin(origin, origin.at + at));
    at += part.text.length;
  });
  return origins;
}

/** `origin` at `at`: a literal of one shape rather than a spread, which V8 copies slowly (this runs per item of every merged chunk). */
function movedOrigin(origin: TextOrigin, at: number): TextOrigin {
  const moved: TextOrigin = { at, length: origin.length, ref: origin.ref };
  if (origin.start !== undefined) moved.start = origin.start;
  if (origin.itemLength !== undefined) moved.itemLength = origin.itemLength;
  if (origin.cell) moved.cell = origin.cell;
  if (origin.context) moved.context = true;
  return moved;
}

/** A result's origins; without its own, each of its items stands behind all of its text. */
export function originsOf(result: SerializationResult): readonly TextOrigin[] {
  if (result.origins) return result.origins;
  return result.spans.map((item) => ({ at: 0, length: result.text.length, ref: item.self_ref }));
}

/** Origins moved `offset` characters further into a text. */
export function shiftOrigins(origins: readonly TextOrigin[], offset: number): readonly TextOrigin[] {
  return offset === 0 ? origins : origins.map((origin) => movedOrigin(origin, origin.at + offset));
}

/** The origins of `text.slice(from, to)`, relative to it: stretches cut one to one, the others kept whole. */
export function sliceOrigins(origins: readonly TextOrigin[], from: number, to: number): TextOrigin[] {
  const sliced: TextOrigin[] = [];
  for (const origin of origins) {
    const start = Math.max(from, origin.at);
    const end = Math.min(to, origin.at + origin.length);
    if (start >= end) continue;
    if (origin.start === undefined || origin.itemLength !== undefined) {
      sliced.push({ ...origin, at: start - from, length: end - start });
    } else {
      const piece: TextOrigin = { at: start - from, length: end - start, ref: origin.ref, start: origin.start + (start - origin.at) };
      if (origin.cell) piece.cell = origin.cell;
      if (origin.context) piece.context = true;
      sliced.push(piece);
    }
  }
  return sliced;
}

/** A table cell's text shown at `at` as `shown` (the cell's text stripped): one to one where the cell reads so, else the cell whole. */
export function cellOrigin(table: DocItem, cell: TableCell, shown: string, at: number, context: boolean): TextOrigin {
  const lead = cell.text.length - cell.text.trimStart().length;
  const origin: TextOrigin = { at, length: shown.length, ref: table.self_ref, cell };
  if (cell.text.startsWith(shown, lead)) origin.start = lead;
  if (context) origin.context = true;
  return origin;
}

/**
 * The origins of a rich cell's text, written at `at` as `shown` (its `raw` text stripped): the
 * nested items' origins where `shown` is read in `raw` as it is, else each nested item whole.
 */
export function nestedCellOrigins(origins: readonly TextOrigin[], raw: string, shown: string, at: number, context: boolean): TextOrigin[] {
  const lead = raw.indexOf(shown);
  const placed =
    lead >= 0
      ? shiftOrigins(sliceOrigins(origins, lead, lead + shown.length), at)
      : [...new Set(origins.map((origin) => origin.ref))].map((ref): TextOrigin => ({ at, length: shown.length, ref }));
  return context ? placed.map((origin) => ({ ...origin, context: true })) : [...placed];
}
