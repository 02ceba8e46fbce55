import { StratumError } from '../../src-shared/errors';
import { serializeCanonical, serializeCanonicalJsonl } from './export/canonical';
import type { ParseProgress } from './parse/parser';
import { exportCanonical, parseDocument } from './pipeline';

export const OUTPUT_FORMATS = ['canonical', 'jsonl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** File extension of each output format. */
export const OUTPUT_EXTENSIONS: Record<OutputFormat, string> = { canonical: '.json', jsonl: '.jsonl' };

/** One file through parse, chunk and export: the unit of work of the CLI batch and the worker pool. */
export interface ChunkJob {
  /** Base name with extension; selects the parser. */
  fileName: string;
  bytes: Uint8Array;
  /** A config as a user writes it; validated in the job. */
  config: unknown;
  format: OutputFormat;
  password?: string;
}

export interface ChunkJobResult {
  output: string;
  chunkCount: number;
}

/** Parse progress, then `{ stage: 'chunk', done: <chunks so far>, total: 0 }` (the total is unknown while chunking). */
export type JobProgress = ParseProgress;

export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (progress: JobProgress) => void;
}

export async function runChunkJob(job: ChunkJob, options: JobOptions = {}): Promise<ChunkJobResult> {
  const { signal, onProgress } = options;
  const parsed = await parseDocument(job.fileName, job.bytes, { signal, onProgress, password: job.password });
  if (signal?.aborted) throw new StratumError('cancelled', 'cancelled');
  const canonical = exportCanonical(parsed, job.config, {
    onChunk: (done) => onProgress?.({ stage: 'chunk', done, total: 0 }),
  });
  const output = job.format === 'jsonl' ? serializeCanonicalJsonl(canonical) : serializeCanonical(canonical);
  return { output, chunkCount: canonical.chunks.length };
}
