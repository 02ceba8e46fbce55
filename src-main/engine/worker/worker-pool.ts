import type { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { outputFormatSchema } from '../../../src-shared/export-options';
import { cancelledError } from '../cancellation';
import { OCR_MODES, XLSX_VALUE_MODES } from '../parse/parser';
import { ENRICHMENT_ERROR_MODES, llmConfigSchema } from '../../../src-shared/pipeline-config';
import { RELATION_METHODS } from '../enrich/cross-doc/related-chunks';
import type { BatchInputs, ChunkJob, ChunkJobResult, JobOptions } from '../pipeline-job';
import { StratumError, type StratumErrorCode } from '../../../src-shared/errors';
import { startModuleWorker } from './module-worker';
import { describeThreadLimit, threadLimits } from './thread-limits';
import type { RpcClient } from './thread-rpc';
import { connectWorker } from './worker-rpc';

/** A job may run this long (a long scanned PDF is OCRed page by page) before it fails. */
const JOB_DEADLINE_MS = 60 * 60_000;

const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'must be a Uint8Array' });

const termStatisticsSchema = z.object({ chunkCount: z.number().int().nonnegative(), chunkFrequency: z.map(z.string(), z.number()) });

const crossDocumentSchema = z.union([
  z.object({
    related: z.record(
      z.string(),
      z.array(
        z.object({
          doc_id: z.string(),
          source_file: z.string(),
          chunk_id: z.string(),
          score: z.number(),
          method: z.enum(RELATION_METHODS),
        }),
      ),
    ),
    texts: z.record(z.string(), z.string()).optional(),
    documents: z.number().int().nonnegative(),
    chunks: z.number().int().nonnegative(),
    methods: z.array(z.string()),
  }),
  z.object({ problem: z.string(), code: z.custom<StratumErrorCode>((value) => typeof value === 'string') }),
]);

const batchDocumentSchema = z.object({
  docId: z.string(),
  sourceFile: z.string(),
  chunks: z.array(z.object({ id: z.string(), text: z.string() })),
});

const chunkJobSchema = z.object({
  fileName: z.string().min(1),
  bytes: bytesSchema,
  config: z.unknown(),
  format: outputFormatSchema,
  password: z.string().optional(),
  ocr: z.enum(OCR_MODES).optional(),
  ocrJson: z.object({ fileName: z.string().min(1), bytes: bytesSchema }).optional(),
  xlsxValues: z.enum(XLSX_VALUE_MODES).optional(),
  documentFolder: z.string().min(1).optional(),
  artifacts: z.object({ folder: z.string().min(1), stem: z.string().min(1).optional(), imageDpi: z.number().positive() }).optional(),
  contextualizedText: z.boolean().optional(),
  enrich: z
    .object({
      steps: z.array(z.object({ name: z.string().min(1), options: z.unknown() })),
      onError: z.enum(ENRICHMENT_ERROR_MODES).optional(),
      batch: termStatisticsSchema.optional(),
      crossDocument: crossDocumentSchema.optional(),
      llm: z
        .object({
          config: llmConfigSchema,
          apiKey: z.string().optional(),
          cacheFolder: z.string().min(1).optional(),
          estimateOnly: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
}) satisfies z.ZodType<ChunkJob>;

const count = z.number().int().nonnegative();
const costSchema = z.union([z.number().nonnegative(), z.literal('unknown')]);
const llmRunReportSchema = z.object({
  estimate: z.object({
    model: z.string(),
    requests: count,
    diskCacheHits: count,
    inputTokens: count,
    maxOutputTokens: count,
    maxCost: costSchema,
  }),
  usage: z
    .object({
      model: z.string(),
      requests: count,
      diskCacheHits: count,
      tokens: z.object({ input: count, output: count, cachedInput: count }),
      cost: costSchema,
    })
    .optional(),
});

const jobProgressSchema = z.object({ stage: z.string(), done: z.number(), total: z.number() });

/** What the pool asks of an engine worker (engine-worker.ts). */
export const engineWorkerMethods = {
  runChunkJob: {
    payload: chunkJobSchema,
    result: z.object({
      output: z.string(),
      chunkCount: z.number().int().nonnegative(),
      notes: z.array(z.string()).optional(),
      llm: llmRunReportSchema.optional(),
    }),
    progress: jobProgressSchema,
  },
  collectBatchInputs: {
    payload: chunkJobSchema,
    result: z.object({ terms: termStatisticsSchema.optional(), document: batchDocumentSchema.optional() }),
    progress: jobProgressSchema,
  },
};

type EngineClient = RpcClient<typeof engineWorkerMethods>;

interface PendingJob {
  job: ChunkJob;
  options: JobOptions;
  /** The call the job makes on the worker that takes it. */
  call(client: EngineClient): Promise<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface PoolWorker {
  worker: Worker;
  client: EngineClient;
  /** the file of the job it runs, named when it runs out of memory */
  fileName?: string;
}

/**
 * Runs chunk jobs on at most `size` worker threads, first come first served, each within the parse
 * heap cap (`parseHeapMb`: a job past it fails with `too-large`). Workers start on demand
 * and stay for the next job (their parse cache stays warm); idle workers do not keep the process alive.
 * Cancelling a running job asks its worker to stop; one that does not within a moment is terminated
 * (chunking is synchronous, so a worker busy chunking never sees the message) and replaced.
 */
export class EngineWorkerPool {
  private readonly queue: PendingJob[] = [];
  private readonly idle: PoolWorker[] = [];
  private readonly busy = new Set<PoolWorker>();
  private closed = false;
  // read here: a limit variable that is not a number fails the command before any file
  private readonly limits = threadLimits();

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`worker pool size must be a positive integer, got ${size}`);
  }

  run(job: ChunkJob, options: JobOptions = {}): Promise<ChunkJobResult> {
    const { signal, onProgress } = options;
    return this.enqueue(job, options, (client) => client.call('runChunkJob', job, { signal, onProgress }));
  }

  /** A batch's first pass when its steps depend on every document of it (`collectBatchInputs` in pipeline-job.ts). */
  collectBatchInputs(job: ChunkJob, options: JobOptions = {}): Promise<BatchInputs> {
    const { signal, onProgress } = options;
    return this.enqueue(job, options, (client) => client.call('collectBatchInputs', job, { signal, onProgress }));
  }

  private enqueue<Result>(job: ChunkJob, options: JobOptions, call: (client: EngineClient) => Promise<Result>): Promise<Result> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (options.signal?.aborted) return Promise.reject(cancelledError());
    const { signal } = options;
    return new Promise<Result>((resolve, reject) => {
      // A job still waiting is cancelled here; a running one by its call. A caller may share one signal between many jobs.
      const onAbort = () => {
        const index = this.queue.indexOf(pending);
        if (index >= 0) this.queue.splice(index, 1)[0]!.reject(cancelledError());
      };
      const pending: PendingJob = {
        job,
        options,
        call,
        resolve: (result) => {
          signal?.removeEventListener('abort', onAbort);
          // `call` made the result, so it is a Result
          resolve(result as Result);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Terminates every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the worker pool was closed'));
    const workers = [...this.idle.splice(0), ...this.busy];
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  /** Worker threads alive now, idle or busy; never more than `size`. */
  get workerCount(): number {
    return this.idle.length + this.busy.size;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.workerCount < this.size)) {
      const pending = this.queue.shift()!;
      const poolWorker = this.idle.pop() ?? this.spawn();
      this.busy.add(poolWorker);
      poolWorker.worker.ref();
      void this.runOn(poolWorker, pending);
    }
  }

  private spawn(): PoolWorker {
    const resourceLimits = { maxOldGenerationSizeMb: this.limits.parseHeapMb };
    const worker = startModuleWorker(import.meta.url, 'engine-worker', { resourceLimits });
    const outOfMemoryError = () => {
      const limit = describeThreadLimit('parseHeapMb', this.limits);
      return new StratumError('too-large', `ran out of memory reading ${poolWorker.fileName ?? 'a file'} (${limit})`);
    };
    const client = connectWorker(worker, engineWorkerMethods, { name: 'engine worker', deadlineMs: JOB_DEADLINE_MS, outOfMemoryError });
    const poolWorker: PoolWorker = { worker, client };
    worker.on('exit', () => {
      const index = this.idle.indexOf(poolWorker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    return poolWorker;
  }

  private async runOn(poolWorker: PoolWorker, pending: PendingJob): Promise<void> {
    poolWorker.fileName = pending.job.fileName;
    try {
      pending.resolve(await pending.call(poolWorker.client));
    } catch (error) {
      pending.reject(error);
    }
    // a cancelled job's worker takes no other job until it has stopped it (or been replaced)
    await poolWorker.client.idle();
    this.busy.delete(poolWorker);
    if (!poolWorker.client.failed && !this.closed) {
      poolWorker.worker.unref();
      this.idle.push(poolWorker);
    }
    if (!this.closed) this.dispatch();
  }
}
