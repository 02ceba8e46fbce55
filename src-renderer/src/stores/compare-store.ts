import { create } from 'zustand';
import type { ApiResponse } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { withOption } from '../config-edits';
import { useChunkStore } from './chunk-store';
import { latestOnly } from './latest-only';
import { useUiStore } from './ui-store';

type Comparison = ApiResponse<'compareConfigs'>;

interface CompareState {
  /** config B; A is the config being tuned in the config panel */
  configB: ConfigFile | null;
  result: Comparison | null;
  error: string | null;
  running: boolean;
  start(): void;
  setOptionB(key: string, value: unknown): void;
  setConfigB(config: ConfigFile): void;
  /** B becomes a copy of A: the comparison then shows no boundary difference. */
  copyAToB(): void;
  /** A takes B's config and B takes A's. */
  swap(): void;
  compareNow(): Promise<void>;
}

/**
 * A second config on the same document, the two runs, and where their boundaries differ. Edits to
 * either config re-run the comparison as A's edits re-chunk (`latestOnly`): at once, one request
 * in flight, edits made meanwhile folded into the next.
 */
export const useCompareStore = create<CompareState>()((set, get) => {
  const compare = latestOnly(async (superseded) => {
    const { documentId, config } = useChunkStore.getState();
    const configB = get().configB;
    if (!documentId || !configB) return;
    try {
      const result = await api.compareConfigs({ documentId, configA: config, configB });
      if (useChunkStore.getState().documentId === documentId) set({ result, running: superseded(), error: null });
    } catch (error) {
      if (useChunkStore.getState().documentId === documentId && !superseded()) set({ running: false, error: messageOf(error) });
    }
  });

  return {
    configB: null,
    result: null,
    error: null,
    running: false,
    start() {
      if (!get().configB) {
        const a = useChunkStore.getState().config;
        // B starts as A with half the token budget: the first question is usually "what if smaller?"
        set({ configB: { ...a, maxTokens: Math.max(8, Math.round((a.maxTokens ?? 256) / 2)) } });
      }
      void get().compareNow();
    },
    setOptionB(key, value) {
      get().setConfigB(withOption(get().configB ?? {}, key, value));
    },
    setConfigB(configB) {
      set({ configB });
      void get().compareNow();
    },
    copyAToB() {
      get().setConfigB({ ...useChunkStore.getState().config });
    },
    swap() {
      const configB = get().configB;
      if (!configB) return;
      // A's new run re-runs the comparison (below), with both configs swapped by then
      set({ configB: useChunkStore.getState().config });
      useChunkStore.getState().setConfig(configB);
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
  if (state.documentId !== previous.documentId) useCompareStore.setState({ result: null, error: null });
  if (state.run && state.run !== previous.run && useUiStore.getState().compareOpen && useCompareStore.getState().configB)
    void useCompareStore.getState().compareNow();
});
