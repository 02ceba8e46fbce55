import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { StratumError, isStratumError } from '../../src-shared/errors';

/**
 * Cancellation, the same everywhere: parsers, the chunk job, the worker pool, the thread RPC and the
 * workbench's jobs all stop with this one error, whatever was running.
 */
export function cancelledError(): StratumError {
  return new StratumError('cancelled', 'cancelled');
}

export function isCancelledError(error: unknown): boolean {
  return isStratumError(error) && error.code === 'cancelled';
}

/** Throws `cancelledError()` if the signal has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}

/**
 * Lets pending events (an abort from the UI, a progress repaint) run, then throws if the signal was
 * aborted. Parsers call it between phases and every few hundred blocks, since their synchronous work
 * would otherwise never see the abort.
 */
export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await nextMacrotask();
  throwIfAborted(signal);
}
