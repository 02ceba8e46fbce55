import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../src-shared/api';
import { ParseThreads } from './parse-off-thread';

const wiki = new Uint8Array(await readFile(new URL('../../test-data/corpus/md/wiki.md', import.meta.url)));
const multiPage = new Uint8Array(await readFile(new URL('../../test-data/pdf/multi-page-20.pdf', import.meta.url)));

let threads: ParseThreads | undefined;
afterEach(async () => {
  await threads?.close();
  threads = undefined;
});

/** Records a parse's progress stages and when it settled, in one timeline shared by the parses of a test. */
function recorder(timeline: string[], name: string) {
  const controller = new AbortController();
  const onProgress = (progress: JobProgress) => {
    if (timeline.at(-1) !== `${name}:${progress.stage}`) timeline.push(`${name}:${progress.stage}`);
  };
  return { signal: controller.signal, onProgress, cancel: () => controller.abort() };
}

describe('ParseThreads', () => {
  it('parses no more files at once than allowed: the others report `queued` and start in turn', async () => {
    threads = new ParseThreads({ parallelParses: 1 });
    const timeline: string[] = [];
    const first = threads.parse({ fileName: 'multi-page-20.pdf', bytes: multiPage }, recorder(timeline, 'pdf')).then((parsed) => {
      timeline.push('pdf:done');
      return parsed;
    });
    const second = threads.parse({ fileName: 'wiki.md', bytes: wiki }, recorder(timeline, 'md')).then((parsed) => {
      timeline.push('md:done');
      return parsed;
    });
    const [pdf, md] = await Promise.all([first, second]);
    expect(pdf.doc.pages['20']).toBeDefined();
    expect(md.doc.texts.length).toBeGreaterThan(10);
    expect(md.irBytes).toBeGreaterThan(wiki.byteLength);
    expect(timeline.find((entry) => entry.startsWith('md:'))).toBe('md:queued');
    expect(timeline).toContain('pdf:page');
    const mdStarted = timeline.findIndex((entry) => entry.startsWith('md:') && entry !== 'md:queued');
    expect(mdStarted).toBeGreaterThan(timeline.indexOf('pdf:done'));
  }, 60_000);

  it('cancels a file while it waits, and goes on with the others', async () => {
    threads = new ParseThreads({ parallelParses: 1 });
    const timeline: string[] = [];
    const running = threads.parse({ fileName: 'multi-page-20.pdf', bytes: multiPage }, recorder(timeline, 'pdf'));
    const waiting = recorder(timeline, 'md');
    const queued = threads.parse({ fileName: 'wiki.md', bytes: wiki }, waiting);
    expect(timeline).toContain('md:queued');
    waiting.cancel();
    await expect(queued).rejects.toMatchObject({ code: 'cancelled' });
    expect((await running).doc.pages['20']).toBeDefined();
    const next = await threads.parse({ fileName: 'wiki.md', bytes: wiki }, recorder(timeline, 'next'));
    expect(next.docId).toMatch(/^\d+$/);
  }, 60_000);

  it('fails a parse past its deadline with too-large naming the limit, and parses the next file', async () => {
    threads = new ParseThreads({ parseMilliseconds: 1 });
    const parsing = threads.parse({ fileName: 'multi-page-20.pdf', bytes: multiPage }, recorder([], 'pdf'));
    await expect(parsing).rejects.toMatchObject({ code: 'too-large', message: expect.stringContaining('STRATUM_MAX_PARSE_SECONDS') });
    await expect(parsing).rejects.toThrow('reading multi-page-20.pdf took longer than a parse may take');
  }, 60_000);

  it('fails a parse that outgrows the heap cap with too-large, and the process goes on', async () => {
    threads = new ParseThreads({ parseHeapMb: 96 });
    // about 20 MB of short paragraphs: far more parsed items than 96 MB of heap holds
    const paragraphs = Array.from({ length: 400_000 }, (_, index) => `Paragraph ${index} says a few words.\n\n`).join('');
    const parsing = threads.parse({ fileName: 'huge.txt', bytes: new TextEncoder().encode(paragraphs) }, recorder([], 'txt'));
    await expect(parsing).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('ran out of memory reading huge.txt'),
    });
    await expect(parsing).rejects.toThrow('STRATUM_MAX_PARSE_HEAP_MB');
    const next = await threads.parse({ fileName: 'wiki.md', bytes: wiki }, recorder([], 'md'));
    expect(next.doc.texts.length).toBeGreaterThan(10);
  }, 90_000);
});
