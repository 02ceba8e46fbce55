import { setTimeout as sleep } from 'node:timers/promises';
import { cancelledError } from '../cancellation';
import { LlmRequestError } from './http-json';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** The first wait; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` waited for: a provider asking for more fails the request at once. */
  maxRetryAfterMs: number;
  /** [0, 1): the jitter's source (tests pin it). */
  random?: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 120_000 };

/**
 * Runs `attempt` until it succeeds, fails with an error that is not retryable, or has failed
 * `retries + 1` times. Between attempts it waits what the provider asked (`Retry-After`), else an
 * exponential backoff with jitter (half the step fixed, half random), so that many requests
 * refused together do not all come back together. The wait ends at once when `signal` aborts.
 */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal: AbortSignal): Promise<T> {
  const random = policy.random ?? Math.random;
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LlmRequestError) || !error.retryable || failures >= policy.retries) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > policy.maxRetryAfterMs) {
        throw new LlmRequestError(
          `${error.message} (the provider asks to wait ${Math.ceil(error.retryAfterMs / 1000)} s, ` +
            `longer than the ${policy.maxRetryAfterMs / 1000} s a retry waits)`,
          false,
          error.status,
        );
      }
      const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** failures);
      await wait(error.retryAfterMs ?? step / 2 + random() * (step / 2), signal);
    }
  }
}

async function wait(milliseconds: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(milliseconds, undefined, { signal });
  } catch {
    throw cancelledError();
  }
}
