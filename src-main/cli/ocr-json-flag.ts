import { basename, resolve } from 'node:path';
import { readInputFile } from '../base/input-file';
import { inputLimits } from '../engine/parse/limits';
import type { ParseInput } from '../engine/parse/parser';
import { UsageError } from './cli-io';

/** The file of `--ocr-json <file>`, read up front: a file that cannot be read is a command-line mistake. */
export async function readOcrJsonFlag(path: string | undefined, cwd: string): Promise<ParseInput | undefined> {
  if (path === undefined) return undefined;
  try {
    return { fileName: basename(path), bytes: await readInputFile(resolve(cwd, path), inputLimits().maxFileBytes) };
  } catch (error) {
    throw new UsageError(`--ocr-json ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
