import { cancelledError } from '../cancellation';

/**
 * At most `limit` tasks at a time, first come first served. A task still waiting when its signal
 * aborts leaves the queue at once with the cancelled error.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<{ start: () => void; cancel: () => void }> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit must be a positive integer, got ${limit}`);
  }

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.start();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(cancelledError());
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          signal.removeEventListener('abort', entry.cancel);
          this.running++;
          resolve();
        },
        cancel: () => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(cancelledError());
        },
      };
      signal.addEventListener('abort', entry.cancel, { once: true });
      this.waiting.push(entry);
    });
  }
}
