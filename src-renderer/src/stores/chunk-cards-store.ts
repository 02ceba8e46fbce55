import { create } from 'zustand';
import type { ChunkCard, ChunkExtents, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { api } from '../api/host';
import { runSettled } from './run-settled';

interface ChunkCardsState {
  /** the cards of `run`, by chunk index, once they arrived */
  cards: ChunkCard[] | null;
  /** where each chunk of `run` lies inside the items it holds in part, by chunk index, once they arrived (after the cards) */
  extents: ChunkExtents[] | null;
  /** the whole texts of `run`, by chunk index, once a search asked for them */
  texts: string[] | null;
  /** the run `cards` and `texts` belong to: a newer run shows none until its own arrive */
  run: ChunkRun | null;
  /** where `run` came from, for the texts a search asks for later */
  source: { documentId: string; config: ConfigFile; edits?: HandEdit[] } | null;
  /** the run whose cards are asked for once it has settled; null once an edit replaces it */
  settling: ChunkRun | null;
  /** Asks for the cards of a run just shown (the config it was made with), once it has settled on screen. */
  runShown(documentId: string, config: ConfigFile, run: ChunkRun, edits?: HandEdit[]): Promise<void>;
  /** An edit started: the run on screen is about to be replaced, its cards are not worth fetching. */
  editStarted(): void;
  /** Asks for the whole texts of the run shown (a search needs them), once. */
  loadTexts(): Promise<void>;
}

/**
 * What the chunk list shows of each chunk of the shown run (first characters, heading paths, flags, layers), and
 * where the text view draws each chunk exactly (its extents): asked
 * for once a run has settled on screen rather than with it, so that an edit's chunks never wait for it; the whole
 * texts (megabytes for a long document) only once the list is searched.
 */
export const useChunkCardsStore = create<ChunkCardsState>()((set, get) => ({
  cards: null,
  extents: null,
  texts: null,
  run: null,
  source: null,
  settling: null,
  async runShown(documentId, config, run, edits) {
    set({ run, cards: null, extents: null, texts: null, source: { documentId, config, edits }, settling: run });
    await runSettled();
    if (get().settling !== run) return;
    try {
      const { cards } = await api.getChunkCards({ documentId, config, edits });
      if (get().run !== run) return;
      set({ cards });
      // the text view draws paragraph by paragraph meanwhile; an edit started since needs them no more
      if (get().settling !== run) return;
      const { extents } = await api.getChunkExtents({ documentId, config, edits });
      if (get().run === run) set({ extents });
    } catch {
      // the run's document is gone (closed, or forgotten by the host's cache): its next run asks again
    }
  },
  editStarted: () => set({ settling: null }),
  async loadTexts() {
    const { run, source, texts } = get();
    if (!run || !source || texts) return;
    try {
      const loaded = await api.getChunkTexts(source);
      if (get().run === run) set({ texts: loaded.texts });
    } catch {
      // as for the cards: the next run asks again
    }
  },
}));
