import type { EnrichmentStatus, EnrichmentView } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import type { EnrichmentProgress } from '../engine/enrich/run-enrichment';
import { BackgroundRuns, type BackgroundRun } from './background-runs';

/** What a finished run holds: the view the renderer polls for and the enriched chunks (`getChunk`). */
export interface EnrichedChunks {
  view: EnrichmentView;
  chunks: readonly Chunk[];
}

interface EnrichmentTag {
  key: string;
  /** the runs that cancel each other: a document's (or the document's config B in a comparison) */
  group: string;
}

type EnrichmentRun = BackgroundRun<EnrichmentProgress, EnrichedChunks, EnrichmentTag>;

/** Finished runs kept: the latest edits of a document or two, whose chunks the inspector may still ask for. */
const KEEP_FINISHED_RUNS = 4;

/**
 * Enrichment runs in the background of the workbench thread, one per (document, config, pipeline)
 * `key`. Starting a run of a group (a document) cancels its runs of other keys (a newer edit), and
 * the steps yield between chunks, so a re-chunk never waits on an enrichment of chunks no longer shown.
 */
export class EnrichmentRuns {
  private readonly runs = new BackgroundRuns<EnrichmentProgress, EnrichedChunks, EnrichmentTag>('enrichment run', KEEP_FINISHED_RUNS);

  /** The run of `key`, started unless one is running or kept. */
  start(
    key: string,
    group: string,
    work: (signal: AbortSignal, report: (progress: EnrichmentProgress) => void) => Promise<EnrichedChunks>,
  ): string {
    return this.runOfKey(key, group, work).state.runId;
  }

  /** The enriched chunks of `key`: a finished run's, a running one's when it ends, or a new run's. */
  chunksOf(key: string, group: string, work: Parameters<EnrichmentRuns['start']>[2]): Promise<EnrichedChunks> {
    return this.runOfKey(key, group, work).outcome;
  }

  status(runId: string): EnrichmentStatus {
    const run = this.runs.runOf(runId);
    return { ...run.state, result: run.state.state === 'done' ? run.value!.view : null };
  }

  /** Cancels a running run; false when it had already finished. */
  cancel(runId: string): boolean {
    return this.runs.cancel(runId);
  }

  /** Cancels the group's running runs but those whose key `current` keeps (an edit made the others stale). */
  cancelStale(group: string, current: (key: string) => boolean): void {
    for (const run of this.runs.all()) {
      if (run.tag.group === group && !current(run.tag.key) && run.state.state === 'running') this.runs.cancel(run.state.runId);
    }
  }

  private runOfKey(key: string, group: string, work: Parameters<EnrichmentRuns['start']>[2]): EnrichmentRun {
    this.cancelStale(group, (other) => other === key);
    const existing = [...this.runs.all()].find((run) => run.tag.key === key && isUsable(run));
    return existing ?? this.runs.start({ key, group }, work);
  }
}

/** A run whose chunks can still be had: running, or finished with them. */
function isUsable(run: EnrichmentRun): boolean {
  return run.state.state === 'running' || run.state.state === 'done';
}
