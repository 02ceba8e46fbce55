import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecentFiles } from './recent-files';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-app-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('recent files', () => {
  it('keeps the ten latest distinct files, newest first, across restarts', async () => {
    const path = join(folder, 'recent.json');
    const recent = new RecentFiles(path);
    await expect(recent.load()).resolves.toEqual([]);
    for (let i = 0; i < 12; i++) await recent.add(`/docs/${i}.md`);
    await recent.add('/docs/5.md');
    const reloaded = await new RecentFiles(path).load();
    expect(reloaded).toHaveLength(10);
    expect(reloaded.slice(0, 3)).toEqual(['/docs/5.md', '/docs/11.md', '/docs/10.md']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(reloaded);
  });
});
