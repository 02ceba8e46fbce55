import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStratum } from '../run-stratum.test-support';
import { manifestName, readManifests, type ManifestEntry } from './run-manifest';

/**
 * The batch interface orchestrators rely on, on 40 real documents (Markdown, HTML and text files of
 * test-data, each under its own name): shards run concurrently add up to the unsharded run, byte for
 * byte, and a run killed midway resumes without redoing what it finished.
 */

const testData = fileURLToPath(new URL('../../../test-data/', import.meta.url));
const cliEntry = fileURLToPath(new URL('../main.ts', import.meta.url));
/** tsx's loader by its path: the child runs in the test's workspace, where no node_modules resolves `tsx`. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const INPUTS = 40;

function smallDocuments(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(md|html|txt)$/.test(entry.name) && statSync(path).size < 60_000) found.push(path);
    }
  };
  walk(testData);
  return found.slice(0, INPUTS);
}

/** Every file of a folder but its manifests, by relative path, with its bytes. */
function outputsOf(folder: string): Map<string, string> {
  const outputs = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.startsWith('stratum-manifest')) outputs.set(relative(folder, path), readFileSync(path, 'utf8'));
    }
  };
  walk(folder);
  return outputs;
}

/** A manifest's entries without their timing, sorted: what two runs of the same inputs must agree on. */
function timeless(entries: Iterable<ManifestEntry>): string[] {
  return [...entries].map((entry) => JSON.stringify({ ...entry, seconds: 0 })).sort();
}

function manifestLines(folder: string, name = manifestName()): ManifestEntry[] {
  const path = join(folder, name);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as ManifestEntry];
      } catch {
        return [];
      }
    });
}

describe('batch runs an orchestrator can fan out', () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'stratum-batch-'));
    mkdirSync(join(workspace, 'in'));
    for (const path of smallDocuments()) copyFileSync(path, join(workspace, 'in', relative(testData, path).replaceAll('/', '__')));
    const single = await runStratum(workspace, ['chunk', 'in', '-o', 'single', '--manifest', '--workers', '1']);
    expect(single.stderr).not.toContain('error:');
    expect(single.code).toBe(0);
  }, 180_000);
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('four shards run at once write, together, exactly what one run writes', { timeout: 180_000 }, async () => {
    expect(readdirSync(join(workspace, 'in'))).toHaveLength(INPUTS);
    const shards = await Promise.all(
      [0, 1, 2, 3].map((index) => runStratum(workspace, ['chunk', 'in', '-o', 'sharded', '--shard', `${index}/4`, '--workers', '1'])),
    );
    expect(shards.map(({ code }) => code)).toEqual([0, 0, 0, 0]);

    const whole = outputsOf(join(workspace, 'single'));
    expect(whole.size).toBe(INPUTS);
    expect(outputsOf(join(workspace, 'sharded'))).toEqual(whole);
    const shardEntries = [0, 1, 2, 3].map((index) => manifestLines(join(workspace, 'sharded'), manifestName({ index, count: 4 })));
    // each input in exactly one shard, and no shard empty on 40 inputs
    expect(shardEntries.every((entries) => entries.length > 0)).toBe(true);
    expect(timeless(shardEntries.flat())).toEqual(timeless(manifestLines(join(workspace, 'single'))));
    expect(manifestLines(join(workspace, 'single')).every((entry) => entry.status === 'ok' && entry.chunks! > 0)).toBe(true);
  });

  it('--resume after a run killed midway finishes it without redoing finished inputs', async () => {
    const out = join(workspace, 'resumed');
    const killed = spawn(
      process.execPath,
      ['--import', tsxLoader, cliEntry, 'chunk', 'in', '-o', 'resumed', '--resume', '--workers', '1'],
      {
        cwd: workspace,
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 60_000;
    while (manifestLines(out).length < 10 && Date.now() < deadline && killed.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const closed = new Promise((resolve) =>
      killed.exitCode !== null || killed.signalCode !== null ? resolve(null) : killed.once('close', resolve),
    );
    killed.kill('SIGKILL');
    await closed;
    const before = manifestLines(out);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.length).toBeLessThan(INPUTS);
    const finishedAt = new Map(before.map((entry) => [entry.output!, statSync(join(out, entry.output!)).mtimeMs]));

    const resumed = await runStratum(workspace, ['chunk', 'in', '-o', 'resumed', '--resume', '--workers', '1']);
    expect(resumed.code).toBe(0);
    const after = manifestLines(out);
    // finished inputs are not run again: each input is in the manifest once
    expect(new Set(after.map((entry) => entry.input)).size).toBe(after.length);
    expect(after).toHaveLength(INPUTS);
    for (const [output, mtime] of finishedAt) expect(statSync(join(out, output)).mtimeMs).toBe(mtime);
    expect(outputsOf(out)).toEqual(outputsOf(join(workspace, 'single')));
    expect(timeless((await readManifests(out)).values())).toEqual(timeless(manifestLines(join(workspace, 'single'))));
  }, 120_000);

  it('a changed setting is run again; --fail-fast stops at the first failure with exit code 3', { timeout: 180_000 }, async () => {
    const again = await runStratum(workspace, ['chunk', 'in', '-o', 'again', '--manifest', '--workers', '1']);
    const changed = await runStratum(workspace, ['chunk', 'in', '-o', 'again', '--resume', '--workers', '1', '--max-tokens', '64']);
    expect([again.code, changed.code]).toEqual([0, 0]);
    expect(manifestLines(join(workspace, 'again')).filter((entry) => entry.status === 'ok')).toHaveLength(INPUTS * 2);

    mkdirSync(join(workspace, 'broken'));
    copyFileSync(join(testData, 'corpus/md/wiki.md'), join(workspace, 'broken', 'b.md'));
    copyFileSync(join(testData, 'corpus/md/wiki.md'), join(workspace, 'broken', 'c.md'));
    copyFileSync(join(testData, 'corpus/md/wiki.md'), join(workspace, 'broken', 'a.pdf'));
    const stopped = await runStratum(workspace, ['chunk', 'broken', '-o', 'broken-out', '--fail-fast', '--manifest', '--workers', '1']);
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toContain('--fail-fast');
    expect(manifestLines(join(workspace, 'broken-out')).map(({ input, status }) => [input, status])).toEqual([['broken/a.pdf', 'failed']]);
    const carriedOn = await runStratum(workspace, ['chunk', 'broken', '-o', 'broken-out', '--manifest', '--workers', '1']);
    expect(carriedOn.code).toBe(1);
    expect(manifestLines(join(workspace, 'broken-out')).map(({ status }) => status)).toEqual(['failed', 'ok', 'ok']);
  });

  it('refuses a shard that is not i/n with 0 <= i < n', async () => {
    for (const shard of ['4/4', '1/0', 'a/b', '-1/3']) {
      const run = await runStratum(workspace, ['chunk', 'in', '-o', 'x', '--shard', shard]);
      expect(run.code).toBe(2);
    }
  });
});
