import { countWords } from '../../text/words';
import { rowPieces } from './lines';
import type { Box, RuleSegment, TextRun } from './types';

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
  for (const family of families.flatMap((f) => apartFromBoxes(f, vertical))) {
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

/** A header row over a table's first rule stands this many of its font sizes above it at most (the rule under a row). */
const maxHeaderGap = 0.8;
/** Runs of one row lie within this many font sizes of its baseline. */
const rowBaselineTolerance = 0.3;
/** Pieces of a header row part at gaps wider than this many font sizes: the gaps between a borderless table's columns. */
const headerColumnGap = 1.2;
/** A header row has this many pieces at least: one piece over a table is a caption or a sentence. */
const minHeaderPieces = 2;
/** A column's name holds this many words at most: a longer piece is the last line of a paragraph over the table. */
const maxNameWords = 5;

/**
 * The frame grown over a header row set on its first rule, where the table has no rule over its header (a rule under
 * the column names and one at the foot): the row of two pieces or more standing just above the rule, within its width.
 * A caption or a sentence over a table is one piece, or a piece too long for a column's name (the last line of a
 * paragraph, an equation's number beside it); text on two baselines there is no row, a row further up is no header,
 * and the page's first line is its running head.
 */
export function withHeaderOverTop(frame: RuledFrame, runs: readonly TextRun[]): RuledFrame {
  const onRule = runs.filter(
    (run) =>
      run.left >= frame.left - run.fontSize &&
      run.right <= frame.right + run.fontSize &&
      run.bottom >= frame.top - rowBaselineTolerance * run.fontSize &&
      run.bottom - frame.top <= maxHeaderGap * run.fontSize,
  );
  if (onRule.length < minHeaderPieces) return frame;
  const baseline = Math.min(...onRule.map((run) => run.baseline));
  const row = onRule.filter((run) => run.baseline - baseline <= rowBaselineTolerance * run.fontSize);
  const pieces = rowPieces(row, headerColumnGap).map((piece) => piece.map((run) => run.text).join(' '));
  const top = Math.max(...row.map((run) => run.top));
  const named =
    row.length === onRule.length && pieces.length >= minHeaderPieces && pieces.every((piece) => countWords(piece) <= maxNameWords);
  // the first line of a page, over a rule, is its running head over the rule that parts it from the text
  if (!named || !runs.some((run) => run.bottom > top)) return frame;
  return { ...frame, top: top + positionTolerance };
}

/**
 * A family's first or last rule stands apart from a closed box next to it: two rules of the family joined by
 * vertical rules at both of their ends are the top and bottom of a box (a framed listing, a boxed note, a grid
 * table's outline), and a rule of the same width over or under the box with no sides to it (a running head's
 * rule, the rule over the footnotes) borders no table of the box's. Rules with no sides between them (booktabs)
 * stay together, and so do the boxes of one width on a page.
 */
function apartFromBoxes(family: readonly RuleSegment[], vertical: readonly RuleSegment[]): RuleSegment[][] {
  const sorted = [...family].sort((a, b) => b.position - a.position);
  if (sorted.length < 3) return [sorted];
  const from = Math.min(...sorted.map((r) => r.from));
  const to = Math.max(...sorted.map((r) => r.to));
  const sideAt = (x: number, bottom: number, top: number): boolean =>
    vertical.some(
      (r) => Math.abs(r.position - x) <= extentTolerance && r.from <= bottom + extentTolerance && r.to >= top - extentTolerance,
    );
  const closed = (upper: number): boolean =>
    sideAt(from, sorted[upper + 1]!.position, sorted[upper]!.position) && sideAt(to, sorted[upper + 1]!.position, sorted[upper]!.position);
  const last = sorted.length - 1;
  const strayTop = !closed(0) && closed(1);
  const strayBottom = !closed(last - 1) && closed(last - 2);
  const kept = sorted.slice(strayTop ? 1 : 0, strayBottom ? last : last + 1);
  return [...(strayTop ? [[sorted[0]!]] : []), kept, ...(strayBottom ? [[sorted[last]!]] : [])];
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
