import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputFile } from './input-file';

const folder = await mkdtemp(join(tmpdir(), 'stratum-input-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const wiki = fileURLToPath(new URL('../../test-data/corpus/md/wiki.md', import.meta.url));

/** Far above every file these tests read: the size cap has a test of its own. */
const MAX = 256 * 1024 * 1024;

describe('readInputFile', () => {
  it('reads a regular file whole, also through a symbolic link', async () => {
    const expected = new Uint8Array(await readFile(wiki));
    expect(await readInputFile(wiki, MAX)).toEqual(expected);
    await symlink(wiki, join(folder, 'linked.md'));
    expect(await readInputFile(join(folder, 'linked.md'), MAX)).toEqual(expected);
  });

  it('refuses a named pipe at once, without waiting for a writer', async () => {
    const pipe = join(folder, 'pipe.md');
    execFileSync('mkfifo', [pipe]);
    const started = performance.now();
    await expect(readInputFile(pipe, MAX)).rejects.toMatchObject({ code: 'io', message: 'not a regular file (a named pipe)' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a device that never ends, named directly or through a link', async () => {
    await expect(readInputFile('/dev/zero', MAX)).rejects.toMatchObject({ code: 'io', message: 'not a regular file (a device)' });
    await symlink('/dev/zero', join(folder, 'zero.txt'));
    await expect(readInputFile(join(folder, 'zero.txt'), MAX)).rejects.toMatchObject({
      code: 'io',
      message: 'not a regular file (a device)',
    });
  });

  it('refuses a file over the size limit before reading it, and names what is missing or a folder', async () => {
    const big = join(folder, 'big.txt');
    await writeFile(big, new Uint8Array(3 * 1024 * 1024));
    await expect(readInputFile(big, 2 * 1024 * 1024)).rejects.toMatchObject({
      code: 'too-large',
      message: 'the file is larger than the 2 MB limit (3 MB)',
    });
    await expect(readInputFile(join(folder, 'missing.md'), MAX)).rejects.toMatchObject({
      code: 'io',
      message: 'no such file or directory',
    });
    await expect(readInputFile(folder, MAX)).rejects.toMatchObject({ code: 'io', message: 'not a regular file (a folder)' });
  });
});
