import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { StratumError } from '../../src-shared/errors';
import { describeFileSystemError } from './file-system-error';

/**
 * A document's bytes, read from a regular file only: a named pipe would block the open (or the
 * read) for ever and a device such as /dev/zero never ends, so both are refused before reading,
 * and the open does not block in between. No more than the size checked is read, however the file
 * grows meanwhile; the hosts pass the engine's file-size limit (`engine/parse/limits.ts`). Every failure is a `StratumError` (`io`, `too-large`) with a message for the user.
 */
export async function readInputFile(path: string, maxBytes: number): Promise<Uint8Array> {
  const checked = checkReadable(await stat(path).catch(cannotRead), maxBytes);
  const file = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(cannotRead);
  try {
    const opened = checkReadable(await file.stat(), maxBytes);
    if (opened.dev !== checked.dev || opened.ino !== checked.ino) throw new StratumError('io', 'the file was replaced while it was opened');
    const bytes = new Uint8Array(opened.size);
    let length = 0;
    while (length < bytes.length) {
      const { bytesRead } = await file.read(bytes, length, bytes.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return length === bytes.length ? bytes : bytes.subarray(0, length);
  } catch (error) {
    throw error instanceof StratumError ? error : cannotRead(error);
  } finally {
    await file.close();
  }
}

function checkReadable(stats: Stats, maxBytes: number): Stats {
  if (!stats.isFile()) throw new StratumError('io', `not a regular file (${kindOf(stats)})`);
  if (stats.size > maxBytes) {
    throw new StratumError('too-large', `the file is larger than the ${megabytes(maxBytes)} limit (${megabytes(stats.size)})`);
  }
  return stats;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function cannotRead(error: unknown): never {
  throw new StratumError('io', describeFileSystemError(error));
}
