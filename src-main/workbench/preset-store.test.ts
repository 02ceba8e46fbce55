import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresetStore } from './preset-store';

let root: string;
let folder: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'stratum-preset-store-'));
  folder = join(root, 'presets');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('PresetStore', () => {
  it('saves a preset as <name>.yaml and lists it after the built-in ones', async () => {
    const store = new PresetStore(folder);
    await store.save('my legal v2.1', { strategy: 'hybrid', maxTokens: 300 });
    expect(await readdir(folder)).toEqual(['my legal v2.1.yaml']);
    expect((await store.list()).at(-1)).toEqual({ name: 'my legal v2.1', builtin: false, config: { strategy: 'hybrid', maxTokens: 300 } });
  });

  it('refuses names that are not one visible file in its folder: ".", "..", a leading dot, a path', async () => {
    const store = new PresetStore(folder);
    for (const name of ['.', '..', '.hidden', '..yaml', '../escaped', 'a/b', 'a\\b', ' ']) {
      await expect(store.save(name, { maxTokens: 5 }), name).rejects.toMatchObject({
        code: 'invalid-config',
        message: expect.stringContaining('not a preset name'),
      });
    }
    expect(await readdir(folder)).toEqual(['my legal v2.1.yaml']);
    expect(await readdir(root)).toEqual(['presets']);
  });

  it('does not list hidden files as presets', async () => {
    await writeFile(join(folder, '.sneaky.yaml'), 'maxTokens: 7\n');
    expect((await new PresetStore(folder).list()).map((preset) => preset.name)).not.toContain('.sneaky');
  });
});
