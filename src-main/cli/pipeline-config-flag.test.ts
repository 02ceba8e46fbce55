import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCanonical } from '../engine/export/canonical';
import { runStratum } from './run-stratum.test-support';

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-pipeline-'));
  await mkdir(join(workspace, 'docs'));
  for (const name of ['maint-guide-dother.de.txt', 'maint-guide.es.txt']) {
    await cp(new URL(`../../test-data/enrich/${name}`, import.meta.url), join(workspace, 'docs', name));
  }
  await writeFile(join(workspace, 'pipeline.yaml'), 'chunker: { strategy: hybrid, maxTokens: 128 }\nenrich:\n  - keywords: { topK: 4 }\n');
  await writeFile(join(workspace, 'chunker-only.yaml'), 'strategy: hybrid\nmaxTokens: 128\n');
  await writeFile(join(workspace, 'unknown-step.yaml'), 'enrich: [keywords, sentiment]\n');
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);
const canonicalAt = async (path: string) => readCanonical(await readFile(join(workspace, path), 'utf8'));

describe('stratum chunk --pipeline-config', () => {
  it('chunks and enriches one file: keywords on every chunk, the step in the document log', async () => {
    const run = await stratum('chunk', 'docs/maint-guide.es.txt', '--pipeline-config', 'pipeline.yaml', '-o', 'single.json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const canonical = await canonicalAt('single.json');
    expect(canonical.config).toMatchObject({ strategy: 'hybrid', maxTokens: 128 });
    expect(canonical.document.enrichments).toEqual([
      { name: 'keywords', version: '1', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), language: 'es', idf: 'document' },
    ]);
    for (const chunk of canonical.chunks) expect((chunk.enrichments['keywords'] as unknown[]).length).toBeLessThanOrEqual(4);
  });

  it('weighs keywords against the whole batch when given several files, on worker threads', async () => {
    const run = await stratum('chunk', 'docs', '--pipeline-config', 'pipeline.yaml', '-o', 'batch', '--workers', '2');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const batch = await canonicalAt('batch/maint-guide.es.json');
    const single = await canonicalAt('single.json');
    expect(batch.document.enrichments[0]).toMatchObject({ name: 'keywords', idf: 'batch' });
    expect(batch.chunks.map((chunk) => chunk.text)).toEqual(single.chunks.map((chunk) => chunk.text));
    expect(batch.chunks.map((chunk) => chunk.enrichments)).not.toEqual(single.chunks.map((chunk) => chunk.enrichments));
  });

  it('takes a chunk config on its own (no steps, no enrichments)', async () => {
    const run = await stratum('chunk', 'docs/maint-guide.es.txt', '--pipeline-config', 'chunker-only.yaml', '-o', 'plain.json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const canonical = await canonicalAt('plain.json');
    expect(canonical.document.enrichments).toEqual([]);
    expect(canonical.chunks.every((chunk) => Object.keys(chunk.enrichments).length === 0)).toBe(true);
  });

  it('stops before reading any file on an unknown step, with --config, or with docling output', async () => {
    const unknown = await stratum('chunk', 'docs', '--pipeline-config', 'unknown-step.yaml', '-o', 'never');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error: invalid config: enrich: unknown step "sentiment" (known: keywords');
    const both = await stratum('chunk', 'docs', '--pipeline-config', 'pipeline.yaml', '--config', 'chunker-only.yaml', '-o', 'never');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--config and --pipeline-config do not go together');
    const docling = await stratum('chunk', 'docs', '--pipeline-config', 'pipeline.yaml', '--format', 'docling', '-o', 'never');
    expect(docling.code).toBe(2);
    expect(docling.stderr).toContain('enrichment steps go with --format canonical or jsonl');
  });
});
