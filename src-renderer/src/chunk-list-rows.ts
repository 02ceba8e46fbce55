import type { ChunkCard, ChunkSummary } from '../../src-shared/api';
import type { ContentFlags } from '../../src-shared/chunk';
import type { LintFinding, LintRule } from '../../src-shared/evaluation';
import { oneLine } from '../../src-shared/one-line';

/** What the chunk list is narrowed to; every part set must hold. */
export interface ChunkListFilter {
  /** words of the chunk text, case ignored */
  query: string;
  rule: LintRule | null;
  flag: keyof ContentFlags | null;
  page: number | null;
  /** part of a heading of the chunk's heading path, case ignored */
  heading: string;
}

export const NO_LIST_FILTER: ChunkListFilter = { query: '', rule: null, flag: null, page: null, heading: '' };

export function isFiltering(filter: ChunkListFilter): boolean {
  return filter.query.trim() !== '' || filter.rule !== null || filter.flag !== null || filter.page !== null || filter.heading.trim() !== '';
}

/** A card of the list: the chunk, and how deep it sits under its parents (parent-child, layered). */
export interface ChunkListRow {
  index: number;
  depth: number;
}

/**
 * The chunks in list order: each parent followed by its children (then theirs), the others in document order. A chunk
 * whose parent is not in the run is a root.
 */
export function chunkTreeRows(
  chunks: readonly Pick<ChunkSummary, 'id'>[],
  cards: readonly Pick<ChunkCard, 'parentId'>[] | null,
): ChunkListRow[] {
  if (!cards || cards.every((card) => card.parentId === null)) return chunks.map((_, index) => ({ index, depth: 0 }));
  const positionOf = new Map(chunks.map((chunk, index) => [chunk.id, index]));
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  cards.forEach((card, index) => {
    const parent = card.parentId === null ? undefined : positionOf.get(card.parentId);
    if (parent === undefined || parent === index) roots.push(index);
    else children.set(parent, [...(children.get(parent) ?? []), index]);
  });
  const rows: ChunkListRow[] = [];
  // iterative, depth-first: a deep hierarchy never overflows the stack
  const stack = roots.reverse().map((index) => ({ index, depth: 0 }));
  const visited = new Set<number>();
  while (stack.length > 0) {
    const row = stack.pop()!;
    if (visited.has(row.index)) continue;
    visited.add(row.index);
    rows.push(row);
    const below = children.get(row.index) ?? [];
    for (let i = below.length - 1; i >= 0; i--) stack.push({ index: below[i]!, depth: row.depth + 1 });
  }
  return rows;
}

/** The lint rules found on each chunk, by chunk index. */
export function rulesByChunk(findings: readonly LintFinding[]): Map<number, LintRule[]> {
  const byChunk = new Map<number, LintRule[]>();
  for (const finding of findings) {
    if (finding.chunkIndex === null) continue;
    const rules = byChunk.get(finding.chunkIndex) ?? [];
    if (!rules.includes(finding.rule)) rules.push(finding.rule);
    byChunk.set(finding.chunkIndex, rules);
  }
  return byChunk;
}

export interface ChunkFacts {
  summary: ChunkSummary;
  card: ChunkCard | undefined;
  /** the chunk's whole text in lower case (searched once per keystroke for every chunk), once the texts are in */
  lowerText: string | undefined;
  rules: readonly LintRule[];
}

/** Whether a chunk passes the list's filter; content and heading parts pass once its card is in, words once its text is. */
export function passesListFilter(filter: ChunkListFilter, { summary, card, lowerText, rules }: ChunkFacts): boolean {
  if (filter.rule !== null && !rules.includes(filter.rule)) return false;
  if (
    filter.page !== null &&
    !(summary.pageStart !== null && summary.pageStart <= filter.page && filter.page <= (summary.pageEnd ?? summary.pageStart))
  ) {
    return false;
  }
  const query = filter.query.trim().toLowerCase();
  const heading = filter.heading.trim().toLowerCase();
  if (filter.flag === null && query === '' && heading === '') return true;
  if (!card) return false;
  if (filter.flag !== null && !card.contentFlags[filter.flag]) return false;
  if (query !== '' && (lowerText === undefined || !lowerText.includes(query))) return false;
  return heading === '' || card.headingPath.some((part) => part.toLowerCase().includes(heading));
}

/** Where `query` first occurs in `text` (case ignored), with a window of text around it to show. */
export function snippetAround(text: string, query: string, width = 160): { before: string; match: string; after: string } | null {
  const needle = query.trim().toLowerCase();
  if (needle === '') return null;
  const at = text.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  const start = Math.max(0, at - Math.floor(width / 3));
  const end = Math.min(text.length, at + needle.length + width);
  // one line, as the card's preview: the chunk's line breaks become spaces
  return {
    before: (start > 0 ? '…' : '') + oneLine(text.slice(start, at)),
    match: text.slice(at, at + needle.length),
    after: oneLine(text.slice(at + needle.length, end)) + (end < text.length ? '…' : ''),
  };
}
