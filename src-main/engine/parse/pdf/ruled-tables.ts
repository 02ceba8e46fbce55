import type { Box, RuleSegment } from './types';

/** Rules closer than this (points) on the same axis position are one rule. */
const positionTolerance = 1.5;
/** Ends of rules of one table border line up within this many points. */
const extentTolerance = 4;
/** Shorter horizontal rules are underlines or figure strokes, not table borders. */
const minBorderLength = 40;

/** A table's outline with the rules inside it, which later split rows and columns. */
export interface RuledFrame extends Box {
  horizontal: RuleSegment[];
  vertical: RuleSegment[];
}

/**
 * Finds table frames from ruling lines: horizontal rules that share the same left and right ends
 * (the top, header and bottom rules of a booktabs table, or the row lines of a grid).
 */
export function ruledFrames(rules: readonly RuleSegment[], pageWidth: number, pageHeight: number): RuledFrame[] {
  const borderless = rules.filter((r) => !isPageBorder(r, pageWidth, pageHeight));
  const horizontal = mergeCollinear(borderless.filter((r) => r.orientation === 'horizontal'));
  const vertical = mergeCollinear(borderless.filter((r) => r.orientation === 'vertical'));
  const families: RuleSegment[][] = [];
  for (const rule of horizontal) {
    if (rule.to - rule.from < minBorderLength) continue;
    const family = families.find(
      (f) => Math.abs(f[0]!.from - rule.from) <= extentTolerance && Math.abs(f[0]!.to - rule.to) <= extentTolerance,
    );
    if (family) family.push(rule);
    else families.push([rule]);
  }
  const frames: RuledFrame[] = [];
  for (const family of families) {
    const positions = family.map((r) => r.position);
    const top = Math.max(...positions);
    const bottom = Math.min(...positions);
    if (top - bottom < 5) continue;
    const left = Math.min(...family.map((r) => r.from));
    const right = Math.max(...family.map((r) => r.to));
    const inside = (r: RuleSegment): boolean =>
      r.orientation === 'horizontal'
        ? r.position >= bottom - positionTolerance &&
          r.position <= top + positionTolerance &&
          r.from >= left - extentTolerance &&
          r.to <= right + extentTolerance
        : r.position >= left - extentTolerance &&
          r.position <= right + extentTolerance &&
          r.from >= bottom - extentTolerance &&
          r.to <= top + extentTolerance;
    frames.push({ left, right, bottom, top, horizontal: horizontal.filter(inside), vertical: vertical.filter(inside) });
  }
  return withoutNestedFrames(frames);
}

/** Frames drawn around the whole page (or beyond it) are decoration, not tables. */
function isPageBorder(rule: RuleSegment, pageWidth: number, pageHeight: number): boolean {
  const extent = rule.orientation === 'horizontal' ? pageWidth : pageHeight;
  return rule.to - rule.from >= 0.9 * extent;
}

function mergeCollinear(rules: RuleSegment[]): RuleSegment[] {
  const sorted = [...rules].sort((a, b) => a.position - b.position || a.from - b.from);
  const merged: RuleSegment[] = [];
  for (const rule of sorted) {
    let match: RuleSegment | undefined;
    // Sorted by position: only the tail can be on the same line, which keeps this linear-ish.
    for (let i = merged.length - 1; i >= 0 && rule.position - merged[i]!.position <= positionTolerance; i--) {
      const candidate = merged[i]!;
      if (rule.from <= candidate.to + 2 && rule.to >= candidate.from - 2) {
        match = candidate;
        break;
      }
    }
    if (match) {
      match.from = Math.min(match.from, rule.from);
      match.to = Math.max(match.to, rule.to);
    } else merged.push({ ...rule });
  }
  return merged;
}

function withoutNestedFrames(frames: RuledFrame[]): RuledFrame[] {
  return frames.filter(
    (frame) =>
      !frames.some(
        (other) =>
          other !== frame &&
          other.left <= frame.left + 1 &&
          other.right >= frame.right - 1 &&
          other.bottom <= frame.bottom + 1 &&
          other.top >= frame.top - 1 &&
          (other.right - other.left) * (other.top - other.bottom) > (frame.right - frame.left) * (frame.top - frame.bottom),
      ),
  );
}
