import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Temporaries are `.<target name>.<pid>.<12 hex>.stratum-tmp` beside the target: hidden, recognisable
 * as ours, and naming the process that writes them, so that the debris of a killed writer is known.
 */
const TEMPORARY_NAME = /^\..*\.(\d+)\.[0-9a-f]{12}\.stratum-tmp$/;
/** A temporary this old is debris even if a process of its pid runs (pids are reused). */
const STALE_AFTER_MS = 5 * 60_000;
/** Room for the suffix within the 255 bytes most file systems allow a name. */
const NAME_PART_LENGTH = 100;

/**
 * Writes a file so that readers see either the old or the complete new content, never a torn one,
 * also after a crash or power loss: the data goes to a temporary file in the same folder (same file
 * system), is flushed to disk, then replaces the target, and the folder entry is flushed too.
 * Temporaries that killed writers left beside the target are removed first.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeStaleTemporaries(folder);
  const name = basename(path).slice(0, NAME_PART_LENGTH);
  const temporary = join(folder, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.stratum-tmp`);
  try {
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Best effort: a folder that cannot be listed, or a temporary that cannot be removed, is no reason to fail a write. */
async function removeStaleTemporaries(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(TEMPORARY_NAME.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isSafeInteger(pid) || pid === process.pid) continue;
    const path = join(folder, name);
    const modified = await lstat(path).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (modified === undefined) continue;
    if (Date.now() - modified > STALE_AFTER_MS || !isRunning(pid)) await rm(path, { force: true }).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes the rename itself durable. Windows cannot open a folder for this, some file systems refuse it: then the rename stands as is. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // the data itself is on disk; only the folder entry's durability is left to the system
  }
}
