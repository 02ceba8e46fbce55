import type { RuleSegment, TextRun } from './types';

/**
 * An underline lies under the baseline by at most this share of the line's size: word processors draw it a tenth to a
 * fifth of an em down. A strike-through lies above the baseline; a rule between paragraphs, further down.
 */
const maxDepth = 0.35;
/**
 * The underline reaches past the line's first or last glyph by at most this share of its size: a rule that runs on
 * under the column (a heading's bottom border, a table's rule, a form's field) is no underline of the text above it.
 */
export const maxOverhang = 0.6;

/** Whether `rule` runs under some of the text's width, just under its baseline, where an underline is drawn. */
export function liesUnder(rule: RuleSegment, text: Pick<TextRun, 'left' | 'right' | 'baseline' | 'fontSize'>): boolean {
  return (
    rule.position <= text.baseline &&
    rule.position >= text.baseline - maxDepth * text.fontSize &&
    rule.to > text.left &&
    rule.from < text.right
  );
}

/**
 * Whether a horizontal rule underlines text set just over it (a link in a table's cell): it lies under the runs it runs
 * under as an underline does, and reaches no further past their ends.
 */
export function underlinesText(rule: RuleSegment, runs: readonly TextRun[]): boolean {
  const over = runs.filter((run) => liesUnder(rule, run));
  if (over.length === 0) return false;
  const overhang = maxOverhang * Math.max(...over.map((run) => run.fontSize));
  return (
    rule.from >= Math.min(...over.map((run) => run.left)) - overhang && rule.to <= Math.max(...over.map((run) => run.right)) + overhang
  );
}
