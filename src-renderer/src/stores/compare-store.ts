import { create } from 'zustand';
import type { ApiResponse, ChunkConfig } from '../../../src-shared/api';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { useChunkStore } from './chunk-store';
import { useUiStore } from './ui-store';

type Comparison = ApiResponse<'compareConfigs'>;

/** Compare config B this long after its last edit: a comparison chunks twice, typing stays instant. */
const COMPARE_DEBOUNCE_MS = 250;

interface CompareState {
  /** config B; A is the config being tuned in the config panel */
  configB: ChunkConfig | null;
  result: Comparison | null;
  error: string | null;
  running: boolean;
  start(): void;
  setOptionB(key: string, value: unknown): void;
  /** Another strategy for B: its options start from their defaults. */
  setStrategyB(strategy: string): void;
  compareNow(): Promise<void>;
}

/** A second config on the same document, the two runs, and where their boundaries differ. */
export const useCompareStore = create<CompareState>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;
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
      const configB: ChunkConfig = { ...(get().configB ?? {}) };
      if (value === undefined || value === '') delete configB[key];
      else configB[key] = value;
      set({ configB });
      clearTimeout(timer);
      timer = setTimeout(() => void get().compareNow(), COMPARE_DEBOUNCE_MS);
    },
    setStrategyB(strategy) {
      const { tokenizer, maxTokens } = get().configB ?? {};
      set({ configB: { strategy, tokenizer, maxTokens } });
      void get().compareNow();
    },
    async compareNow() {
      const { documentId, config } = useChunkStore.getState();
      const configB = get().configB;
      if (!documentId || !configB) return;
      const mine = ++sequence;
      set({ running: true });
      try {
        const result = await api.compareConfigs({ documentId, configA: config, configB });
        if (mine === sequence) set({ result, running: false, error: null });
      } catch (error) {
        if (mine === sequence) set({ running: false, error: messageOf(error) });
      }
    },
  };
});

// Config A changes re-run the comparison while it is open.
useChunkStore.subscribe((state, previous) => {
  if (state.run !== previous.run && useUiStore.getState().compareOpen && useCompareStore.getState().configB) void useCompareStore.getState().compareNow();
});
