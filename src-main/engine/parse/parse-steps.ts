import { StratumError } from '../../../src-shared/errors';
import { checkpoint, throwIfAborted } from '../cancellation';
import type { ParseInput, ParseOptions } from './parser';

// Steps every parser takes the same way, so that every format fails, reports and cancels alike.

/** A zero-byte file is an `empty-file` error whatever its format. */
export function rejectEmptyFile(input: ParseInput): void {
  if (input.bytes.length === 0) throw new StratumError('empty-file', `${input.fileName}: the file is empty`);
}

/** Where a parser's progress stands: `stage` as shown beside the bar, reported every `every` units. */
export interface ProgressSteps {
  stage: string;
  every: number;
}

/**
 * For a synchronous walk over `total` units, which cannot await a `checkpoint`: call the returned
 * function once a unit. Every `steps.every` units it throws `cancelled` if the signal has been
 * aborted, and reports progress.
 */
export function progressTicker(options: ParseOptions, steps: ProgressSteps, total: number): () => void {
  let done = 0;
  return () => {
    if (++done % steps.every !== 0) return;
    throwIfAborted(options.signal);
    options.onProgress?.({ stage: steps.stage, done: Math.min(done, total), total });
  };
}

/**
 * Writes `blocks` in order; every `steps.every` blocks it reports progress and awaits a `checkpoint`
 * so that an abort gets through, and at the end it reports them all done.
 */
export async function writeInSteps<T>(
  blocks: readonly T[],
  write: (block: T) => void,
  steps: ProgressSteps,
  options: ParseOptions,
): Promise<void> {
  const total = blocks.length;
  for (let i = 0; i < total; i++) {
    if (i > 0 && i % steps.every === 0) {
      options.onProgress?.({ stage: steps.stage, done: i, total });
      await checkpoint(options.signal);
    }
    write(blocks[i]!);
  }
  options.onProgress?.({ stage: steps.stage, done: total, total });
}
