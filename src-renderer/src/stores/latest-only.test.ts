import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest-only';

/** A request the test answers by hand, so that calls can be made while it is in flight. */
function deferred(): { promise: Promise<void>; resolve(): void; reject(error: Error): void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestOnly', () => {
  it('starts at once, keeps one request in flight and folds calls made meanwhile into one re-run with the latest input', async () => {
    let input = 1;
    const seen: number[] = [];
    const pending: Array<ReturnType<typeof deferred>> = [];
    const request = latestOnly(async () => {
      seen.push(input);
      const reply = deferred();
      pending.push(reply);
      await reply.promise;
    });

    void request();
    expect(seen).toEqual([1]);
    input = 2;
    void request();
    input = 3;
    void request();
    input = 4;
    void request();
    expect(seen).toEqual([1]);
    pending[0]!.resolve();
    await settle();
    expect(seen).toEqual([1, 4]);
    pending[1]!.resolve();
    await settle();
    expect(seen).toEqual([1, 4]);
  });

  it('tells the run whether a call came in while it was in flight', async () => {
    const verdicts: boolean[] = [];
    const pending: Array<ReturnType<typeof deferred>> = [];
    const request = latestOnly(async (superseded) => {
      const reply = deferred();
      pending.push(reply);
      await reply.promise;
      verdicts.push(superseded());
    });

    void request();
    void request();
    pending[0]!.resolve();
    await settle();
    pending[1]!.resolve();
    await settle();
    expect(verdicts).toEqual([true, false]);
  });

  it('re-runs after a failed request too', async () => {
    let calls = 0;
    const pending: Array<ReturnType<typeof deferred>> = [];
    const request = latestOnly(async () => {
      calls++;
      const reply = deferred();
      pending.push(reply);
      await reply.promise;
    });

    const first = request();
    void request();
    pending[0]!.reject(new Error('engine rejected the config'));
    await expect(first).rejects.toThrow('engine rejected the config');
    await settle();
    expect(calls).toBe(2);
  });
});
