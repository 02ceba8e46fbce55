import type { OutlineEntry } from '../../parse/pdf/pdf-outline';
import { matchHeadings, normaliseHeadingTitle, type HeadingPair, type ParsedHeading } from './heading-match';

export interface HeadingScores {
  /** outline entries with a title left after normalisation (the recall's denominator) */
  outlineEntries: number;
  /** every heading of our parse (titles and section headers) */
  headings: number;
  matched: number;
  /** matched / outlineEntries; 1 for an outline without titles */
  recall: number;
  /**
   * The deepest of our heading levels that matched some outline entry: an outline often stops above
   * the document's smallest headings, and ours below that level are neither confirmed nor refuted.
   * null when nothing matched.
   */
  deepestMatchedLevel: number | null;
  /** our headings no deeper than `deepestMatchedLevel` (all of them when nothing matched) */
  headingsInScope: number;
  /** matched / headingsInScope; 1 when there is no heading in scope (nothing was claimed) */
  precision: number;
  /**
   * Over every two matched pairs, the share whose outline depths and our levels are in the same
   * order (both deeper one way, or both equal); null with fewer than two pairs. 1 means our levels
   * nest exactly as the outline does, up to renumbering.
   */
  levelAgreement: number | null;
}

export function scoreHeadings(outline: readonly OutlineEntry[], headings: readonly ParsedHeading[]): HeadingScores {
  const titled = outline.filter((entry) => normaliseHeadingTitle(entry.title) !== '');
  const pairs = matchHeadings(titled, headings);
  const matchedLevels = pairs.map((pair) => headings[pair.heading]!.level);
  const deepestMatchedLevel = matchedLevels.length === 0 ? null : Math.max(...matchedLevels);
  const headingsInScope =
    deepestMatchedLevel === null ? headings.length : headings.filter((heading) => heading.level <= deepestMatchedLevel).length;
  return {
    outlineEntries: titled.length,
    headings: headings.length,
    matched: pairs.length,
    recall: titled.length === 0 ? 1 : pairs.length / titled.length,
    deepestMatchedLevel,
    headingsInScope,
    precision: headingsInScope === 0 ? 1 : pairs.length / headingsInScope,
    levelAgreement: levelAgreement(pairs, titled, headings),
  };
}

/** Pairwise order agreement (Kendall's concordance with ties counted as an order of their own). */
export function levelAgreement(
  pairs: readonly HeadingPair[],
  outline: readonly OutlineEntry[],
  headings: readonly ParsedHeading[],
): number | null {
  if (pairs.length < 2) return null;
  let agreeing = 0;
  let total = 0;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const depthOrder = Math.sign(outline[pairs[i]!.entry]!.depth - outline[pairs[j]!.entry]!.depth);
      const levelOrder = Math.sign(headings[pairs[i]!.heading]!.level - headings[pairs[j]!.heading]!.level);
      total++;
      if (depthOrder === levelOrder) agreeing++;
    }
  }
  return agreeing / total;
}
