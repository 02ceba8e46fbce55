import type { PageElement } from './page-elements';
import { horizontalOverlap } from './geometry';
import type { Box, Line, RuleSegment } from './types';
import { liesUnder, maxOverhang } from './underlines';

/** The underline runs under this share of the line's width at least: a link underlined inside a sentence is not the line's. */
const minCoveredShare = 0.95;

/**
 * Lines underlined from their first glyph to their last, read as bold: an underline sets a line apart as weight does
 * (a typewriter's headings, and a word processor's where the author underlined them: "Summary" underlined over plain text
 * in the same face and size). The heading rules weigh a line's weight, so an underlined line is given it; its letters
 * are not changed. A link is underlined too: a line that a link of the page covers is left as it is (a page printed from
 * HTML lists its links one to a line), and so is a boxed word. The links are asked for only when a line is underlined.
 * Only the page's lines are read so, not a table's cells nor a picture's labels.
 */
export async function withUnderlinesAsWeight(
  elements: readonly PageElement[],
  rules: readonly RuleSegment[],
  linkAreas: () => Promise<readonly Box[]>,
): Promise<PageElement[]> {
  const horizontal = rules.filter((rule) => rule.orientation === 'horizontal');
  const vertical = rules.filter((rule) => rule.orientation === 'vertical');
  const underlined = new Set(
    elements.flatMap((element) =>
      element.kind === 'line' &&
      !element.line.bold &&
      isUnderlined(element.line, horizontal) &&
      !isFramed(element.line, horizontal, vertical)
        ? [element.line]
        : [],
    ),
  );
  if (underlined.size === 0) return [...elements];
  const links = await linkAreas();
  return elements.map((element) =>
    element.kind === 'line' && underlined.has(element.line) && !links.some((link) => coversLine(link, element.line))
      ? { kind: 'line', line: emboldened(element.line) }
      : element,
  );
}

/** Whether a link's area holds most of the line's width at its baseline. */
function coversLine(link: Box, line: Line): boolean {
  const onBaseline = link.bottom <= line.baseline + 0.1 * line.fontSize && link.top >= line.baseline;
  return onBaseline && horizontalOverlap(line, link) >= 0.5 * (line.right - line.left);
}

/** Whether horizontal rules just under the line's baseline run under it from end to end, and no further than its ends. */
function isUnderlined(line: Line, rules: readonly RuleSegment[]): boolean {
  const width = line.right - line.left;
  if (width <= 0 || line.text.replace(/\P{L}/gu, '').length < 2) return false;
  const under = rules.filter((rule) => liesUnder(rule, line));
  if (under.length === 0) return false;
  const overhang = maxOverhang * line.fontSize;
  if (under.some((rule) => rule.from < line.left - overhang || rule.to > line.right + overhang)) return false;
  return coveredLength(under, line.left, line.right) >= minCoveredShare * width;
}

/**
 * Whether the rule under a line is a frame's lower edge: a rule over the line too, or one up the line's side (a boxed
 * word, `\fbox{tocsection=true}`, whose box sits as close under it as an underline).
 */
function isFramed(line: Line, horizontal: readonly RuleSegment[], vertical: readonly RuleSegment[]): boolean {
  const reach = maxOverhang * line.fontSize;
  const over = horizontal.some(
    (rule) =>
      rule.position > line.baseline &&
      rule.position <= line.top + reach &&
      Math.min(rule.to, line.right) - Math.max(rule.from, line.left) >= 0.5 * (line.right - line.left),
  );
  const beside = vertical.some(
    (rule) =>
      rule.from <= line.baseline &&
      rule.to >= line.baseline &&
      (Math.abs(rule.position - line.left) <= reach || Math.abs(rule.position - line.right) <= reach),
  );
  return over || beside;
}

/** The length of `[from, to]` that the segments cover, each point once. */
function coveredLength(segments: readonly RuleSegment[], from: number, to: number): number {
  const spans = segments.map((s) => [Math.max(from, s.from), Math.min(to, s.to)] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = from;
  for (const [start, end] of spans) {
    if (end <= reached) continue;
    covered += end - Math.max(start, reached);
    reached = end;
  }
  return covered;
}

function emboldened(line: Line): Line {
  return { ...line, bold: true, runs: line.runs.map((run) => (run.bold ? run : { ...run, bold: true })) };
}
