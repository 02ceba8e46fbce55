import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { StratumError } from '../../../src-shared/errors';

/**
 * Lets pending events (an abort from the UI, a progress repaint) run, then throws
 * `StratumError('cancelled')` if the signal was aborted. Parsers call it between phases and
 * every few hundred blocks, since their synchronous work would otherwise never see the abort.
 */
export async function checkpoint(signal: AbortSignal | undefined, fileName: string): Promise<void> {
  if (!signal) return;
  await nextMacrotask();
  if (signal.aborted) throw new StratumError('cancelled', `${fileName}: parsing cancelled`);
}
