import { realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The real path a path has, or would have once created: its nearest existing folder's real path, plus the rest. */
export async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const folder = dirname(path);
    return folder === path ? path : join(await realPathOf(folder), basename(path));
  }
}
