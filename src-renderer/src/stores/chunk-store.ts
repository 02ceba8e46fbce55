import { create } from 'zustand';
import type { ChunkConfig, ChunkRun } from '../../../src-shared/api';
import { DEFAULT_STRATEGY, DEFAULT_TOKENIZER } from '../../../src-shared/config';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { markOptionChanged } from '../perf-marks';

/** Re-chunk this long after the last edit: typing stays instant, the result follows. */
export const RECHUNK_DEBOUNCE_MS = 250;

interface ChunkState {
  documentId: string | null;
  config: ChunkConfig;
  run: ChunkRun | null;
  running: boolean;
  /** a config the engine rejected, shown under the config panel */
  configError: string | null;
  selectedIndex: number | null;
  documentChanged(documentId: string): void;
  setOption(key: string, value: unknown): void;
  setConfig(config: ChunkConfig): void;
  rechunkNow(): Promise<void>;
  select(index: number | null): void;
  selectNext(step: 1 | -1): void;
}

const INITIAL_CONFIG: ChunkConfig = { strategy: DEFAULT_STRATEGY, tokenizer: DEFAULT_TOKENIZER, maxTokens: 256 };

/** The config being tuned, the chunks it gives on the open document, and the selected chunk. */
export const useChunkStore = create<ChunkState>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void get().rechunkNow(), RECHUNK_DEBOUNCE_MS);
  };

  return {
    documentId: null,
    config: INITIAL_CONFIG,
    run: null,
    running: false,
    configError: null,
    selectedIndex: null,
    documentChanged(documentId) {
      set({ documentId, run: null, selectedIndex: null });
      void get().rechunkNow();
    },
    setOption(key, value) {
      const config: ChunkConfig = { ...get().config };
      if (value === undefined || value === '') delete config[key];
      else config[key] = value;
      markOptionChanged();
      set({ config });
      schedule();
    },
    setConfig(config) {
      markOptionChanged();
      set({ config });
      schedule();
    },
    async rechunkNow() {
      clearTimeout(timer);
      const { documentId, config } = get();
      if (!documentId) return;
      const mine = ++sequence;
      set({ running: true });
      try {
        const run = await api.chunkDocument({ documentId, config });
        if (mine !== sequence) return;
        const selected = get().selectedIndex;
        set({ run, running: false, configError: null, selectedIndex: selected !== null && selected < run.chunks.length ? selected : null });
      } catch (error) {
        if (mine === sequence) set({ running: false, configError: messageOf(error) });
      }
    },
    select: (index) => set({ selectedIndex: index }),
    selectNext(step) {
      const count = get().run?.chunks.length ?? 0;
      if (count === 0) return;
      const current = get().selectedIndex;
      const next = current === null ? (step === 1 ? 0 : count - 1) : Math.min(count - 1, Math.max(0, current + step));
      set({ selectedIndex: next });
    },
  };
});
