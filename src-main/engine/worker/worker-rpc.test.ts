import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StratumError } from '../../../src-shared/errors';
import { RestartingThread } from './worker-rpc';

/** A thread that, asked anything, keeps every array it makes until its heap cap stops it. */
const HOARDER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', () => { const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length)); });
`;
const methods = { hoard: { payload: z.object({}), result: z.object({}) } };

describe('a worker thread past its heap cap', () => {
  it('fails its call with the too-large error it was given, and the next call gets a new thread', async () => {
    let started = 0;
    const thread = new RestartingThread(
      () => {
        started++;
        return new Worker(HOARDER, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } });
      },
      methods,
      { name: 'hoarder', deadlineMs: 30_000, outOfMemoryError: () => new StratumError('too-large', 'ran out of memory hoarding') },
    );
    try {
      await expect(thread.call('hoard', {})).rejects.toMatchObject({ code: 'too-large', message: 'ran out of memory hoarding' });
      await expect(thread.call('hoard', {})).rejects.toMatchObject({ code: 'too-large' });
      expect(started).toBe(2);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('says by default that the named thread ran out of memory', async () => {
    const thread = new RestartingThread(
      () => new Worker(HOARDER, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 32 } }),
      methods,
      { name: 'hoarder', deadlineMs: 30_000 },
    );
    try {
      await expect(thread.call('hoard', {})).rejects.toMatchObject({ code: 'too-large', message: 'hoarder ran out of memory' });
    } finally {
      await thread.close();
    }
  }, 60_000);
});
