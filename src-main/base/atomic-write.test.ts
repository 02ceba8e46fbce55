import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';

const folder = await mkdtemp(join(tmpdir(), 'stratum-atomic-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const temporariesIn = async (path: string) => (await readdir(path)).filter((name) => name.endsWith('.stratum-tmp'));

/**
 * Runs writeFileAtomic of 64 MB in a child process that kills itself (SIGKILL, nothing runs after)
 * as soon as its temporary file exists, and resolves once it is dead.
 */
function writeAndDie(target: string): Promise<void> {
  const script = `
    import { readdirSync } from 'node:fs';
    import { dirname } from 'node:path';
    import { writeFileAtomic } from ${JSON.stringify(new URL('./atomic-write.ts', import.meta.url).href)};
    const target = ${JSON.stringify(target)};
    setInterval(() => {
      if (readdirSync(dirname(target)).some((name) => name.endsWith('.stratum-tmp'))) process.kill(process.pid, 'SIGKILL');
    }, 1);
    await writeFileAtomic(target, new Uint8Array(64 * 1024 * 1024));
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the writer did not die within 30 s')), 30_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the writer finished instead of being killed (signal ${signal})`));
    });
  });
}

describe('writeFileAtomic', () => {
  it('creates missing folders, replaces the old content and leaves no temporary file', async () => {
    const target = join(folder, 'nested', 'out.json');
    await writeFileAtomic(target, 'first');
    await writeFileAtomic(target, 'second');
    expect(await readFile(target, 'utf8')).toBe('second');
    expect(await readdir(join(folder, 'nested'))).toEqual(['out.json']);
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    const target = join(folder, 'taken');
    await writeFileAtomic(join(target, 'inside.txt'), 'a folder now stands where the file should go');
    await expect(writeFileAtomic(target, 'text')).rejects.toThrow();
    expect(await temporariesIn(folder)).toEqual([]);
  });

  it('removes the temporary a killed writer left behind on the next write', async () => {
    const killed = join(folder, 'killed');
    await mkdir(killed);
    const target = join(killed, 'out.json');
    await writeFileAtomic(target, 'before');
    await writeAndDie(target);
    expect(await temporariesIn(killed)).toHaveLength(1);
    expect(await readFile(target, 'utf8')).toBe('before');
    await writeFileAtomic(target, 'after');
    expect(await readdir(killed)).toEqual(['out.json']);
    expect(await readFile(target, 'utf8')).toBe('after');
  });

  it('keeps a fresh temporary of a running process, removes an old one, and leaves other files alone', async () => {
    const shared = join(folder, 'shared');
    await mkdir(shared);
    // The naming the module documents: `.<target name>.<pid>.<12 hex>.stratum-tmp`; the test runner's parent runs.
    const fresh = `.other.json.${process.ppid}.0123456789ab.stratum-tmp`;
    const old = `.report.json.${process.ppid}.ba9876543210.stratum-tmp`;
    const notOurs = `.report.json.${process.ppid}.tmp`;
    for (const name of [fresh, old, notOurs]) await writeFile(join(shared, name), 'partial');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(join(shared, old), tenMinutesAgo, tenMinutesAgo);
    await utimes(join(shared, notOurs), tenMinutesAgo, tenMinutesAgo);
    await writeFileAtomic(join(shared, 'report.json'), '{}');
    expect((await readdir(shared)).sort()).toEqual([fresh, notOurs, 'report.json'].sort());
  });
});
