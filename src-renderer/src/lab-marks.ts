import { useMemo } from 'react';
import type { ChunkBox } from '../../src-shared/chunk';
import type { LabHit, SourcePlace } from '../../src-shared/lab';
import { useLabStore } from './stores/lab-store';

/** What a lab mark shows: a reference passage, or a chunk that config A or B retrieved. */
export type LabMarkKind = 'reference' | 'A' | 'B';

/** A stretch of an item's text the lab marks (UTF-16 offsets into the text the view shows), or the item whole. */
export interface LabMark {
  start: number;
  end: number;
  whole: boolean;
  kind: LabMarkKind;
  label: string;
}

export interface LabBox {
  box: ChunkBox;
  kind: LabMarkKind;
  label: string;
}

export interface LabMarks {
  byItem: ReadonlyMap<string, readonly LabMark[]>;
  boxesByPage: ReadonlyMap<number, readonly LabBox[]>;
}

interface LabeledPlace {
  place: SourcePlace;
  kind: LabMarkKind;
  label: string;
}

const NO_MARKS: LabMarks = { byItem: new Map(), boxesByPage: new Map() };

/** A retrieved chunk's label: its side, its rank and its score. */
export function hitLabel(side: 'A' | 'B', hit: Pick<LabHit, 'rank' | 'score' | 'chunkIndex'>): string {
  return `${side} #${hit.rank} (chunk ${hit.chunkIndex}, score ${hit.score.toFixed(3)})`;
}

function placesOfHits(side: 'A' | 'B', hits: readonly LabHit[]): LabeledPlace[] {
  return hits.map((hit) => ({ place: hit.place, kind: side, label: hitLabel(side, hit) }));
}

/**
 * What the lab draws on a document's text and pages while it is open: the preview's hits, or the
 * selected question's reference passages and each side's retrieved chunks, and the passages picked
 * for a question being written. Only the places of `documentId` are kept.
 */
export function useLabMarks(documentId: string | null): LabMarks {
  const open = useLabStore((s) => s.open);
  const tab = useLabStore((s) => s.tab);
  const search = useLabStore((s) => s.search);
  const questionPlaces = useLabStore((s) => s.questionPlaces);
  const draft = useLabStore((s) => s.draft);
  return useMemo(() => {
    if (!open || documentId === null) return NO_MARKS;
    const labeled: LabeledPlace[] = [];
    if (tab === 'preview' && search) for (const { side, hits } of search.sides) labeled.push(...placesOfHits(side, hits));
    if (tab === 'evaluate') {
      if (questionPlaces) {
        for (const place of questionPlaces.references) labeled.push({ place, kind: 'reference', label: 'reference passage' });
        for (const { side, hits } of questionPlaces.sides) labeled.push(...placesOfHits(side, hits));
      }
      for (const place of draft.places) labeled.push({ place, kind: 'reference', label: 'passage picked for the question' });
    }
    return marksOf(labeled.filter(({ place }) => place.documentId === documentId));
  }, [open, tab, search, questionPlaces, draft, documentId]);
}

function marksOf(labeled: readonly LabeledPlace[]): LabMarks {
  if (labeled.length === 0) return NO_MARKS;
  const byItem = new Map<string, LabMark[]>();
  const boxesByPage = new Map<number, LabBox[]>();
  for (const { place, kind, label } of labeled) {
    for (const { ref, start, end, whole } of place.items) {
      const marks = byItem.get(ref) ?? [];
      marks.push({ start, end, whole, kind, label });
      byItem.set(ref, marks);
    }
    for (const box of place.bboxes) {
      const boxes = boxesByPage.get(box.page) ?? [];
      boxes.push({ box, kind, label });
      boxesByPage.set(box.page, boxes);
    }
  }
  return { byItem, boxesByPage };
}
