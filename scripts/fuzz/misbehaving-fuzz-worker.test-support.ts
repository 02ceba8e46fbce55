import { parentPort } from 'node:worker_threads';
import { serveRpc } from '../../src-main/engine/worker/thread-rpc';
import { fuzzWorkerMethods, type ParseEnding } from './parse-pool';

/**
 * A stand-in for the fuzz worker (parse-pool.test.ts) that misbehaves as the file name asks: the pool's
 * part is to tell a hang, a heap overflow, a dead thread and a stray rejection apart, whatever the parser did.
 */
const parsed = { ending: { kind: 'parsed', items: 1, chunks: null } satisfies ParseEnding, ms: 1 };

if (parentPort) {
  serveRpc(parentPort, fuzzWorkerMethods, {
    parse({ fileName }) {
      const behaviour = fileName.split('.')[0];
      // The endless loops are what the pool's deadline and heap cap are there to end.
      if (behaviour === 'hang') for (;;);
      if (behaviour === 'oom') {
        const kept: number[][] = [];
        for (;;) kept.push(new Array<number>(100_000).fill(kept.length));
      }
      if (behaviour === 'exit') process.exit(3);
      if (behaviour === 'stray') {
        void Promise.reject(new Error('left behind'));
        return new Promise<never>(() => undefined);
      }
      if (behaviour === 'late') setTimeout(() => void Promise.reject(new Error('left behind after the result')), 20);
      if (behaviour === 'throw-late') {
        setTimeout(() => {
          throw new Error('thrown after the result');
        }, 20);
      }
      return parsed;
    },
  });
}
