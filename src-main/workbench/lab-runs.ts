import { randomUUID } from 'node:crypto';
import type { LabRunResult, LabRunStatus, LabTask } from '../../src-shared/lab';
import { cancelledError } from '../engine/cancellation';
import { NotFoundError, toApiError } from './dispatch';

type Progress = NonNullable<LabRunStatus['progress']>;

interface Run<Kept> {
  status: LabRunStatus;
  controller: AbortController;
  /** what a finished run keeps for later questions about it (an evaluation's corpus and configs) */
  kept?: Kept;
}

/** Finished runs kept: an evaluation's questions are drawn on the documents after it ends. */
const KEEP_FINISHED_RUNS = 6;

/**
 * The quality lab's runs on the workbench thread: the renderer polls a run's progress and result
 * and may cancel it; the engine checks the run's signal between steps. A new run of a task cancels
 * the task's run still going (a new query, a second click on Evaluate).
 */
export class LabRuns<Kept> {
  private readonly runs = new Map<string, Run<Kept>>();

  start(
    task: LabTask,
    work: (signal: AbortSignal, report: (progress: Progress) => void) => Promise<{ result: LabRunResult; kept?: Kept }>,
  ): string {
    for (const run of this.runs.values()) if (run.status.task === task && run.status.state === 'running') this.cancel(run.status.runId);
    const runId = randomUUID();
    const run: Run<Kept> = {
      status: { runId, task, state: 'running', progress: null, result: null, error: null },
      controller: new AbortController(),
    };
    this.runs.set(runId, run);
    const report = (progress: Progress) => {
      if (run.status.state === 'running') run.status = { ...run.status, progress };
    };
    work(run.controller.signal, report).then(
      ({ result, kept }) => {
        run.kept = kept;
        this.finish(run, { ...run.status, state: 'done', progress: null, result });
      },
      (error: unknown) =>
        this.finish(
          run,
          run.controller.signal.aborted ? cancelledStatus(run) : { ...run.status, state: 'failed', error: toApiError(error) },
        ),
    );
    return runId;
  }

  status(runId: string): LabRunStatus {
    return this.runOf(runId).status;
  }

  /** What a finished run kept; a run not finished (or failed) has nothing. */
  kept(runId: string): Kept {
    const run = this.runOf(runId);
    if (run.status.state !== 'done' || run.kept === undefined) throw new NotFoundError(`lab run ${runId} has not finished`);
    return run.kept;
  }

  cancel(runId: string): boolean {
    const run = this.runOf(runId);
    if (run.status.state !== 'running') return false;
    run.controller.abort();
    run.status = cancelledStatus(run);
    return true;
  }

  private runOf(runId: string): Run<Kept> {
    const run = this.runs.get(runId);
    if (!run) throw new NotFoundError(`no lab run ${runId}`);
    return run;
  }

  private finish(run: Run<Kept>, status: LabRunStatus): void {
    if (run.status.state === 'running') run.status = status;
    const finished = [...this.runs.values()].filter((other) => other.status.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_RUNS))) this.runs.delete(old.status.runId);
  }
}

function cancelledStatus(run: Run<unknown>): LabRunStatus {
  return { ...run.status, state: 'cancelled', progress: null, error: toApiError(cancelledError()) };
}
