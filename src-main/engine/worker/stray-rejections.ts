import { StratumError } from '../../../src-shared/errors';

/** The failure callbacks of the work in flight on this thread. */
const inFlight = new Set<(error: Error) => void>();
/** Who is told of a rejection that came while no work was in flight. */
const afterWork = new Set<(error: Error) => void>();
let listening = false;

/**
 * Runs `work` so that a promise rejection nobody handled while it runs (pdf.js can leave one behind)
 * fails it, instead of ending the thread or the process with a stack trace. Such a rejection names
 * no owner: it fails all the work in flight, which is exact where one piece runs at a time (a CLI
 * batch with one worker, a worker thread's job).
 */
export function failOnStrayRejection<T>(work: () => Promise<T> | T): Promise<T> {
  listen();
  return new Promise<T>((resolve, reject) => {
    const fail = (error: Error) => {
      inFlight.delete(fail);
      reject(error);
    };
    inFlight.add(fail);
    const finish = () => inFlight.delete(fail);
    try {
      Promise.resolve(work()).then(
        (value) => {
          finish();
          resolve(value);
        },
        (error: unknown) => {
          finish();
          reject(error);
        },
      );
    } catch (error) {
      finish();
      reject(error);
    }
  });
}

/**
 * Tells `listener` of every rejection nobody handled while no work was in flight: work that settled
 * can leave one behind a moment later, and its owner may want to hear of it (a thread's caller).
 */
export function onStrayRejectionAfterWork(listener: (error: Error) => void): void {
  listen();
  afterWork.add(listener);
}

function listen(): void {
  if (listening) return;
  listening = true;
  process.on('unhandledRejection', (reason) => {
    const error =
      reason instanceof StratumError ? reason : new Error(`unexpected failure (a promise rejection nobody handled): ${describe(reason)}`);
    // with no work to blame, the thread still serves the next piece: the failure is only told
    if (inFlight.size === 0) {
      console.error(error);
      for (const listener of afterWork) listener(error);
    }
    for (const fail of [...inFlight]) fail(error);
  });
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
