import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';

const folder = await mkdtemp(join(tmpdir(), 'stratum-atomic-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('creates missing folders, replaces the old content and leaves no temporary file', async () => {
    const target = join(folder, 'nested', 'out.json');
    await writeFileAtomic(target, 'first');
    await writeFileAtomic(target, 'second');
    expect(await readFile(target, 'utf8')).toBe('second');
    expect(await readdir(join(folder, 'nested'))).toEqual(['out.json']);
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    const target = join(folder, 'taken');
    await writeFileAtomic(join(target, 'inside.txt'), 'a folder now stands where the file should go');
    await expect(writeFileAtomic(target, 'text')).rejects.toThrow();
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
