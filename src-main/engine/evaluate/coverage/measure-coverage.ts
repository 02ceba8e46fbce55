import {
  leftOutReasons,
  type CoveragePlace,
  type DocumentCoverage,
  type LeftOutKind,
  type LeftOutReason,
} from '../../../../src-shared/evaluation';
import type { DoclingDocument } from '../../ir/types';
import { ChunkWordLookup, type ChunkText } from './chunk-words';
import { placesOf } from './coverage-places';
import { isHeading, textUnitsOf, type TextUnit } from './text-units';

/**
 * Which words of a parse reach a chunk, and where the others lie. Every item's words (coverage
 * words, `coverage-words.ts`; a table's cell by cell) are looked for, one by one, in the text and
 * heading path of the chunks that name the item in their `docItems`; those still missing, then in
 * the chunks that name a node the item lies in (a list item, a group, a picture, a table) or the
 * table or picture it captions. Each word a chunk holds counts once, so two items of a chunk
 * cannot both claim its one "the", and an item's own chunks serve it before its neighbours' claims
 * through a container. A title or section header that the chunks carry as their heading path
 * reaches them too. A word found nowhere is left out, counted by its item's kind (furniture,
 * picture text, body text) with its reason, and shown at its place: the run of such words in its
 * item, with its source spans and line boxes. Body text of the items a hand edit excluded (`excludedRefs`) is
 * left out by hand.
 */
export function measureCoverage(
  doc: DoclingDocument,
  chunks: readonly ChunkText[],
  { excludedRefs }: { excludedRefs?: ReadonlySet<string> } = {},
): DocumentCoverage {
  const lookup = new ChunkWordLookup(chunks);
  const units = textUnitsOf(doc);
  const claims = units.map((unit) => {
    const own = lookup.chunksNaming([unit.ownRef]);
    const heading = isHeading(unit.item) && 'text' in unit.item && lookup.isHeadingContext(unit.item.text);
    const found = unit.words.map(() => heading);
    lookup.claim(unit.words, found, own);
    return { unit, own, found };
  });
  for (const claim of claims) {
    if (!claim.found.includes(false)) continue;
    lookup.claim(claim.unit.words, claim.found, lookup.chunksNaming(claim.unit.containerRefs, claim.own));
  }

  const tally = new CoverageTally();
  const places: Array<{ order: number; place: CoveragePlace }> = [];
  for (const { unit, own, found } of claims) {
    tally.add(found);
    if (!found.includes(false)) continue;
    const named = own.length > 0 || lookup.chunksNaming(unit.containerRefs).length > 0;
    const reason = excludedRefs?.has(unit.ownRef) && unit.kind.kind === 'body' ? 'excluded-by-hand' : leftOutReason(unit, named);
    for (const place of placesOf(doc, unit, found, reason)) places.push({ order: unit.order, place });
  }
  const inOrder = places.sort((a, b) => a.order - b.order).map(({ place }) => place);
  for (const place of inOrder) tally.leaveOut(place);
  return {
    ...tally.totals,
    share: tally.totals.words === 0 ? 1 : tally.totals.inChunks / tally.totals.words,
    leftOut: tally.byReason(),
    // furniture last: it is left out by design, the rest is what a reader looks for first
    places: [...inOrder.filter((place) => place.kind !== 'furniture'), ...inOrder.filter((place) => place.kind === 'furniture')],
  };
}

/**
 * Why an item's words reach no chunk: its kind for furniture and picture text; for body text, a
 * heading no chunk names (its section is empty), text of a table (a cell, or an item in a rich
 * cell) that the chunks holding the table leave out, or text the strategy left out.
 */
function leftOutReason({ item, kind, inTable }: TextUnit, named: boolean): LeftOutReason {
  if (kind.kind === 'furniture') return 'furniture';
  if (kind.kind === 'picture') return 'picture-text';
  if (isHeading(item) && !named) return 'empty-heading';
  if (inTable && named) return 'table-cell';
  return 'not-chunked';
}

/** The counts of `DocumentCoverage`: every word as found or not, the words left out by their places. */
class CoverageTally {
  readonly totals = { words: 0, inChunks: 0, furniture: 0, pictures: 0, notInChunks: 0 };
  private readonly reasons = new Map<LeftOutReason, { kind: LeftOutKind; words: number }>();

  add(found: readonly boolean[]): void {
    this.totals.words += found.length;
    for (const hit of found) if (hit) this.totals.inChunks++;
  }

  leaveOut({ kind, reason, words }: CoveragePlace): void {
    if (kind === 'furniture') this.totals.furniture += words;
    else if (kind === 'picture') this.totals.pictures += words;
    else this.totals.notInChunks += words;
    const entry = this.reasons.get(reason);
    if (entry) entry.words += words;
    else this.reasons.set(reason, { kind, words });
  }

  byReason(): DocumentCoverage['leftOut'] {
    return leftOutReasons.flatMap((reason) => {
      const entry = this.reasons.get(reason);
      return entry ? [{ kind: entry.kind, reason, words: entry.words }] : [];
    });
  }
}
