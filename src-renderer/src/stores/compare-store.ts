import { create } from 'zustand';
import type { ApiResponse, ChunkExtents } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import type { EnrichmentSettings } from '../../../src-shared/pipeline-config';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { withOption } from '../config-edits';
import { useChunkStore } from './chunk-store';
import { activeEnrichment, useEnrichmentStore } from './enrichment-store';
import { latestOnly } from './latest-only';
import { useUiStore } from './ui-store';

type Comparison = ApiResponse<'compareConfigs'>;
type EnrichmentComparison = ApiResponse<'compareEnrichments'>;
/** The side of a comparison a chunk belongs to. */
export type CompareSide = 'A' | 'B';

interface CompareState {
  /** config B; A is the config being tuned in the config panel */
  configB: ConfigFile | null;
  /** the hand edits held with config B (from A when the comparison starts, a preset or config file, a copy or swap) */
  editsB: HandEdit[];
  result: Comparison | null;
  /** the config B `result` was run with (as sent: `getChunk` finds B's chunks by it) */
  resultConfigB: ConfigFile | null;
  /** the hand edits B's run of `result` was asked with, as sent beside `resultConfigB` */
  resultEditsB: HandEdit[] | null;
  /** where A's and B's chunks lie inside the items they hold in part, once asked for after `result` (it names which) */
  extents: { of: Comparison; a: ChunkExtents[]; b: ChunkExtents[] } | null;
  /** B's selected chunk; A's is the chunk store's `selectedIndex` */
  selectedB: number | null;
  /** the side whose chunk the inspector shows while the comparison is open: the one selected last */
  inspected: CompareSide;
  error: string | null;
  running: boolean;
  /** config B's enrichment steps: A's when the comparison starts, then edited on their own */
  enrichmentB: EnrichmentSettings;
  /** the enrichments of `result`'s two runs, once both are in */
  enrichment: EnrichmentComparison | null;
  enrichmentRunning: boolean;
  enrichmentError: string | null;
  start(): void;
  /** Selects a chunk of A or B and shows it in the inspector. */
  selectChunk(side: CompareSide, index: number): void;
  setEnrichmentB(settings: EnrichmentSettings): void;
  setOptionB(key: string, value: unknown): void;
  /** A new config B; with `edits`, the hand edits it was saved with (a preset or config file) replace B's. */
  setConfigB(config: ConfigFile, edits?: HandEdit[]): void;
  /** B becomes a copy of A, hand edits included: the comparison then shows no boundary difference. */
  copyAToB(): void;
  /** A takes B's config and hand edits, and B takes A's. */
  swap(): void;
  compareNow(): Promise<void>;
}

/**
 * A second config on the same document, the two runs, and where their boundaries differ. Edits to
 * either config re-run the comparison as A's edits re-chunk (`latestOnly`): at once, one request
 * in flight, edits made meanwhile folded into the next.
 */
/** The two runs a comparison was made of: what its extents and enrichments are asked for. */
interface ComparedRuns {
  documentId: string;
  configA: ConfigFile;
  configB: ConfigFile;
  editsA: HandEdit[];
  editsB: HandEdit[];
}

export const useCompareStore = create<CompareState>()((set, get) => {
  const compare = latestOnly(async (superseded) => {
    const { documentId, config, edits: editsA } = useChunkStore.getState();
    const { configB, editsB } = get();
    if (!documentId || !configB) return;
    try {
      const result = await api.compareConfigs({
        documentId,
        configA: config,
        configB,
        ...(editsA.length > 0 ? { editsA } : {}),
        ...(editsB.length > 0 ? { editsB } : {}),
      });
      if (useChunkStore.getState().documentId === documentId) {
        const selectedB = get().selectedB;
        set({
          result,
          resultConfigB: configB,
          resultEditsB: editsB,
          running: superseded(),
          error: null,
          selectedB: selectedB !== null && selectedB < result.b.chunks.length ? selectedB : null,
        });
        if (!superseded()) {
          const runs = { documentId, configA: config, configB, editsA, editsB };
          void compareExtents(result, runs);
          void compareEnrichments(runs);
        }
      }
    } catch (error) {
      if (useChunkStore.getState().documentId === documentId && !superseded()) set({ running: false, error: messageOf(error) });
    }
  });

  // the text views draw paragraph by paragraph until the runs' extents are in (a later comparison makes them moot)
  const compareExtents = async (result: Comparison, { documentId, configA, configB, editsA, editsB }: ComparedRuns) => {
    try {
      const [a, b] = await Promise.all([
        api.getChunkExtents({ documentId, config: configA, edits: editsA }),
        api.getChunkExtents({ documentId, config: configB, edits: editsB }),
      ]);
      if (get().result === result) set({ extents: { of: result, a: a.extents, b: b.extents } });
    } catch {
      // the document is gone: the next comparison asks again
    }
  };

  // the enrichments of the runs just compared, after them (chunks are shown first, as for A alone)
  let enrichmentTicket = 0;
  const compareEnrichments = async ({ documentId, configA, configB, editsA, editsB }: ComparedRuns) => {
    const mine = ++enrichmentTicket;
    const enrichmentA = activeEnrichment(useEnrichmentStore.getState().settings);
    const enrichmentB = activeEnrichment(get().enrichmentB);
    if (!enrichmentA && !enrichmentB) {
      set({ enrichment: null, enrichmentRunning: false, enrichmentError: null });
      return;
    }
    set({ enrichmentRunning: true });
    const request = {
      documentId,
      configA,
      configB,
      ...(editsA.length > 0 ? { editsA } : {}),
      ...(editsB.length > 0 ? { editsB } : {}),
      ...(enrichmentA ? { enrichmentA } : {}),
      ...(enrichmentB ? { enrichmentB } : {}),
    };
    try {
      const enrichment = await api.compareEnrichments(request);
      if (mine === enrichmentTicket) set({ enrichment, enrichmentRunning: false, enrichmentError: null });
    } catch (error) {
      if (mine === enrichmentTicket) set({ enrichment: null, enrichmentRunning: false, enrichmentError: messageOf(error) });
    }
  };

  return {
    configB: null,
    editsB: [],
    result: null,
    resultConfigB: null,
    resultEditsB: null,
    extents: null,
    selectedB: null,
    inspected: 'A',
    error: null,
    running: false,
    enrichmentB: useEnrichmentStore.getState().settings,
    enrichment: null,
    enrichmentRunning: false,
    enrichmentError: null,
    start() {
      if (!get().configB) {
        const { config: a, edits } = useChunkStore.getState();
        // B starts as A (its hand edits too) with half the token budget: the first question is usually "what if smaller?"
        set({
          configB: { ...a, maxTokens: Math.max(8, Math.round((a.maxTokens ?? 256) / 2)) },
          editsB: edits,
          enrichmentB: useEnrichmentStore.getState().settings,
        });
      }
      void get().compareNow();
    },
    selectChunk(side, index) {
      if (side === 'A') useChunkStore.getState().select(index);
      else set({ selectedB: index });
      set({ inspected: side });
      if (useUiStore.getState().rightTab !== 'stats') useUiStore.getState().setRightTab('chunk');
    },
    setEnrichmentB(enrichmentB) {
      set({ enrichmentB });
      void get().compareNow();
    },
    setOptionB(key, value) {
      get().setConfigB(withOption(get().configB ?? {}, key, value));
    },
    setConfigB(configB, edits) {
      set(edits ? { configB, editsB: edits } : { configB });
      void get().compareNow();
    },
    copyAToB() {
      set({ enrichmentB: useEnrichmentStore.getState().settings });
      const { config, edits } = useChunkStore.getState();
      get().setConfigB({ ...config }, edits);
    },
    swap() {
      const { configB, editsB, enrichmentB } = get();
      if (!configB) return;
      const a = useChunkStore.getState();
      // A's new run re-runs the comparison (below), with both configs swapped by then
      set({ configB: a.config, editsB: a.edits, enrichmentB: useEnrichmentStore.getState().settings });
      useEnrichmentStore.getState().setSettings(enrichmentB);
      useChunkStore.getState().setConfig(configB, editsB);
    },
    async compareNow() {
      if (!useChunkStore.getState().documentId || !get().configB) return;
      set({ running: true });
      await compare();
    },
  };
});

// While the comparison is open, each new run of A (another config or document) re-runs it: after A's
// own run, so that comparing never delays A's chunks. Another document's comparison starts from
// nothing, not from the last document's runs.
useChunkStore.subscribe((state, previous) => {
  // A chunk of A selected anywhere (a card, J / K, a finding) is the one to inspect
  if (state.selectedIndex !== previous.selectedIndex && state.selectedIndex !== null) useCompareStore.setState({ inspected: 'A' });
  if (state.documentId !== previous.documentId)
    useCompareStore.setState({
      result: null,
      resultConfigB: null,
      resultEditsB: null,
      selectedB: null,
      inspected: 'A',
      error: null,
      enrichment: null,
    });
  if (state.run && state.run !== previous.run && useUiStore.getState().compareOpen && useCompareStore.getState().configB)
    void useCompareStore.getState().compareNow();
});

// A's steps are part of the comparison: an edit of them enriches A's side again
useEnrichmentStore.subscribe((state, previous) => {
  if (state.settings !== previous.settings && useUiStore.getState().compareOpen && useCompareStore.getState().configB)
    void useCompareStore.getState().compareNow();
});
