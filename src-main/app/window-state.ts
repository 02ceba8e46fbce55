import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../base/atomic-write';

const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});
type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1400, height: 900, maximized: false };

/** The window's last bounds; the default when the file is missing or damaged. */
export async function loadWindowState(path: string): Promise<WindowState> {
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export async function saveWindowState(path: string, state: WindowState): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(windowStateSchema.parse(state), null, 2));
}

/** Keeps saved bounds only when they still lie on one of the current displays (a monitor may be gone). */
export function visibleWindowState(
  state: WindowState,
  displays: ReadonlyArray<{ x: number; y: number; width: number; height: number }>,
): WindowState {
  if (state.x === undefined || state.y === undefined) return state;
  const { x, y } = state;
  const onScreen = displays.some((d) => x >= d.x && y >= d.y && x + 100 <= d.x + d.width && y + 50 <= d.y + d.height);
  return onScreen ? state : { width: state.width, height: state.height, maximized: state.maximized };
}
