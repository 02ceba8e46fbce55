import type { LabRunResult, LabRunStatus, LabTask } from '../../src-shared/lab';
import { BackgroundRuns } from './background-runs';
import { NotFoundError } from './dispatch';

type Progress = NonNullable<LabRunStatus['progress']>;

/** What a lab run computes: its result, and what it keeps for later questions about it (an evaluation's corpus and configs). */
interface LabOutcome<Kept> {
  result: LabRunResult;
  kept?: Kept;
}

/** Finished runs kept: an evaluation's questions are drawn on the documents after it ends. */
const KEEP_FINISHED_RUNS = 6;

/**
 * The quality lab's runs on the workbench thread. A new run of a task cancels the task's run still
 * going (a new query, a second click on Evaluate).
 */
export class LabRuns<Kept> {
  private readonly runs = new BackgroundRuns<Progress, LabOutcome<Kept>, LabTask>('lab run', KEEP_FINISHED_RUNS);

  start(task: LabTask, work: (signal: AbortSignal, report: (progress: Progress) => void) => Promise<LabOutcome<Kept>>): string {
    for (const run of this.runs.all()) if (run.tag === task && run.state.state === 'running') this.runs.cancel(run.state.runId);
    return this.runs.start(task, work).state.runId;
  }

  status(runId: string): LabRunStatus {
    const run = this.runs.runOf(runId);
    return { ...run.state, task: run.tag, result: run.value?.result ?? null };
  }

  /** What a finished run kept; a run not finished (or failed) has nothing. */
  kept(runId: string): Kept {
    const run = this.runs.runOf(runId);
    if (run.state.state !== 'done' || run.value?.kept === undefined) throw new NotFoundError(`lab run ${runId} has not finished`);
    return run.value.kept;
  }

  cancel(runId: string): boolean {
    return this.runs.cancel(runId);
  }
}
