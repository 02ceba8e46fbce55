import { stat } from 'node:fs/promises';
import { UsageError } from './cli-io';
import { realPathOf } from './real-path';

/**
 * Refuses a run before anything is written when a planned output would replace one of its inputs
 * (`stratum chunk in -o in`, `stratum parse a.md -o a.md`): the same real path once symbolic links
 * are resolved, or the same file under another name (a hard link).
 */
export async function refuseOutputsOntoInputs(
  inputs: ReadonlyArray<{ path: string; displayPath: string }>,
  outputs: Iterable<string>,
): Promise<void> {
  const inputsByPath = new Map<string, string>();
  const inputsByIdentity = new Map<string, string>();
  for (const input of inputs) {
    inputsByPath.set(await realPathOf(input.path), input.displayPath);
    const identity = await fileIdentity(input.path);
    if (identity !== undefined) inputsByIdentity.set(identity, input.displayPath);
  }
  for (const output of outputs) {
    const identity = await fileIdentity(output);
    const input = inputsByPath.get(await realPathOf(output)) ?? (identity === undefined ? undefined : inputsByIdentity.get(identity));
    if (input !== undefined) throw new UsageError(`the output ${output} is the input ${input}: refusing to overwrite it`);
  }
}

async function fileIdentity(path: string): Promise<string | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}
