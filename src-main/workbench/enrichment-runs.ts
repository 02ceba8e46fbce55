import { randomUUID } from 'node:crypto';
import type { EnrichmentStatus, EnrichmentView } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { cancelledError } from '../engine/cancellation';
import type { EnrichmentProgress } from '../engine/enrich/run-enrichment';
import { NotFoundError, toApiError } from './dispatch';

/** What a finished run holds: the view the renderer polls for and the enriched chunks (`getChunk`). */
export interface EnrichedChunks {
  view: EnrichmentView;
  chunks: readonly Chunk[];
}

interface Run {
  key: string;
  /** the runs that cancel each other: a document's (or the document's config B in a comparison) */
  group: string;
  status: EnrichmentStatus;
  controller: AbortController;
  outcome: Promise<EnrichedChunks>;
}

/** Finished runs kept: the latest edits of a document or two, whose chunks the inspector may still ask for. */
const KEEP_FINISHED_RUNS = 4;

/**
 * Enrichment runs in the background of the workbench thread, one per (document, config, pipeline)
 * `key`: the renderer polls a run's progress and result. Starting a run of a group (a document) cancels its
 * runs of other keys (a newer edit), and the steps yield between chunks, so a re-chunk never waits
 * on an enrichment of chunks no longer shown.
 */
export class EnrichmentRuns {
  private readonly runs = new Map<string, Run>();

  /** The run of `key`, started unless one is running or kept. */
  start(
    key: string,
    group: string,
    work: (signal: AbortSignal, report: (progress: EnrichmentProgress) => void) => Promise<EnrichedChunks>,
  ): string {
    this.cancelStale(group, (other) => other === key);
    const existing = [...this.runs.values()].find((run) => run.key === key && isUsable(run));
    if (existing) return existing.status.runId;
    const runId = randomUUID();
    const controller = new AbortController();
    const status: EnrichmentStatus = { runId, state: 'running', progress: null, result: null, error: null };
    const pending: Omit<Run, 'outcome'> = { key, group, status, controller };
    const report = (progress: EnrichmentProgress) => {
      if (pending.status.state === 'running') pending.status = { ...pending.status, progress };
    };
    const run: Run = Object.assign(pending, { outcome: work(controller.signal, report) });
    this.runs.set(runId, run);
    run.outcome.then(
      (enriched) => this.finish(run, { ...run.status, state: 'done', result: enriched.view }),
      (error: unknown) =>
        this.finish(run, controller.signal.aborted ? cancelledStatus(run) : { ...run.status, state: 'failed', error: toApiError(error) }),
    );
    return runId;
  }

  /** The enriched chunks of `key`: a finished run's, a running one's when it ends, or a new run's. */
  chunksOf(key: string, group: string, work: Parameters<EnrichmentRuns['start']>[2]): Promise<EnrichedChunks> {
    return this.runs.get(this.start(key, group, work))!.outcome;
  }

  status(runId: string): EnrichmentStatus {
    return this.runOf(runId).status;
  }

  /** Cancels a running run; false when it had already finished. */
  cancel(runId: string): boolean {
    const run = this.runOf(runId);
    if (run.status.state !== 'running') return false;
    run.controller.abort();
    run.status = cancelledStatus(run);
    return true;
  }

  /** Cancels the group's running runs but those whose key `current` keeps (an edit made the others stale). */
  cancelStale(group: string, current: (key: string) => boolean): void {
    for (const run of this.runs.values()) {
      if (run.group === group && !current(run.key) && run.status.state === 'running') this.cancel(run.status.runId);
    }
  }

  private runOf(runId: string): Run {
    const run = this.runs.get(runId);
    if (!run) throw new NotFoundError(`no enrichment run ${runId}`);
    return run;
  }

  private finish(run: Run, status: EnrichmentStatus): void {
    if (run.status.state === 'running') run.status = status;
    const finished = [...this.runs.values()].filter((other) => other.status.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_RUNS))) this.runs.delete(old.status.runId);
  }
}

/** A run whose chunks can still be had: running, or finished with them. */
function isUsable(run: Run): boolean {
  return run.status.state === 'running' || run.status.state === 'done';
}

function cancelledStatus(run: Run): EnrichmentStatus {
  return { ...run.status, state: 'cancelled', progress: null, error: toApiError(cancelledError()) };
}
