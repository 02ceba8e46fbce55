import { randomUUID } from 'node:crypto';
import type { JobProgress, JobStatus } from '../../src-shared/api';
import type { ApiError } from '../../src-shared/api-result';
import { cancelledError } from '../engine/cancellation';
import { toApiError, NotFoundError } from './dispatch';

interface Job {
  status: JobStatus;
  controller: AbortController;
}

const KEEP_FINISHED_JOBS = 32;

/**
 * Long work (opening a document) as jobs the renderer polls: progress while running, a document id
 * or a typed error at the end, and cancellation through the job's AbortSignal.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, Job>();

  start(
    work: (signal: AbortSignal, report: (progress: JobProgress) => void, preview: (documentId: string) => void) => Promise<string>,
  ): string {
    const jobId = randomUUID();
    const job: Job = {
      status: { jobId, state: 'running', progress: null, documentId: null, error: null },
      controller: new AbortController(),
    };
    this.jobs.set(jobId, job);
    const report = (progress: JobProgress) => {
      if (job.status.state === 'running') job.status = { ...job.status, progress };
    };
    const preview = (previewDocumentId: string) => {
      if (job.status.state === 'running') job.status = { ...job.status, previewDocumentId };
    };
    work(job.controller.signal, report, preview).then(
      (documentId) => this.finish(job, job.controller.signal.aborted ? cancelledStatus(job) : { ...job.status, state: 'done', documentId }),
      (error: unknown) => this.finish(job, job.controller.signal.aborted ? cancelledStatus(job) : failedStatus(job, toApiError(error))),
    );
    return jobId;
  }

  status(jobId: string): JobStatus {
    return this.jobOf(jobId).status;
  }

  /** Cancels a running job; false when it had already finished. */
  cancel(jobId: string): boolean {
    const job = this.jobOf(jobId);
    if (job.status.state !== 'running') return false;
    job.controller.abort();
    job.status = cancelledStatus(job);
    return true;
  }

  private jobOf(jobId: string): Job {
    const job = this.jobs.get(jobId);
    if (!job) throw new NotFoundError(`no job ${jobId}`);
    return job;
  }

  private finish(job: Job, status: JobStatus): void {
    if (job.status.state === 'running') job.status = status;
    const finished = [...this.jobs.values()].filter((j) => j.status.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED_JOBS))) this.jobs.delete(old.status.jobId);
  }
}

function cancelledStatus(job: Job): JobStatus {
  return { ...job.status, state: 'cancelled', error: toApiError(cancelledError()) };
}

function failedStatus(job: Job, error: ApiError): JobStatus {
  return { ...job.status, state: 'failed', error };
}
