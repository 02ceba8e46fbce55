/** Where the CLI writes: the real process streams, or string collectors in tests. */
export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Relative paths in arguments resolve against it. */
  cwd: string;
  /** Aborted when the user stops the run (Ctrl-C); long commands stop at their next checkpoint. */
  signal?: AbortSignal;
}

export interface OutputStream {
  write(text: string): unknown;
  /** A terminal gets a redrawn progress bar; a pipe or file gets one line per finished file. */
  isTTY?: boolean;
  columns?: number;
}

/**
 * Exit codes: 0 all done, 1 some file failed (the others were done), 2 the command line or config was
 * wrong, 3 `--fail-fast` stopped the run at the first failed file (inputs not started were not run),
 * 130 stopped by Ctrl-C (the shells' 128 + SIGINT).
 */
export const EXIT_OK = 0;
export const EXIT_FILE_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_STOPPED = 3;
export const EXIT_INTERRUPTED = 130;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}
