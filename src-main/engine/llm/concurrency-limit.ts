import { cancelledError } from '../cancellation';

interface Waiting {
  start: () => void;
  signal: AbortSignal;
  reject: (error: Error) => void;
}

/**
 * At most `limit` tasks at a time, first come first served. A task still waiting when its signal
 * aborts leaves the queue at once with the cancelled error. A signal shared by a thousand waiting
 * tasks (one step's chunks) gets one abort listener, not a thousand.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly watched = new Map<AbortSignal, () => void>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit must be a positive integer, got ${limit}`);
  }

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.running--;
      this.startNext();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(cancelledError());
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ start: resolve, signal, reject });
      this.watch(signal);
    });
  }

  private startNext(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.running++;
    this.unwatchIfIdle(next.signal);
    next.start();
  }

  private watch(signal: AbortSignal): void {
    if (this.watched.has(signal)) return;
    const onAbort = () => {
      this.watched.delete(signal);
      for (let index = this.waiting.length - 1; index >= 0; index--) {
        if (this.waiting[index]!.signal === signal) this.waiting.splice(index, 1)[0]!.reject(cancelledError());
      }
    };
    this.watched.set(signal, onAbort);
    signal.addEventListener('abort', onAbort, { once: true });
  }

  private unwatchIfIdle(signal: AbortSignal): void {
    if (this.waiting.some((entry) => entry.signal === signal)) return;
    const onAbort = this.watched.get(signal);
    if (onAbort) signal.removeEventListener('abort', onAbort);
    this.watched.delete(signal);
  }
}
