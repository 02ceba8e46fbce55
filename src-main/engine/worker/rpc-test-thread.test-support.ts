import { parentPort, threadId } from 'node:worker_threads';
import { z } from 'zod';
import { StratumError } from '../../../src-shared/errors';
import { checkpoint } from '../cancellation';
import { serveRpc } from './thread-rpc';

/** A thread for thread-rpc.test.ts: each method behaves as some real handler can (answers, fails, hangs, dies). */
export const testMethods = {
  echo: { payload: z.object({ text: z.string() }), result: z.object({ text: z.string(), threadId: z.number() }) },
  /** counts to `to`, one step every `stepMs`, reporting each step and stopping when cancelled */
  count: { payload: z.object({ to: z.number().int(), stepMs: z.number() }), result: z.number(), progress: z.number() },
  fail: { payload: z.object({ code: z.literal('corrupt-file').nullable(), message: z.string() }), result: z.never() },
  /** busy for `ms` without ever looking at its messages, like a parser in a long synchronous step */
  spin: { payload: z.object({ ms: z.number() }), result: z.number() },
  /** the thread ends in the middle of the call */
  exit: { payload: z.object({}), result: z.never() },
  /** answers with a value that cannot be cloned */
  unclonable: { payload: z.object({}), result: z.unknown() },
  /** leaves a rejection nobody handles, as pdf.js can, and never answers */
  strayRejection: { payload: z.object({}), result: z.never() },
  /** answers with what the method's result schema refuses */
  wrongResult: { payload: z.object({}), result: z.number() },
  /** answers, then leaves a rejection nobody handles while no call is in flight */
  strayAfterReply: { payload: z.object({}), result: z.string() },
  /** fills the heap until the thread reaches its heap cap */
  allocate: { payload: z.object({}), result: z.never() },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (parentPort) {
  serveRpc(parentPort, testMethods, {
    echo: ({ text }) => ({ text, threadId }),
    async count({ to, stepMs }, { signal, progress }) {
      for (let step = 1; step <= to; step++) {
        await wait(stepMs);
        await checkpoint(signal);
        progress(step);
      }
      return to;
    },
    fail({ code, message }) {
      throw code === null ? new TypeError(message) : new StratumError(code, message);
    },
    spin({ ms }) {
      const until = Date.now() + ms;
      let turns = 0;
      while (Date.now() < until) turns++;
      return turns;
    },
    exit() {
      setTimeout(() => process.exit(3), 20);
      return new Promise<never>(() => undefined);
    },
    unclonable: () => ({ callback: () => 'a function is not cloneable' }),
    strayRejection() {
      void Promise.reject(new Error('FormatError: Invalid number'));
      return new Promise<never>(() => undefined);
    },
    wrongResult: () => 'not a number' as unknown as number,
    strayAfterReply() {
      setTimeout(() => void Promise.reject(new Error('FormatError: Invalid number')), 20);
      return 'answered';
    },
    allocate() {
      const kept: number[][] = [];
      for (;;) kept.push(new Array<number>(100_000).fill(kept.length));
    },
  });
}
