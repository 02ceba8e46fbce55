import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { StratumError } from '../../../src-shared/errors';
import { readCanonical } from '../export/canonical';
import type { JobProgress } from '../pipeline-job';
import { EngineWorkerPool } from './worker-pool';

const wikiBytes = readFile(new URL('../../../test-data/corpus/md/wiki.md', import.meta.url));
const pool = new EngineWorkerPool(2);
afterAll(() => pool.close());

/** A long Markdown document: parsing and chunking it takes long enough to cancel midway. */
function longMarkdown(): Uint8Array {
  const sections = Array.from({ length: 1500 }, (_, index) =>
    [`## Section ${index}`, 'Chunking cuts documents into pieces that an embedding model reads. '.repeat(12)].join('\n\n'),
  );
  return new TextEncoder().encode(sections.join('\n\n'));
}

describe('EngineWorkerPool', () => {
  it('runs jobs off the main thread on at most `size` threads and reports their progress', async () => {
    const progress: JobProgress[] = [];
    const jobs = ['wiki.md', 'wiki-copy.md', 'wiki-again.md'].map(async (fileName) =>
      pool.run(
        { fileName, bytes: await wikiBytes, config: { maxTokens: 64 }, format: 'canonical' },
        { onProgress: (step) => fileName === 'wiki.md' && progress.push(step) },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pool.workerCount).toBe(2);
    const [result, ...others] = await Promise.all(jobs);
    const canonical = readCanonical(result!.output);
    expect(canonical.document.source_file).toBe('wiki.md');
    expect(result!.chunkCount).toBe(canonical.chunks.length);
    expect(others.map((other) => readCanonical(other.output).chunks.length)).toEqual([result!.chunkCount, result!.chunkCount]);
    expect(progress.filter((step) => step.stage === 'chunk').at(-1)?.done).toBe(result!.chunkCount);
    expect(pool.workerCount).toBe(2);
  });

  it('rebuilds StratumErrors thrown in the worker', async () => {
    const failure = pool.run({ fileName: 'empty.md', bytes: new Uint8Array(), config: {}, format: 'jsonl' });
    await expect(failure).rejects.toBeInstanceOf(StratumError);
    await expect(failure).rejects.toMatchObject({ code: 'empty-file' });
    const badConfig = pool.run({ fileName: 'wiki.md', bytes: await wikiBytes, config: { maxTokens: -1 }, format: 'canonical' });
    await expect(badConfig).rejects.toMatchObject({ code: 'invalid-config', message: 'maxTokens: must be a positive integer' });
  });

  it('cancels a running job and stays usable', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const cancelled = pool.run(
      { fileName: 'long.md', bytes: longMarkdown(), config: { maxTokens: 64 }, format: 'canonical' },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await pool.run({ fileName: 'wiki.md', bytes: await wikiBytes, config: {}, format: 'jsonl' });
    expect(next.output.split('\n').filter(Boolean)).toHaveLength(next.chunkCount);
  });

  it('rejects a job whose signal is already aborted without starting it', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      pool.run({ fileName: 'wiki.md', bytes: await wikiBytes, config: {}, format: 'canonical' }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});
