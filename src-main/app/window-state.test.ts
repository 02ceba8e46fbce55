import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState, visibleWindowState } from './window-state';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-app-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('window state', () => {
  it('round-trips the bounds and falls back to the default for a missing or damaged file', async () => {
    const path = join(folder, 'window-state.json');
    await expect(loadWindowState(path)).resolves.toEqual(DEFAULT_WINDOW_STATE);
    await saveWindowState(path, { x: 10, y: 20, width: 1200, height: 800, maximized: true });
    await expect(loadWindowState(path)).resolves.toEqual({ x: 10, y: 20, width: 1200, height: 800, maximized: true });
    await writeFile(path, '{"width": "wide"');
    await expect(loadWindowState(path)).resolves.toEqual(DEFAULT_WINDOW_STATE);
  });

  it('drops a position that is on no current display', () => {
    const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(visibleWindowState({ x: 100, y: 100, width: 800, height: 600, maximized: false }, displays)).toMatchObject({ x: 100, y: 100 });
    expect(visibleWindowState({ x: 3000, y: 100, width: 800, height: 600, maximized: false }, displays)).toEqual({
      width: 800,
      height: 600,
      maximized: false,
    });
  });
});
