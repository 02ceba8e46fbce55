import { useEffect, useMemo } from 'react';
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
  const texts = useChunkCardsStore((s) => (s.run === run ? s.texts : null));
  const searching = filter.query.trim() !== '';
  // a search needs the whole texts: asked for once per run, lowered once
  useEffect(() => {
    if (searching && run && !texts) void useChunkCardsStore.getState().loadTexts();
  }, [searching, run, texts]);
  const lowerTexts = useMemo(() => (searching ? (texts?.map((text) => text.toLowerCase()) ?? null) : null), [texts, searching]);
  const rules = useMemo(() => rulesByChunk(run?.findings ?? []), [run]);
  const tree = useMemo(() => chunkTreeRows(run?.chunks ?? [], cards), [run, cards]);
  return useMemo(() => {
    // until the texts a search needs are in, the list stays as it is rather than showing no chunk at all
    const applied = searching && !lowerTexts ? { ...filter, query: '' } : filter;
    const filtering = isFiltering(applied) || enrichmentFilter.keyword !== null || enrichmentFilter.topic !== null;
    if (!run || !filtering) return { rows: tree, filteredOut: new Set<number>(), filtering: false };
    const passes = (index: number) =>
      passesFilter(enrichmentFilter, enriched?.[index]) &&
      passesListFilter(applied, {
        summary: run.chunks[index]!,
        card: cards?.[index],
        lowerText: lowerTexts?.[index],
        rules: rules.get(index) ?? [],
      });
    const rows = tree.filter((row) => passes(row.index));
    const shown = new Set(rows.map((row) => row.index));
    const filteredOut = new Set(run.chunks.map((_, index) => index).filter((index) => !shown.has(index)));
    return { rows, filteredOut, filtering: true };
  }, [run, cards, lowerTexts, searching, rules, tree, filter, enrichmentFilter, enriched]);
}
