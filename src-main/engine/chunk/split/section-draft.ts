import { contextualize } from '../../text/contextualize';
import type { TextRange } from '../../text/text-range';
import type { ChunkDraft } from '../build-chunk';
import { describeRange, type ComposedText } from './composed-text';
import { windowText, type Piece, type PieceWindow } from './pack';

export interface DraftPlacement {
  index: number;
  headingPath: string[];
  /** The heading items of `headingPath`: the chunk's context. */
  headingRefs: readonly string[];
  layer?: string;
  parentId?: string | null;
  /** Position among the chunks sharing `parentId`, when the strategy builds layers. */
  siblingOrder?: number;
  /** Makes the chunk id unique within the document, e.g. the section number. */
  spanKeyPrefix: string;
}

/** The chunk draft for a packed window of a section's composed text. */
export function draftForWindow(
  composed: ComposedText,
  pieces: readonly Piece[],
  window: PieceWindow,
  placement: DraftPlacement,
): ChunkDraft {
  const first = pieces[window.first]!;
  const range = { start: first.start, end: pieces[window.end - 1]!.end };
  const spanKey = `${placement.spanKeyPrefix}:${range.start}-${range.end}`;
  const draft = draftOver(composed, range, windowText(composed.text, pieces, window), { ...placement, spanKey });
  // A repeated table header is context, as the heading path is: the cells it names are the first rows' own.
  if (first.prefixRange) draft.contextRanges = describeRange(composed, first.prefixRange).itemRanges;
  return draft;
}

export interface WholePlacement extends Omit<DraftPlacement, 'spanKeyPrefix'> {
  /** Makes the chunk id unique within the document, e.g. `section:3`. */
  spanKey: string;
}

/** The chunk draft for all of a composed text: a whole document, section or page as a parent layer. */
export function draftForWhole(composed: ComposedText, placement: WholePlacement): ChunkDraft {
  return draftOver(composed, { start: 0, end: composed.text.length }, composed.text, placement);
}

/** The draft for `range` of the composed text, showing `text` (a window's may open with a repeated table header). */
function draftOver(composed: ComposedText, range: TextRange, text: string, placement: WholePlacement): ChunkDraft {
  const origin = describeRange(composed, range);
  return {
    index: placement.index,
    text,
    contextualizedText: contextualize({ headings: placement.headingPath, text }),
    headingPath: placement.headingPath,
    contextRefs: placement.headingRefs,
    docItems: origin.docItems,
    itemRanges: origin.itemRanges,
    spanKey: placement.spanKey,
    layer: placement.layer ?? null,
    parentId: placement.parentId ?? null,
    siblingOrder: placement.siblingOrder ?? null,
  };
}

/** The size budget left for the text once the heading path is prepended (never below 1). */
export function budgetAfterHeadings(size: number, headingPath: readonly string[], measure: (text: string) => number): number {
  const cost = headingPath.length > 0 ? measure(contextualize({ headings: headingPath, text: '' })) : 0;
  return Math.max(1, size - cost);
}
