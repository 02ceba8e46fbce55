import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a parse in a child process came to, and what it cost. */
export interface ChildParseOutcome {
  fileName: string;
  /** The error's code (a `StratumError` code, or `crash` for any other error); absent when the file parsed. */
  code?: string;
  message?: string;
  /** Items of the parsed document. */
  items?: number;
  /** Time of the parse call alone, without the child's start-up. */
  parseMs: number;
  /** Peak resident memory of the child process so far (its start-up and the files parsed before included). */
  maxRssMb: number;
}

export interface ChildParseInput {
  fileName: string;
  bytes: Uint8Array;
}

const runner = path.join(import.meta.dirname, 'parse-child-runner.test-support.ts');

/**
 * Parses each file through the pipeline, one after the other, in a child process of their own, so
 * that a test can measure the peak memory a hostile input costs (a worker thread would share the
 * test process's memory) and kill a parse that never ends. `env` adds variables such as
 * `STRATUM_MAX_PAGES`.
 */
export async function parseInChild(
  files: readonly ChildParseInput[],
  env: Record<string, string> = {},
  deadlineMs = 120_000,
): Promise<ChildParseOutcome[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'stratum-child-parse-'));
  try {
    const paths = await Promise.all(
      files.map(async ({ fileName, bytes }, index) => {
        // a folder per file: two inputs may share a name
        const file = path.join(folder, String(index), fileName);
        await mkdir(path.dirname(file));
        await writeFile(file, bytes);
        return file;
      }),
    );
    const output = await run(['--import', 'tsx', runner, ...paths], env, deadlineMs);
    return JSON.parse(output) as ChildParseOutcome[];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function run(args: string[], env: Record<string, string>, deadlineMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      if (exitCode === 0) resolve(stdout);
      else reject(new Error(`the parse child ended with ${signal ?? `exit code ${exitCode}`}: ${stderr.slice(-2000)}`));
    });
  });
}
