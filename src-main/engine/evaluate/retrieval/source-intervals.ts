import type { SourceSpan } from '../../../../src-shared/chunk';

/**
 * A `[start, end)` stretch of a source, on a page's text for PDF (`page` 0 for a text file's own
 * characters): chunks' source spans and question references, compared as chunkeval compares them.
 */
export interface SourceInterval {
  page: number;
  start: number;
  end: number;
}

export function intervalsOfSpans(spans: readonly SourceSpan[]): SourceInterval[] {
  return spans.map(([start, end, page]) => ({ page: page ?? 0, start, end }));
}

export function lengthOf(intervals: readonly SourceInterval[]): number {
  let length = 0;
  for (const { start, end } of intervals) length += end - start;
  return length;
}

/**
 * The common stretch of two intervals, or none. Intervals that only touch share a zero-length
 * stretch, which chunkeval still counts as a hit (it pulls a touching chunk into precision-Ω).
 */
export function intersection(a: SourceInterval, b: SourceInterval): SourceInterval | undefined {
  if (a.page !== b.page) return undefined;
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return start <= end ? { page: a.page, start, end } : undefined;
}

function byPlace(a: SourceInterval, b: SourceInterval): number {
  return a.page - b.page || a.start - b.start || a.end - b.end;
}

/** Sorted, with intervals that overlap or touch merged. */
export function union(intervals: readonly SourceInterval[]): SourceInterval[] {
  const merged: SourceInterval[] = [];
  for (const interval of [...intervals].sort(byPlace)) {
    const last = merged.at(-1);
    if (last && last.page === interval.page && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The parts of `intervals` that no interval of `covered` (a union: sorted, disjoint) covers. */
export function subtract(intervals: readonly SourceInterval[], covered: readonly SourceInterval[]): SourceInterval[] {
  const left: SourceInterval[] = [];
  for (const interval of intervals) {
    let start = interval.start;
    for (const cover of covered) {
      if (cover.page !== interval.page || cover.end <= start) continue;
      if (cover.start >= interval.end) break;
      if (cover.start > start) left.push({ page: interval.page, start, end: cover.start });
      start = Math.max(start, cover.end);
      if (start >= interval.end) break;
    }
    if (start < interval.end) left.push({ page: interval.page, start, end: interval.end });
  }
  return left;
}

/** Whether any of `a` intersects (or touches) any of `b`. */
export function meets(a: readonly SourceInterval[], b: readonly SourceInterval[]): boolean {
  return a.some((x) => b.some((y) => intersection(x, y) !== undefined));
}

/** Whether any of `a` overlaps any of `b` by at least one character. */
export function overlaps(a: readonly SourceInterval[], b: readonly SourceInterval[]): boolean {
  return a.some((x) => b.some((y) => x.page === y.page && Math.max(x.start, y.start) < Math.min(x.end, y.end)));
}
