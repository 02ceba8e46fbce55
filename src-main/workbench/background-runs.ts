import { randomUUID } from 'node:crypto';
import type { ApiError } from '../../src-shared/api-result';
import { cancelledError } from '../engine/cancellation';
import { NotFoundError, toApiError } from './dispatch';

/** What a polled run says of itself, whatever it computes (the lab's and the enrichments' statuses both start so). */
export interface RunState<Progress> {
  runId: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  progress: Progress | null;
  /** set when `state` is `failed` or `cancelled` */
  error: ApiError | null;
}

export interface BackgroundRun<Progress, Value, Tag> {
  state: RunState<Progress>;
  /** what the owner tells its runs apart by (a lab task, an enrichment's key and group) */
  tag: Tag;
  controller: AbortController;
  outcome: Promise<Value>;
  /** set when the run is done */
  value?: Value;
}

/**
 * Runs on the workbench thread that the renderer polls for progress and may cancel; the work checks
 * the run's signal between its steps. The newest `keepFinished` finished runs stay to be asked about
 * (their results, what they kept), older ones are forgotten.
 */
export class BackgroundRuns<Progress, Value, Tag> {
  private readonly runs = new Map<string, BackgroundRun<Progress, Value, Tag>>();

  constructor(
    /** names a run in errors: "no lab run …" */
    private readonly noun: string,
    private readonly keepFinished: number,
  ) {}

  start(
    tag: Tag,
    work: (signal: AbortSignal, report: (progress: Progress) => void) => Promise<Value>,
  ): BackgroundRun<Progress, Value, Tag> {
    const runId = randomUUID();
    const controller = new AbortController();
    const state: RunState<Progress> = { runId, state: 'running', progress: null, error: null };
    const pending = { state, tag, controller };
    const report = (progress: Progress) => {
      if (pending.state.state === 'running') pending.state = { ...pending.state, progress };
    };
    const run: BackgroundRun<Progress, Value, Tag> = Object.assign(pending, { outcome: work(controller.signal, report) });
    this.runs.set(runId, run);
    run.outcome.then(
      (value) => {
        run.value = value;
        this.finish(run, { ...run.state, state: 'done', progress: null });
      },
      (error: unknown) =>
        this.finish(run, controller.signal.aborted ? cancelledState(run) : { ...run.state, state: 'failed', error: toApiError(error) }),
    );
    return run;
  }

  runOf(runId: string): BackgroundRun<Progress, Value, Tag> {
    const run = this.runs.get(runId);
    if (!run) throw new NotFoundError(`no ${this.noun} ${runId}`);
    return run;
  }

  /** Cancels a running run; false when it had already finished. */
  cancel(runId: string): boolean {
    const run = this.runOf(runId);
    if (run.state.state !== 'running') return false;
    run.controller.abort();
    run.state = cancelledState(run);
    return true;
  }

  all(): IterableIterator<BackgroundRun<Progress, Value, Tag>> {
    return this.runs.values();
  }

  private finish(run: BackgroundRun<Progress, Value, Tag>, state: RunState<Progress>): void {
    if (run.state.state === 'running') run.state = state;
    const finished = [...this.runs.values()].filter((other) => other.state.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - this.keepFinished))) this.runs.delete(old.state.runId);
  }
}

function cancelledState<Progress>(run: BackgroundRun<Progress, unknown, unknown>): RunState<Progress> {
  return { ...run.state, state: 'cancelled', progress: null, error: toApiError(cancelledError()) };
}
