import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { ParsePool, type ParsePoolOptions } from './parse-pool';
import type { ParseRequest } from './worker-protocol';

const testData = path.resolve(import.meta.dirname, '../../test-data');

/**
 * A stand-in for the fuzz worker that misbehaves as the file name asks: the pool's part is to tell a
 * hang, a heap overflow, a dead thread and a stray rejection apart, whatever the parser did.
 */
const MISBEHAVING_WORKER = `
// Its endless loops are what the pool's deadline and heap cap are there to end.
const { parentPort } = require('node:worker_threads');
process.on('unhandledRejection', (reason) => parentPort.postMessage({ type: 'stray', id: current, error: String(reason) }));
let current = null;
parentPort.on('message', (request) => {
  current = request.id;
  const behaviour = request.fileName.split('.')[0];
  if (behaviour === 'hang') for (;;) {}
  if (behaviour === 'oom') { const keep = []; for (;;) keep.push(new Array(100000).fill(keep.length)); }
  if (behaviour === 'exit') process.exit(3);
  if (behaviour === 'stray') { Promise.reject(new Error('left behind')); return; }
  parentPort.postMessage({ type: 'result', id: request.id, result: { kind: 'parsed', items: 1, chunks: null }, ms: 1 });
});
parentPort.postMessage({ type: 'ready' });
`;

const pools: ParsePool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(options: Partial<ParsePoolOptions> = {}): ParsePool {
  const created = new ParsePool({ size: 2, heapMb: 64, deadlineMs: 4000, rssLimitMb: 16_384, startupMs: 60_000, ...options });
  pools.push(created);
  return created;
}

const request = (id: number, fileName: string, bytes = new Uint8Array([1])): ParseRequest => {
  return { id, fileName, bytes, ocr: 'off', chunk: false };
};

describe('ParsePool', () => {
  it('tells parsed inputs from hangs, heap overflows, dead threads and stray rejections, and carries on after each', async () => {
    const misbehaving = pool({ startWorker: (resourceLimits) => new Worker(MISBEHAVING_WORKER, { eval: true, resourceLimits }) });
    const outcomes = await Promise.all(
      ['fine.md', 'hang.md', 'oom.md', 'exit.md', 'stray.md', 'fine.md'].map((name, id) => misbehaving.parse(request(id, name))),
    );
    expect(outcomes.map((o) => o.class)).toEqual(['parsed', 'hang', 'crash', 'crash', 'crash', 'parsed']);
    expect(outcomes[1]!.detail).toBe('no result within 4 s');
    expect(outcomes[2]!.detail).toBe('the worker reached its heap cap (64 MB)');
    expect(outcomes[3]!.detail).toBe('the worker exited (code 3)');
    expect(outcomes[4]!.detail).toBe('stray: Error: left behind');
  });

  it('parses real inputs on the fuzz worker: a document parses, a damaged one is a clean error with its code', async () => {
    const real = pool({ size: 1, heapMb: 512, deadlineMs: 60_000 });
    const markdown = new Uint8Array(readFileSync(path.join(testData, 'corpus/md/nested.md')));
    const parsed = await real.parse({ ...request(0, 'nested.md', markdown), chunk: true });
    expect(parsed.class).toBe('parsed');
    expect(parsed.detail).toMatch(/^\d+ item\(s\), [1-9]\d* chunk\(s\)$/);
    const damaged = await real.parse(request(1, 'damaged.docx', new TextEncoder().encode('PK but not a package')));
    expect(damaged).toMatchObject({ class: 'clean-error', detail: expect.stringMatching(/^corrupt-file: damaged\.docx: /) });
  });
});
