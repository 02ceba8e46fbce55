import { create } from 'zustand';
import type { EnrichmentStatus, EnrichmentView } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { NO_ENRICHMENT, type EnrichmentSettings } from '../../../src-shared/pipeline-config';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { useChunkStore } from './chunk-store';
import { documentSetOf, useDocumentSetStore } from './document-set-store';

const POLL_INTERVAL_MS = 100;
/** The steps whose results depend on the other documents of a set (as of a CLI batch). */
const SET_STEPS = new Set(['cross-doc', 'keywords']);

const sameSet = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((id, index) => id === b?.[index]);

/** What the chunk list shows: chunks with this keyword, or of this topic (both: either). */
export interface ChunkFilter {
  keyword: string | null;
  topic: number | null;
}

/** The run an enrichment result belongs to: the inspector asks for its chunks by the same three. */
export interface EnrichedRunKey {
  documentId: string;
  config: ConfigFile;
  /** the hand edits of the run, as the chunk store sent them */
  edits: HandEdit[] | null;
  enrichment: EnrichmentSettings;
  /** whether the run's LLM steps sent their requests, or only estimated them */
  sendToLlm: boolean;
  /** the document set the run related the document within (folder mode, `cross-doc`) */
  documentSet: string[] | undefined;
}

interface EnrichmentState {
  /** the pipeline's steps, edited in the config panel, saved with presets and config files */
  settings: EnrichmentSettings;
  state: EnrichmentStatus['state'] | 'idle';
  progress: EnrichmentStatus['progress'];
  result: EnrichmentView | null;
  /** what `result` is the enrichment of */
  resultKey: EnrichedRunKey | null;
  error: string | null;
  filter: ChunkFilter;
  /** the user confirmed the LLM estimate of the run on screen: its LLM steps may send */
  sendToLlm: boolean;
  setSettings(settings: EnrichmentSettings): void;
  /** Runs the estimated run again, its LLM steps sending this time. */
  confirmLlm(): void;
  setFilter(filter: Partial<ChunkFilter>): void;
  clearFilter(): void;
}

const NO_FILTER: ChunkFilter = { keyword: null, topic: null };

/**
 * The pipeline's enrichment steps and their latest result. Chunks come first: a run is enriched
 * once the chunk store has settled on it, in the background on the host, polled for progress; an
 * edit (a newer run, or other steps) starts a new enrichment, and the host cancels the stale one.
 */
export const useEnrichmentStore = create<EnrichmentState>()((set, get) => {
  let ticket = 0;
  /** the document set the latest run was asked to relate within */
  let requestedSet: string[] | undefined;

  /** `sendToLlm`: the user confirmed this run's estimate; any other new run estimates its LLM steps first. */
  const enrichLatestRun = async (sendToLlm = false) => {
    const mine = ++ticket;
    const { documentId, runConfig, runEdits, run, running } = useChunkStore.getState();
    const { settings } = get();
    if (!documentId || !runConfig || !run || running || settings.enrich.length === 0) {
      set({ state: 'idle', progress: null, result: null, resultKey: null, error: null, sendToLlm: false });
      return;
    }
    set({ state: 'running', progress: null, error: null, sendToLlm });
    const documentSet = documentSetOf(documentId);
    requestedSet = documentSet;
    try {
      const { runId } = await api.startEnrichment({
        documentId,
        config: runConfig,
        ...(runEdits ? { edits: runEdits } : {}),
        enrichment: settings,
        sendToLlm,
        ...(documentSet ? { documentSet } : {}),
      });
      for (;;) {
        if (mine !== ticket) return;
        const status = await api.getEnrichment({ runId });
        if (mine !== ticket) return;
        if (status.state === 'running') {
          set({ progress: status.progress });
          await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
          continue;
        }
        set({
          state: status.state,
          progress: null,
          error: status.error && status.state === 'failed' ? status.error.message : null,
          ...(status.result
            ? {
                result: status.result,
                resultKey: { documentId, config: runConfig, edits: runEdits, enrichment: settings, sendToLlm, documentSet },
              }
            : {}),
        });
        return;
      }
    } catch (error) {
      if (mine === ticket) set({ state: 'failed', progress: null, error: messageOf(error) });
    }
  };

  useChunkStore.subscribe((now, before) => {
    if (now.run !== before.run || now.running !== before.running || now.documentId !== before.documentId) {
      if (now.documentId !== before.documentId) set({ result: null, resultKey: null, filter: NO_FILTER });
      if (!now.running) void enrichLatestRun();
    }
  });

  // a set's document that opens changes what cross-doc relates the one on screen with, and keywords weigh it against
  useDocumentSetStore.subscribe((now, before) => {
    const documentId = useChunkStore.getState().documentId;
    if (now.members === before.members || !documentId || !get().settings.enrich.some((step) => SET_STEPS.has(step.name))) return;
    if (!sameSet(requestedSet, documentSetOf(documentId))) void enrichLatestRun();
  });

  return {
    settings: NO_ENRICHMENT,
    state: 'idle',
    progress: null,
    result: null,
    resultKey: null,
    error: null,
    filter: NO_FILTER,
    sendToLlm: false,
    setSettings(settings) {
      set({ settings });
      void enrichLatestRun();
    },
    confirmLlm: () => void enrichLatestRun(true),
    setFilter: (filter) => set({ filter: { ...get().filter, ...filter } }),
    clearFilter: () => set({ filter: NO_FILTER }),
  };
});

/** Whether a chunk passes the filter (every chunk does when none is set). */
export function passesFilter(filter: ChunkFilter, summary: EnrichmentView['chunks'][number] | undefined): boolean {
  if (filter.keyword === null && filter.topic === null) return true;
  if (!summary) return false;
  return (
    (filter.keyword !== null && summary.keywords.includes(filter.keyword)) || (filter.topic !== null && summary.topic?.id === filter.topic)
  );
}

/** The enrichment settings to send with a request: none when the pipeline has no steps. */
export function activeEnrichment(settings: EnrichmentSettings): EnrichmentSettings | undefined {
  return settings.enrich.length > 0 ? settings : undefined;
}
