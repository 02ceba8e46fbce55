import { create } from 'zustand';
import type { ChunkCard, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import { api } from '../api/host';

interface ChunkCardsState {
  /** the cards of `run`, by chunk index, once they arrived */
  cards: ChunkCard[] | null;
  /** the run `cards` belong to: a newer run shows none until its own arrive */
  run: ChunkRun | null;
  /** the run whose cards are asked for once it has settled; null once an edit replaces it */
  settling: ChunkRun | null;
  /** Asks for the cards of a run just shown (the config it was made with), once it has settled on screen. */
  runShown(documentId: string, config: ConfigFile, run: ChunkRun): Promise<void>;
  /** An edit started: the run on screen is about to be replaced, its cards are not worth fetching. */
  editStarted(): void;
}

/**
 * A run's cards are asked for once it has stayed on screen this long: a long document's texts are a megabyte, and
 * fetching them for every step of a slider drag or every keystroke in a size field would hold up the next edit's chunks.
 */
const SETTLED_MS = 250;

/**
 * What the chunk list shows of each chunk of the shown run (texts, heading paths, flags, layers): asked for once a
 * run has settled on screen rather than with it, so that an edit's chunks never wait for a long document's texts.
 */
export const useChunkCardsStore = create<ChunkCardsState>()((set, get) => ({
  cards: null,
  run: null,
  settling: null,
  async runShown(documentId, config, run) {
    set({ run, cards: null, settling: run });
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS));
    if (get().settling !== run) return;
    try {
      const { cards } = await api.getChunkCards({ documentId, config });
      if (get().run === run) set({ cards });
    } catch {
      // the run's document is gone (closed, or forgotten by the host's cache): its next run asks again
    }
  },
  editStarted: () => set({ settling: null }),
}));
