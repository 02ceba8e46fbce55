import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeApiJson } from '../../src-shared/api-codec';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverMain = fileURLToPath(new URL('./main.ts', import.meta.url));
const UPLOADS = 5;
const UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_RSS_BYTES = 2 * 1024 ** 3;
const TEST_BUDGET_MS = 60_000;

let folder: string;
let server: ChildProcess;
let port: number;
let token: string;

/** The browser-mode host as users run it, in a process of its own whose peak memory the kernel keeps (VmHWM). */
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stratum-uploads-'));
  server = spawn(process.execPath, ['--import', 'tsx', serverMain, '--port', '0'], {
    cwd: repoRoot,
    env: { ...process.env, STRATUM_PRESETS_DIR: join(folder, 'presets') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const address = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 30 s: ${output}`)), 30_000);
    const read = (part: Buffer) => {
      output += part.toString('utf8');
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  port = Number(address[1]);
  token = address[2]!;
}, 40_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const forced = setTimeout(() => server.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(forced);
  }
  await rm(folder, { recursive: true, force: true });
});

function post(method: string, headers: Record<string, string>, body: string | Uint8Array): Promise<{ status: number; value: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path: `/api/${method}`,
      method: 'POST',
      headers: { 'X-Stratum-Token': token, ...headers },
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, value: decodeApiJson(Buffer.concat(parts).toString('utf8')) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** About `size` bytes of prose in paragraphs, different for each `seed` (equal uploads would be one document). */
function textDocument(seed: number, size: number): Uint8Array {
  const paragraphs: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index++) {
    const sentence = `Upload ${seed}, paragraph ${index}: the river rose by ${(index * 37) % 101} centimetres overnight. `;
    const paragraph = `${sentence.repeat(6)}\n\n`;
    paragraphs.push(paragraph);
    length += paragraph.length;
  }
  return new TextEncoder().encode(paragraphs.join(''));
}

interface JobStatus {
  state: 'running' | 'done' | 'failed' | 'cancelled';
  error: { code: string; message: string } | null;
}

async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!kilobytes) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kilobytes[1]) * 1024;
}

describe('browser-mode host under concurrent uploads', () => {
  it(`opens ${UPLOADS} concurrent 10 MB uploads (or refuses them cleanly) under 2 GB of memory`, async () => {
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: UPLOADS }, (_, seed) =>
        post(
          'openDocument',
          { 'Content-Type': 'application/octet-stream', 'X-Stratum-File-Name': `upload-${seed}.txt` },
          textDocument(seed, UPLOAD_BYTES),
        ),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(UPLOADS).fill(200));
    const jobIds = replies.map((reply) => (reply.value as { value: { jobId: string } }).value.jobId);

    const finished = new Map<string, JobStatus>();
    while (finished.size < UPLOADS && performance.now() - started < TEST_BUDGET_MS) {
      for (const jobId of jobIds.filter((id) => !finished.has(id))) {
        const { value } = await post('getJob', { 'Content-Type': 'application/json' }, JSON.stringify({ jobId }));
        const status = (value as { value: JobStatus }).value;
        if (status.state !== 'running') finished.set(jobId, status);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rss = await peakRss(server.pid!);

    expect(finished.size, `jobs finished within ${TEST_BUDGET_MS / 1000} s`).toBe(UPLOADS);
    for (const status of finished.values()) {
      // a refusal of the limits is a clear too-large error, never a crash of the host
      if (status.state !== 'done') expect(status).toMatchObject({ state: 'failed', error: { code: 'too-large' } });
    }
    expect(rss, `peak RSS ${(rss / 1024 ** 2).toFixed(0)} MiB`).toBeLessThan(MAX_RSS_BYTES);
    expect(server.exitCode).toBeNull();
  }, 90_000);
});
