import { useMemo } from 'react';
import { create } from 'zustand';
import {
  chunkTreeRows,
  isFiltering,
  NO_LIST_FILTER,
  passesListFilter,
  rulesByChunk,
  type ChunkListFilter,
  type ChunkListRow,
} from '../chunk-list-rows';
import { useChunkCardsStore } from './chunk-cards-store';
import { useChunkStore } from './chunk-store';
import { passesFilter, useEnrichmentStore } from './enrichment-store';
import { useCurrentChunkEnrichments } from './use-current-enrichments';

interface ChunkListState {
  filter: ChunkListFilter;
  setFilter(filter: Partial<ChunkListFilter>): void;
  clearFilter(): void;
}

/** The chunk list's search and filters (view state: nothing here is sent to the host). */
export const useChunkListStore = create<ChunkListState>()((set, get) => ({
  filter: NO_LIST_FILTER,
  setFilter: (filter) => set({ filter: { ...get().filter, ...filter } }),
  clearFilter: () => set({ filter: NO_LIST_FILTER }),
}));

export interface ChunkListView {
  /** the cards shown, in list order */
  rows: ChunkListRow[];
  /** chunks the list's filters (its own, keyword and topic) leave out: the document view draws them faint */
  filteredOut: ReadonlySet<number>;
  filtering: boolean;
}

/** The chunk list of the run on screen, narrowed by the list's filters and the enrichment filters (keyword, topic). */
export function useChunkListView(): ChunkListView {
  const run = useChunkStore((s) => s.run);
  const cardsRun = useChunkCardsStore((s) => s.run);
  const storedCards = useChunkCardsStore((s) => s.cards);
  const cards = cardsRun === run ? storedCards : null;
  const filter = useChunkListStore((s) => s.filter);
  const enrichmentFilter = useEnrichmentStore((s) => s.filter);
  const enriched = useCurrentChunkEnrichments();
  const searching = filter.query.trim() !== '';
  // lowered once per run, and only once searched
  const lowerTexts = useMemo(() => (searching ? (cards?.map((card) => card.text.toLowerCase()) ?? null) : null), [cards, searching]);
  const rules = useMemo(() => rulesByChunk(run?.findings ?? []), [run]);
  const tree = useMemo(() => chunkTreeRows(run?.chunks ?? [], cards), [run, cards]);
  return useMemo(() => {
    const filtering = isFiltering(filter) || enrichmentFilter.keyword !== null || enrichmentFilter.topic !== null;
    if (!run || !filtering) return { rows: tree, filteredOut: new Set<number>(), filtering: false };
    const passes = (index: number) =>
      passesFilter(enrichmentFilter, enriched?.[index]) &&
      passesListFilter(filter, {
        summary: run.chunks[index]!,
        card: cards?.[index],
        lowerText: lowerTexts?.[index],
        rules: rules.get(index) ?? [],
      });
    const rows = tree.filter((row) => passes(row.index));
    const shown = new Set(rows.map((row) => row.index));
    const filteredOut = new Set(run.chunks.map((_, index) => index).filter((index) => !shown.has(index)));
    return { rows, filteredOut, filtering: true };
  }, [run, cards, lowerTexts, rules, tree, filter, enrichmentFilter, enriched]);
}
