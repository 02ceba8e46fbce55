import { create } from 'zustand';
import type { ChunkCard, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import { api } from '../api/host';

interface ChunkCardsState {
  /** the cards of `run`, by chunk index, once they arrived */
  cards: ChunkCard[] | null;
  /** the run `cards` belong to: a newer run shows none until its own arrive */
  run: ChunkRun | null;
  /** Asks for the cards of a run just shown (the config it was made with), after its chunks are on screen. */
  runShown(documentId: string, config: ConfigFile, run: ChunkRun): Promise<void>;
}

/**
 * What the chunk list shows of each chunk of the shown run (texts, heading paths, flags, layers): asked for once a
 * run is shown rather than with it, so that an edit's chunks never wait for a long document's texts.
 */
export const useChunkCardsStore = create<ChunkCardsState>()((set, get) => ({
  cards: null,
  run: null,
  async runShown(documentId, config, run) {
    set({ run, cards: null });
    try {
      const { cards } = await api.getChunkCards({ documentId, config });
      if (get().run === run) set({ cards });
    } catch {
      // the run's document is gone (closed, or forgotten by the host's cache): its next run asks again
    }
  },
}));
