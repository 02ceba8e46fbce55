import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFingerprint } from './config-fingerprint';
import { ManifestWriter, manifestName, readManifests, type ManifestEntry } from './run-manifest';

const entry = (input: string, status: ManifestEntry['status']): ManifestEntry => ({
  input,
  hash: 'sha256:00',
  config: 'sha256:11',
  status,
  output: status === 'ok' ? `${input}.json` : null,
  chunks: status === 'ok' ? 3 : null,
  seconds: 0.25,
  error: status === 'ok' ? null : 'broken',
});

describe('run manifests', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('reads every shard and run of a folder, later lines winning, a line cut short by a kill skipped', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'stratum-manifest-'));
    folders.push(folder);
    const shard0 = new ManifestWriter(join(folder, manifestName({ index: 0, count: 2 })));
    await Promise.all([shard0.append(entry('a.md', 'failed')), shard0.append(entry('b.md', 'ok'))]);
    await shard0.append(entry('a.md', 'ok'));
    appendFileSync(join(folder, manifestName({ index: 0, count: 2 })), '{"input":"c.md","hash":"sha2');
    await new ManifestWriter(join(folder, manifestName({ index: 1, count: 2 }))).append(entry('d.md', 'ok'));
    appendFileSync(join(folder, 'notes.jsonl'), `${JSON.stringify(entry('e.md', 'ok'))}\n`);
    const read = await readManifests(folder);
    expect([...read.keys()].sort()).toEqual(['a.md', 'b.md', 'd.md']);
    expect(read.get('a.md')?.status).toBe('ok');
  });

  it('fingerprints settings whatever the order of their keys', () => {
    expect(configFingerprint({ a: 1, b: { c: [1, 2], d: undefined } })).toBe(configFingerprint({ b: { c: [1, 2] }, a: 1 }));
    expect(configFingerprint({ a: 1 })).not.toBe(configFingerprint({ a: 2 }));
  });
});
