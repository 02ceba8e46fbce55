import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModuleWorker } from '../../src-main/engine/worker/module-worker';
import { ParsePool, type ParsePoolOptions, type ParseRequest } from './parse-pool';

const testData = path.resolve(import.meta.dirname, '../../test-data');

const pools: ParsePool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(options: Partial<ParsePoolOptions> = {}): ParsePool {
  const created = new ParsePool({ size: 2, heapMb: 64, deadlineMs: 4000, rssLimitMb: 16_384, startupMs: 60_000, ...options });
  pools.push(created);
  return created;
}

/** The pool on workers that misbehave as each input's file name asks (misbehaving-fuzz-worker.test-support.ts). */
function misbehavingPool(options: Partial<ParsePoolOptions> = {}): ParsePool {
  const startWorker: ParsePoolOptions['startWorker'] = (resourceLimits) =>
    startModuleWorker(import.meta.url, 'misbehaving-fuzz-worker.test-support', { resourceLimits });
  return pool({ startWorker, ...options });
}

const request = (id: number, fileName: string, bytes = new Uint8Array([1])): ParseRequest => {
  return { id, fileName, bytes, ocr: 'off', chunk: false };
};

describe('ParsePool', () => {
  it('tells parsed inputs from hangs, heap overflows, dead threads and stray rejections, and carries on after each', async () => {
    const misbehaving = misbehavingPool();
    const outcomes = await Promise.all(
      ['fine.md', 'hang.md', 'oom.md', 'exit.md', 'stray.md', 'fine.md'].map((name, id) => misbehaving.parse(request(id, name))),
    );
    expect(outcomes.map((o) => o.class)).toEqual(['parsed', 'hang', 'crash', 'crash', 'crash', 'parsed']);
    expect(outcomes[1]).toMatchObject({ detail: 'no result within 4 s', ms: 4000 });
    expect(outcomes[2]!.detail).toBe('the worker reached its heap cap (64 MB)');
    expect(outcomes[3]!.detail).toBe('fuzz worker stopped (exit code 3)');
    expect(outcomes[4]!.detail).toBe('unexpected failure (a promise rejection nobody handled): left behind');
  });

  it('charges a stray rejection or a thread’s death that comes after an outcome to that input, through onLateCrash', async () => {
    const waiting: Array<(late: { id: number; error: string }) => void> = [];
    const nextLateCrash = () => new Promise<{ id: number; error: string }>((resolve) => waiting.push(resolve));
    const misbehaving = misbehavingPool({ size: 1, onLateCrash: (id, error) => waiting.shift()?.({ id, error }) });
    const stray = nextLateCrash();
    await expect(misbehaving.parse(request(7, 'late.md'))).resolves.toMatchObject({ class: 'parsed' });
    const strayError = 'unexpected failure (a promise rejection nobody handled): left behind after the result';
    await expect(stray).resolves.toEqual({ id: 7, error: strayError });
    const death = nextLateCrash();
    await expect(misbehaving.parse(request(8, 'throw-late.md'))).resolves.toMatchObject({ class: 'parsed' });
    await expect(death).resolves.toEqual({ id: 8, error: 'thrown after the result' });
    await expect(misbehaving.parse(request(9, 'fine.md'))).resolves.toMatchObject({ class: 'parsed' });
  });

  it('ends the inputs parsing when the process passes its resident-memory limit', async () => {
    const outcome = await misbehavingPool({ rssLimitMb: 1 }).parse(request(0, 'hang.md'));
    expect(outcome).toMatchObject({
      class: 'crash',
      detail: expect.stringMatching(/^the process passed 1 MB resident \(\d+ MB\) with 1 input\(s\) parsing$/),
    });
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
