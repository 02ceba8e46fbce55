import { describe, expect, it } from 'vitest';
import { StratumError } from '../../src-shared/errors';
import { cancelledError } from '../engine/cancellation';
import { JobRegistry } from './jobs';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('JobRegistry', () => {
  it('reports progress while running and the document id when done', async () => {
    const jobs = new JobRegistry();
    let finish: (id: string) => void = () => undefined;
    const jobId = jobs.start((_signal, report) => {
      report({ stage: 'page', done: 1, total: 3 });
      return new Promise<string>((resolve) => (finish = resolve));
    });
    expect(jobs.status(jobId)).toMatchObject({ state: 'running', progress: { stage: 'page', done: 1, total: 3 } });
    finish('abcdef0123456789');
    await tick();
    expect(jobs.status(jobId)).toMatchObject({ state: 'done', documentId: 'abcdef0123456789', error: null });
  });

  it('names the preview of a document being read, and keeps it beside the document id', async () => {
    const jobs = new JobRegistry();
    let finish: (id: string) => void = () => undefined;
    const jobId = jobs.start(async (_signal, _report, preview) => {
      await tick();
      preview('0123456789abcdef');
      return new Promise<string>((resolve) => (finish = resolve));
    });
    expect(jobs.status(jobId)).not.toHaveProperty('previewDocumentId');
    await tick();
    await tick();
    expect(jobs.status(jobId)).toMatchObject({ state: 'running', previewDocumentId: '0123456789abcdef', documentId: null });
    finish('abcdef0123456789');
    await tick();
    expect(jobs.status(jobId)).toMatchObject({ state: 'done', previewDocumentId: '0123456789abcdef', documentId: 'abcdef0123456789' });
  });

  it('keeps the typed error of a failed job', async () => {
    const jobs = new JobRegistry();
    const jobId = jobs.start(async () => {
      throw new StratumError('corrupt-file', 'x.pdf: damaged');
    });
    await tick();
    expect(jobs.status(jobId)).toMatchObject({ state: 'failed', error: { code: 'corrupt-file', message: 'x.pdf: damaged' } });
  });

  it('cancels a running job through its signal, and only once', async () => {
    const jobs = new JobRegistry();
    let aborted = false;
    const jobId = jobs.start(
      (signal) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(cancelledError());
          }),
        ),
    );
    expect(jobs.cancel(jobId)).toBe(true);
    await tick();
    expect(aborted).toBe(true);
    expect(jobs.status(jobId).state).toBe('cancelled');
    expect(jobs.cancel(jobId)).toBe(false);
  });

  it('answers an unknown job id with not-found', () => {
    expect(() => new JobRegistry().status('nope')).toThrow('no job nope');
  });
});
