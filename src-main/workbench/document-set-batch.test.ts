import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrichmentStatus } from '../../src-shared/api';
import type { Chunk } from '../../src-shared/chunk';
import { parsePipelineConfigText, enrichmentSettingsOf } from '../../src-shared/pipeline-config';
import { runStratum } from '../cli/run-stratum.test-support';
import { readCanonical } from '../engine/export/canonical';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { openedDocument, settledEnrichment } from './service-waits.test-support';

const FILES = ['dother.en.html', 'dother.es.html'];
/**
 * The same pipeline for the CLI and the workbench: PII masked first, so that cross-doc relates the texts as
 * masked; keywords weighed against the whole set.
 */
const PIPELINE =
  'chunker: { strategy: hybrid, maxTokens: 256 }\nenrich:\n  - pii: { action: mask }\n  - keywords\n  - cross-doc: { topK: 2 }\n';
const pipeline = parsePipelineConfigText(PIPELINE, 'pipeline.yaml');
const config = pipeline.chunker;
const enrichment = enrichmentSettingsOf(pipeline)!;

let workspace: string;
let engine: WorkbenchEngine;
let api: ReturnType<typeof createWorkbenchService>;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-document-set-'));
  await mkdir(join(workspace, 'docs'));
  for (const name of FILES) await cp(new URL(`../../test-data/cross-doc/${name}`, import.meta.url), join(workspace, 'docs', name));
  await writeFile(join(workspace, 'pipeline.yaml'), PIPELINE);
  engine = createEngine();
  api = createWorkbenchService(engine, new PresetStore(join(workspace, 'presets')));
});
afterAll(async () => {
  await engine.dispose();
  await rm(workspace, { recursive: true, force: true });
});

async function open(name: string): Promise<string> {
  return openedDocument(api, name, new Uint8Array(await readFile(join(workspace, 'docs', name))));
}

function settled(runId: string): Promise<EnrichmentStatus> {
  return settledEnrichment(api, runId);
}

/** Every chunk of the run, whole, as the inspector asks for them. */
async function chunksOf(documentId: string, documentSet: string[] | undefined): Promise<Chunk[]> {
  const { chunks } = await api.chunkDocument({ documentId, config });
  const whole: Chunk[] = [];
  for (const { index } of chunks) whole.push(await api.getChunk({ documentId, config, index, enrichment, documentSet }));
  return whole;
}

const crossDocumentOf = (chunk: { enrichments: Record<string, unknown> }) =>
  (chunk.enrichments['references'] as { cross_document: unknown[] })?.cross_document;

describe('a document set (folder mode)', () => {
  it('relates the chunks of every document of the set and weighs keywords against it, as stratum chunk does with the same files and pipeline', async () => {
    const set = [await open(FILES[0]!), await open(FILES[1]!)];
    const statuses = await Promise.all(
      set.map(async (documentId) => settled((await api.startEnrichment({ documentId, config, enrichment, documentSet: set })).runId)),
    );
    for (const status of statuses) {
      expect(status.error).toBeNull();
      expect(status.result!.steps.map((step) => [step.name, step.status])).toEqual([
        ['pii', 'done'],
        ['keywords', 'done'],
        ['cross-doc', 'done'],
      ]);
      expect(status.result!.document.at(-1)).toMatchObject({ name: 'cross-doc', documents: 2, methods: ['bm25'] });
    }

    const cli = await runStratum(workspace, ['chunk', 'docs', '--pipeline-config', 'pipeline.yaml', '-o', 'out', '--workers', '1']);
    expect(cli.code).toBe(0);
    // the pages' navigation icons are not beside them: the parse notes them, nothing fails
    expect(cli.stderr.split('\n').filter((line) => line !== '' && !/^note: .*: the image file does not exist$/.test(line))).toEqual([]);
    for (const [position, name] of FILES.entries()) {
      const exported = readCanonical(await readFile(join(workspace, 'out', name.replace(/\.html$/, '.json')), 'utf8'));
      const workbench = await chunksOf(set[position]!, set);
      expect(workbench.map((chunk) => chunk.id)).toEqual(exported.chunks.map((chunk) => chunk.id));
      const related = workbench.map(crossDocumentOf);
      expect(related).toEqual(exported.chunks.map(crossDocumentOf));
      expect(workbench.map((chunk) => chunk.enrichments['keywords'])).toEqual(
        exported.chunks.map((chunk) => chunk.enrichments['keywords']),
      );
      expect(related.filter((references) => references.length > 0).length).toBeGreaterThan(workbench.length / 3);
    }
  });

  it('says why cross-doc is skipped for a document opened alone', async () => {
    const documentId = await open(FILES[0]!);
    const { runId } = await api.startEnrichment({ documentId, config, enrichment });
    const status = await settled(runId);
    expect(status.result!.steps.find((step) => step.name === 'cross-doc')).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/open a set of files/),
    });
  });
});
