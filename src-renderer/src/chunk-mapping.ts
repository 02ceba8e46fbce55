import type { ChunkCorrespondence } from '../../src-shared/evaluation';

/** A chunk of the other side of a comparison that holds some of a chunk's source characters. */
export interface Counterpart {
  index: number;
  /** the share of the chunk's own characters the counterpart holds */
  ofSelf: number;
  /** the share of the counterpart's characters that lie in the chunk */
  ofOther: number;
}

const invertedOf = new WeakMap<ChunkCorrespondence, Counterpart[][]>();

/** The chunks of the other side that hold some of chunk `index` of `side` (A#n ↔ B#m), in their order. */
export function counterpartsOf(correspondence: ChunkCorrespondence, side: 'A' | 'B', index: number): Counterpart[] {
  if (side === 'A') return (correspondence[index] ?? []).map((entry) => ({ index: entry.b, ofSelf: entry.ofA, ofOther: entry.ofB }));
  return invert(correspondence)[index] ?? [];
}

function invert(correspondence: ChunkCorrespondence): Counterpart[][] {
  const known = invertedOf.get(correspondence);
  if (known) return known;
  const byB: Counterpart[][] = [];
  correspondence.forEach((entries, indexA) => {
    for (const entry of entries) (byB[entry.b] ??= []).push({ index: indexA, ofSelf: entry.ofB, ofOther: entry.ofA });
  });
  invertedOf.set(correspondence, byB);
  return byB;
}

/** "B#4, B#5" for a hover hint: the counterparts of a chunk, or that it has none. */
export function counterpartsHint(correspondence: ChunkCorrespondence, side: 'A' | 'B', index: number): string {
  const other = side === 'A' ? 'B' : 'A';
  const counterparts = counterpartsOf(correspondence, side, index);
  if (counterparts.length === 0) return `no chunk of ${other} holds its text`;
  const shown = counterparts.slice(0, HINTED);
  const names = shown.map((counterpart) => `${other}#${counterpart.index}`).join(', ');
  return `${side}#${index} ↔ ${names}${counterparts.length > shown.length ? ` and ${counterparts.length - shown.length} more` : ''}`;
}

/** Counterparts named in a hover hint; the inspector lists them all. */
const HINTED = 6;

/** A share as a reader takes it in: "all", "62 %", "<1 %". */
export function formatShare(share: number): string {
  if (share >= 0.995) return 'all';
  if (share < 0.005) return '<1 %';
  return `${Math.round(share * 100)} %`;
}
