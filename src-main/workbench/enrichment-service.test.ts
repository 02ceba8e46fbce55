import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnrichmentStatus } from '../../src-shared/api';
import type { EnrichmentSettings } from '../../src-shared/pipeline-config';
import { readCanonical } from '../engine/export/canonical';
import { tokenizerById } from '../engine/tokenize/registry';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { openedDocument, settledEnrichment } from './service-waits.test-support';

const letterPath = new URL('../../test-data/pii/customer-letter.md', import.meta.url);
const wikiPath = new URL('../../test-data/corpus/md/wiki.md', import.meta.url);
const config = { strategy: 'hybrid', maxTokens: 64 };
const masking: EnrichmentSettings = {
  enrich: [
    { name: 'pii', options: { action: 'mask' } },
    { name: 'keywords', options: {} },
    { name: 'summary', options: {} },
    { name: 'topics', options: {} },
  ],
  onError: 'fail-fast',
};

let engine: WorkbenchEngine;
let enrich: ReturnType<typeof vi.fn<WorkbenchEngine['enrich']>>;
let api: ReturnType<typeof createWorkbenchService>;
let presetsDir: string;

beforeAll(async () => {
  presetsDir = await mkdtemp(join(tmpdir(), 'stratum-presets-'));
  engine = createEngine();
  enrich = vi.fn(engine.enrich);
  api = createWorkbenchService({ ...engine, enrich }, new PresetStore(presetsDir));
});
afterAll(async () => {
  await engine.dispose();
  await rm(presetsDir, { recursive: true, force: true });
});

async function open(path: URL, fileName: string): Promise<string> {
  return openedDocument(api, fileName, new Uint8Array(await readFile(path)));
}

function settled(runId: string): Promise<EnrichmentStatus> {
  return settledEnrichment(api, runId);
}

const EMAILS = ['jane.roe@example.com', 'ali.khan@example.org'];

describe('enrichment in the workbench', () => {
  it('enriches the run in the background: the log, each chunk summary, the document results and the personal data as the document reads it', async () => {
    const documentId = await open(letterPath, 'customer-letter.md');
    const run = await api.chunkDocument({ documentId, config });
    const { runId } = await api.startEnrichment({ documentId, config, enrichment: masking });
    const status = await settled(runId);
    expect(status.error).toBeNull();
    const view = status.result!;
    expect(view.steps.map((step) => [step.name, step.status])).toEqual([
      ['pii', 'done'],
      ['keywords', 'done'],
      ['summary', 'done'],
      ['topics', 'done'],
    ]);
    expect(view.chunks).toHaveLength(run.chunks.length);
    expect(view.chunks.some((chunk) => chunk.keywords.length > 0 && chunk.topic !== null)).toBe(true);
    expect(view.chunks.reduce((sum, chunk) => sum + chunk.piiCount, 0)).toBeGreaterThan(5);
    expect(view.document.map((entry) => entry['name'])).toEqual(['pii', 'keywords', 'summary', 'topics']);
    const values = view.piiValues.map((value) => value.text);
    for (const email of EMAILS) expect(values).toContain(email);
    expect(view.piiValues.find((value) => value.text === 'jane.roe@example.com')?.label).toBe('email');
    // the same run is asked for again (the inspector): the same run, not a new one
    expect((await api.startEnrichment({ documentId, config, enrichment: masking })).runId).toBe(runId);

    // the inspector's chunk is the masked one, counted again
    const index = view.chunks.findIndex((chunk) => chunk.piiCount > 0);
    const plain = await api.getChunk({ documentId, config, index });
    const masked = await api.getChunk({ documentId, config, index, enrichment: masking });
    expect(masked.text).not.toBe(plain.text);
    expect(masked.text).toMatch(/\[[A-Z_]+\]/);
    expect(masked.enrichments['pii']).toBeDefined();
    expect(masked.tokenCount).toBe(tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2').count(masked.contextualizedText));
  });

  it('exports with the steps applied: no e-mail in the file, token counts of the masked texts', async () => {
    const documentId = await open(letterPath, 'customer-letter.md');
    const { content } = await api.exportChunks({ documentId, config, format: 'canonical', enrichment: masking });
    const text = content as string;
    for (const email of EMAILS) expect(text).not.toContain(email);
    const canonical = readCanonical(text);
    expect(canonical.document.enrichments.map((entry) => entry.name)).toEqual(['pii', 'keywords', 'summary', 'topics']);
    const tokenizer = tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2');
    for (const chunk of canonical.chunks) expect(chunk.token_count).toBe(tokenizer.count(chunk.contextualized_text!));
  });

  it('a re-chunk recomputes only the chunks whose text changed; an edit cancels the running enrichment', async () => {
    const documentId = await open(wikiPath, 'wiki.md');
    const keywords: EnrichmentSettings = { enrich: [{ name: 'keywords', options: {} }], onError: 'fail-fast' };
    await api.chunkDocument({ documentId, config: { maxTokens: 128 } });
    const first = await settled((await api.startEnrichment({ documentId, config: { maxTokens: 128 }, enrichment: keywords })).runId);
    expect(first.result!.steps[0]!.cacheMisses).toBeGreaterThan(0);
    const again = await settled(
      (await api.startEnrichment({ documentId, config: { maxTokens: 128, strategy: 'hybrid' }, enrichment: keywords })).runId,
    );
    expect(again.result!.steps[0]).toMatchObject({ cacheMisses: 0, cacheHits: first.result!.steps[0]!.cacheMisses });

    const { runId } = await api.startEnrichment({ documentId, config: { maxTokens: 100 }, enrichment: masking });
    await api.chunkDocument({ documentId, config: { maxTokens: 90 } });
    expect((await settled(runId)).state).toBe('cancelled');
  });

  it('compares the enrichments of A and B, each with its own steps, without the one cancelling the other', async () => {
    const documentId = await open(letterPath, 'customer-letter.md');
    const keywordsOnly: EnrichmentSettings = { enrich: [{ name: 'keywords', options: {} }], onError: 'fail-fast' };
    const configB = { ...config, maxTokens: 32 };
    const { a, b } = await api.compareEnrichments({
      documentId,
      configA: config,
      enrichmentA: masking,
      configB,
      enrichmentB: keywordsOnly,
    });
    expect(a!.steps.map((step) => step.name)).toEqual(['pii', 'keywords', 'summary', 'topics']);
    expect(b!.steps.map((step) => step.name)).toEqual(['keywords']);
    expect(a!.chunks).toHaveLength((await api.chunkDocument({ documentId, config })).chunks.length);
    expect(b!.chunks).toHaveLength((await api.chunkDocument({ documentId, config: configB })).chunks.length);
    expect(b!.chunks.every((chunk) => chunk.piiCount === 0)).toBe(true);
    // A's side is what the workbench shows for A
    const { runId } = await api.startEnrichment({ documentId, config, enrichment: masking });
    expect((await settled(runId)).result!.chunks).toEqual(a!.chunks);
    // a side without steps is not enriched
    expect((await api.compareEnrichments({ documentId, configA: config, configB, enrichmentB: keywordsOnly })).a).toBeNull();
  });

  it('presets and config files are pipeline configs; a chunker-only file stays valid', async () => {
    const saved = await api.savePreset({ name: 'masked', config, enrichment: masking });
    expect(saved.enrichment).toEqual(masking);
    const text = await readFile(join(presetsDir, 'masked.yaml'), 'utf8');
    expect(text).toContain('chunker:');
    expect(text).toMatch(/- pii:\n\s+action: mask/);
    expect(text).toContain('- keywords');
    const { presets } = await api.listPresets({});
    expect(presets.find((preset) => preset.name === 'masked')).toMatchObject({ config, enrichment: masking });

    const chunkerOnly = await api.parseConfigFile({ fileName: 'plain.yaml', content: 'strategy: hybrid\nmaxTokens: 128\n' });
    expect(chunkerOnly).toEqual({ config: { strategy: 'hybrid', maxTokens: 128 } });
    const plainPreset = await api.savePreset({ name: 'plain', config });
    expect(await readFile(join(presetsDir, 'plain.yaml'), 'utf8')).not.toContain('chunker');
    expect((await api.listPresets({})).presets.find((preset) => preset.name === 'plain')).toEqual(plainPreset);
    await expect(api.parseConfigFile({ fileName: 'bad.yaml', content: 'enrich: [pii, pii]\n' })).rejects.toThrow(/listed twice/);
  });
});
