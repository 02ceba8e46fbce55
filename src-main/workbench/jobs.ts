import type { JobProgress, JobStatus } from '../../src-shared/api';
import { BackgroundRuns } from './background-runs';

/** What a job learns of its document while it runs: the id of a preview of its first pages, once there is one. */
interface JobPreview {
  documentId?: string;
}

const KEEP_FINISHED_JOBS = 32;

/**
 * Long work (opening a document) as jobs the renderer polls: progress while running, a document id
 * or a typed error at the end, and cancellation through the job's AbortSignal. The runs are the
 * workbench's background runs; a job's status names them as the API does.
 */
export class JobRegistry {
  private readonly runs = new BackgroundRuns<JobProgress, string, JobPreview>('job', KEEP_FINISHED_JOBS);

  start(
    work: (signal: AbortSignal, report: (progress: JobProgress) => void, preview: (documentId: string) => void) => Promise<string>,
  ): string {
    const preview: JobPreview = {};
    const run = this.runs.start(preview, (signal, report) => work(signal, report, (documentId) => (preview.documentId = documentId)));
    return run.state.runId;
  }

  status(jobId: string): JobStatus {
    const { state, value, tag } = this.runs.runOf(jobId);
    return {
      jobId: state.runId,
      state: state.state,
      progress: state.progress,
      documentId: value ?? null,
      ...(tag.documentId === undefined ? {} : { previewDocumentId: tag.documentId }),
      error: state.error,
    };
  }

  /** Cancels a running job; false when it had already finished. */
  cancel(jobId: string): boolean {
    return this.runs.cancel(jobId);
  }
}
