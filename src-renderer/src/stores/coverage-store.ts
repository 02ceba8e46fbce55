import { create } from 'zustand';
import type { ChunkRun, RunCoverage } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { api } from '../api/host';
import { runSettled } from './run-settled';

interface CoverageState {
  /** the coverage of `run`, once measured */
  coverage: RunCoverage | null;
  /** the run `coverage` belongs to: a newer run shows none until its own arrives */
  run: ChunkRun | null;
  /** Asks for the coverage of a run just shown (the config it was made with), once it has settled on screen. */
  runShown(documentId: string, config: ConfigFile, run: ChunkRun, edits?: HandEdit[]): Promise<void>;
}

/**
 * How much of the document's text the shown run's chunks hold, and where the rest lies: measured on
 * the host once a run has settled on screen rather than with it, so that an edit's chunks never wait
 * for it (on a long document it takes as long as the chunking).
 */
export const useCoverageStore = create<CoverageState>()((set, get) => ({
  coverage: null,
  run: null,
  async runShown(documentId, config, run, edits) {
    set({ run, coverage: null });
    await runSettled();
    if (get().run !== run) return;
    try {
      const coverage = await api.getCoverage({ documentId, config, edits });
      if (get().run === run) set({ coverage });
    } catch {
      // the run's document is gone (closed, or forgotten by the host's cache): its next run asks again
    }
  },
}));
