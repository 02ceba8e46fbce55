import type { CliIo } from './cli-io';
import { runCli } from './main';

/** Shared by the command line's tests. Not used at run time. */

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `stratum <argv>` in `cwd` writing to a pipe (no terminal), and returns what it wrote. */
export async function runStratum(cwd: string, argv: readonly string[], signal?: AbortSignal): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    cwd,
    ...(signal ? { signal } : {}),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
