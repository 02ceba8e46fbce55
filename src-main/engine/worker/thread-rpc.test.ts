import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StratumError } from '../../../src-shared/errors';
import { startModuleWorker } from './module-worker';
import { testMethods } from './rpc-test-thread.test-support';
import { CallDeadlineError, errorFromWire, errorToWire, RpcClient, serveRpc } from './thread-rpc';
import { connectWorker, RestartingThread } from './worker-rpc';

/** Threads start through tsx here, slowly on a busy machine: a generous wait for readiness. */
const STARTUP_MS = 60_000;
const startTestThread = () => startModuleWorker(import.meta.url, 'rpc-test-thread.test-support');

const thread = new RestartingThread(startTestThread, testMethods, { name: 'test thread', stopGraceMs: 200 });
afterAll(() => thread.close());

describe('thread RPC over a worker thread', () => {
  it('answers calls, reports progress, and keeps a StratumError’s code across the boundary', { timeout: STARTUP_MS }, async () => {
    await thread.ready();
    await expect(thread.call('echo', { text: 'hello' })).resolves.toMatchObject({ text: 'hello' });
    const steps: number[] = [];
    await expect(thread.call('count', { to: 3, stepMs: 1 }, { onProgress: (step) => steps.push(step) })).resolves.toBe(3);
    expect(steps).toEqual([1, 2, 3]);
    const typed = thread.call('fail', { code: 'corrupt-file', message: 'x.pdf: damaged' });
    await expect(typed).rejects.toBeInstanceOf(StratumError);
    await expect(typed).rejects.toMatchObject({ code: 'corrupt-file', message: 'x.pdf: damaged' });
    const bug = thread.call('fail', { code: null, message: 'undefined is not a function' });
    await expect(bug).rejects.not.toBeInstanceOf(StratumError);
    await expect(bug).rejects.toThrow('undefined is not a function');
  });

  it('cancels a call on abort: it rejects at once, the handler stops, the next call is served', { timeout: STARTUP_MS }, async () => {
    const controller = new AbortController();
    const abortAtTwo = (step: number) => step === 2 && controller.abort();
    const counting = thread.call('count', { to: 1000, stepMs: 5 }, { signal: controller.signal, onProgress: abortAtTwo });
    await expect(counting).rejects.toMatchObject({ code: 'cancelled' });
    const { threadId } = await thread.call('echo', { text: 'still here' });
    expect((await thread.call('echo', { text: 'same thread' })).threadId).toBe(threadId);
    const aborted = new AbortController();
    aborted.abort();
    await expect(thread.call('echo', { text: 'never sent' }, { signal: aborted.signal })).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('fails a call past its deadline with a clear error and replaces a thread that does not stop', { timeout: STARTUP_MS }, async () => {
    const before = (await thread.call('echo', { text: '' })).threadId;
    const started = Date.now();
    const spinning = thread.call('spin', { ms: 5_000 }, { deadlineMs: 100 });
    await expect(spinning).rejects.toBeInstanceOf(CallDeadlineError);
    await expect(spinning).rejects.toMatchObject({ code: 'too-large', message: 'test thread: spin did not finish within 0.1 s' });
    expect(Date.now() - started).toBeLessThan(2_000);
    // the spinning thread never read the cancel: after the grace it was terminated, the next call gets a new one
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await thread.call('echo', { text: '' })).threadId).not.toBe(before);
  });

  it('a thread killed mid-call fails that call at once; the next call is answered by a new thread', { timeout: STARTUP_MS }, async () => {
    const before = (await thread.call('echo', { text: '' })).threadId;
    const inFlight = thread.call('count', { to: 1000, stepMs: 10 });
    await expect(thread.call('exit', {})).rejects.toThrow('test thread stopped (exit code 3)');
    await expect(inFlight).rejects.toThrow('test thread stopped (exit code 3)');
    const after = await thread.call('echo', { text: 'answered' });
    expect(after).toMatchObject({ text: 'answered' });
    expect(after.threadId).not.toBe(before);
  });

  it('turns what would end a thread into the call’s error: an unclonable reply, a stray rejection', { timeout: STARTUP_MS }, async () => {
    const before = (await thread.call('echo', { text: '' })).threadId;
    await expect(thread.call('unclonable', {})).rejects.toThrow(/the reply could not be sent: .*could not be cloned/);
    const stray = thread.call('strayRejection', {});
    await expect(stray).rejects.toThrow('unexpected failure (a promise rejection nobody handled): FormatError: Invalid number');
    expect((await thread.call('echo', { text: '' })).threadId).toBe(before);
  });

  it('checks a payload against its schema on the thread, a result against its schema on the caller', { timeout: STARTUP_MS }, async () => {
    await expect(thread.call('echo', { text: 42 } as unknown as { text: string })).rejects.toThrow(/^echo: invalid payload: text: /);
    await expect(thread.call('wrongResult', {})).rejects.toThrow(/^test thread: wrongResult: invalid reply: reply: /);
  });

  it('a request that cannot be sent fails its call, not the caller', { timeout: STARTUP_MS }, async () => {
    const unclonable = { text: 'x', callback: () => undefined } as unknown as { text: string };
    await expect(thread.call('echo', unclonable)).rejects.toThrow(/test thread: echo: the request could not be sent/);
    await expect(thread.call('echo', { text: 'next' })).resolves.toMatchObject({ text: 'next' });
  });

  it('a worker that ends fails its calls in flight and every later one', { timeout: STARTUP_MS }, async () => {
    const worker = startTestThread();
    const client = connectWorker(worker, testMethods, { name: 'single thread' });
    await client.ready;
    const inFlight = client.call('count', { to: 1000, stepMs: 10 });
    await worker.terminate();
    await expect(inFlight).rejects.toThrow('single thread stopped (exit code 1)');
    await expect(client.call('echo', { text: '' })).rejects.toThrow('single thread stopped');
    await client.idle();
    expect(client.failed).toBe(true);
  });

  it(
    'a thread at its heap cap fails its call with too-large, the worker’s error (its code kept) as the cause',
    { timeout: STARTUP_MS },
    async () => {
      const worker = startModuleWorker(import.meta.url, 'rpc-test-thread.test-support', { resourceLimits: { maxOldGenerationSizeMb: 64 } });
      const client = connectWorker(worker, testMethods, { name: 'capped thread' });
      try {
        await client.ready;
        const failure: unknown = await client.call('allocate', {}).catch((error: unknown) => error);
        expect(failure).toMatchObject({ code: 'too-large', message: 'capped thread ran out of memory' });
        expect((failure as Error).cause).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
      } finally {
        await worker.terminate();
      }
    },
  );

  it('tells the caller of a rejection left behind after a call was answered; the thread serves on', { timeout: STARTUP_MS }, async () => {
    const worker = startTestThread();
    let told: (message: string) => void = () => undefined;
    const stray = new Promise<string>((resolve) => (told = resolve));
    const client = connectWorker(worker, testMethods, { name: 'stray thread', onStrayRejection: (error) => told(error.message) });
    try {
      await expect(client.call('strayAfterReply', {})).resolves.toBe('answered');
      await expect(stray).resolves.toBe('unexpected failure (a promise rejection nobody handled): FormatError: Invalid number');
      await expect(client.call('echo', { text: 'next' })).resolves.toMatchObject({ text: 'next' });
    } finally {
      await worker.terminate();
    }
  });
});

describe('thread RPC over a message channel', () => {
  const methods = { slow: { payload: z.object({ ms: z.number() }), result: z.string() } };

  it('idle() waits for a given-up call until its thread answers it', async () => {
    const { port1, port2 } = new MessageChannel();
    let answered = false;
    serveRpc(port2, methods, {
      async slow({ ms }) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        answered = true;
        return 'late';
      },
    });
    const client = new RpcClient(port1, methods, { name: 'channel', stopGraceMs: 5_000 });
    try {
      await expect(client.call('slow', { ms: 150 }, { deadlineMs: 20 })).rejects.toMatchObject({ code: 'too-large' });
      expect(answered).toBe(false);
      await client.idle();
      expect(answered).toBe(true);
    } finally {
      port1.close();
    }
  });

  it('rebuilds errors from the wire: StratumErrors with their code, anything else as a bug', () => {
    const typed = errorFromWire(errorToWire(new StratumError('wrong-password', 'a.pdf: wrong password')));
    expect(typed).toBeInstanceOf(StratumError);
    expect(typed).toMatchObject({ code: 'wrong-password', message: 'a.pdf: wrong password' });
    const bug = new RangeError('Maximum call stack size exceeded');
    expect(errorToWire(bug)).toEqual({ code: null, message: 'Maximum call stack size exceeded' });
    expect(errorFromWire({ code: null, message: 'boom' })).not.toBeInstanceOf(StratumError);
  });
});
