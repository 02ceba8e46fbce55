import { create } from 'zustand';
import type { ChunkRun } from '../../../src-shared/api';
import { DEFAULT_STRATEGY, DEFAULT_TOKENIZER, type ConfigFile } from '../../../src-shared/config';
import type { HandEdit, HandEditRequest } from '../../../src-shared/hand-edits';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { withOption } from '../config-edits';
import { markOptionChanged } from '../perf-marks';
import { useChunkCardsStore } from './chunk-cards-store';
import { useCoverageStore } from './coverage-store';
import { latestOnly } from './latest-only';

interface ChunkState {
  documentId: string | null;
  config: ConfigFile;
  run: ChunkRun | null;
  /** the config `run` was asked for (as sent: `getChunk` finds the run's chunks by it) */
  runConfig: ConfigFile | null;
  /** the hand edits held with the config (the pipeline's `edits:`), applied to every run of it */
  edits: HandEdit[];
  /** the hand edits `run` was asked with (as sent, beside `runConfig`) */
  runEdits: HandEdit[] | null;
  /** why the last hand edit asked for was not made */
  handEditError: string | null;
  running: boolean;
  /** a config the engine rejected, shown under the config panel */
  configError: string | null;
  selectedIndex: number | null;
  documentChanged(documentId: string): void;
  setOption(key: string, value: unknown): void;
  /** A new config; with `edits`, the hand edits it was saved with (a preset or config file) replace the held ones. */
  setConfig(config: ConfigFile, edits?: HandEdit[]): void;
  /** Replaces the hand edits (a preset or config file loaded with the config) and re-chunks. */
  setEdits(edits: HandEdit[]): void;
  /** Makes a rule of what the user picked on the run on screen, and re-chunks with it. */
  addHandEdit(edit: HandEditRequest): Promise<void>;
  removeHandEdit(id: string): Promise<void>;
  rechunkNow(): Promise<void>;
  select(index: number | null): void;
  selectNext(step: 1 | -1): void;
}

const INITIAL_CONFIG: ConfigFile = { strategy: DEFAULT_STRATEGY, tokenizer: DEFAULT_TOKENIZER, maxTokens: 256 };

/**
 * The config being tuned, the chunks it gives on the open document, and the selected chunk.
 *
 * Live tuning (`latestOnly`): an edit re-chunks at once, with at most one request in flight; edits
 * made meanwhile are folded into one request sent when it returns. Typing never waits and no fixed
 * delay is added (a debounce of 250 ms alone would exceed the 100 ms the issue allows from an edit
 * to its chunks).
 * Each arriving run is shown, so a slider drag shows intermediate chunks; `running` stays true
 * until the run for the latest config is in.
 */
export const useChunkStore = create<ChunkState>()((set, get) => {
  const rechunk = latestOnly(async (superseded) => {
    const { documentId, config, edits } = get();
    if (!documentId) return;
    try {
      const run = await api.chunkDocument({ documentId, config, edits });
      if (get().documentId === documentId) {
        const selected = get().selectedIndex;
        set({
          run,
          runConfig: config,
          runEdits: edits,
          running: superseded(),
          configError: null,
          selectedIndex: selected !== null && selected < run.chunks.length ? selected : null,
        });
        // an intermediate run of a slider drag is not worth measuring
        if (!superseded()) {
          void useCoverageStore.getState().runShown(documentId, config, run, edits);
          void useChunkCardsStore.getState().runShown(documentId, config, run, edits);
        }
      }
    } catch (error) {
      // an error for a config already edited again is not worth showing
      if (get().documentId === documentId && !superseded()) set({ running: false, configError: messageOf(error) });
    }
  });

  const changeEdits = async (request: () => Promise<{ edits: HandEdit[] }>) => {
    try {
      const { edits } = await request();
      get().setEdits(edits);
    } catch (error) {
      set({ handEditError: messageOf(error) });
    }
  };

  return {
    documentId: null,
    config: INITIAL_CONFIG,
    run: null,
    runConfig: null,
    edits: [],
    runEdits: null,
    handEditError: null,
    running: false,
    configError: null,
    selectedIndex: null,
    documentChanged(documentId) {
      set({ documentId, run: null, runConfig: null, runEdits: null, selectedIndex: null, handEditError: null });
      void get().rechunkNow();
    },
    setOption(key, value) {
      get().setConfig(withOption(get().config, key, value));
    },
    setConfig(config, edits) {
      markOptionChanged();
      set(edits ? { config, edits, handEditError: null } : { config });
      void get().rechunkNow();
    },
    setEdits(edits) {
      set({ edits, handEditError: null });
      void get().rechunkNow();
    },
    async addHandEdit(edit) {
      const { documentId, runConfig, runEdits } = get();
      if (!documentId || !runConfig || !runEdits) return;
      // the rule is made on the run on screen (its chunk indices), then applies to every later run
      await changeEdits(() => api.addHandEdit({ documentId, config: runConfig, edits: runEdits, edit }));
    },
    async removeHandEdit(id) {
      const { documentId, config, edits } = get();
      if (!documentId) return;
      await changeEdits(() => api.removeHandEdit({ documentId, config, edits, id }));
    },
    async rechunkNow() {
      if (!get().documentId) return;
      set({ running: true });
      useChunkCardsStore.getState().editStarted();
      await rechunk();
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
