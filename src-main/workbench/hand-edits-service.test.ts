import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandEdit } from '../../src-shared/hand-edits';
import { readCanonical } from '../engine/export/canonical';
import { runStratum } from '../cli/run-stratum.test-support';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { openedDocument } from './service-waits.test-support';

const wikiPath = new URL('../../test-data/corpus/md/wiki.md', import.meta.url);

let engine: WorkbenchEngine;
let api: ReturnType<typeof createWorkbenchService>;
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-hand-edits-'));
  engine = createEngine();
  api = createWorkbenchService(engine, new PresetStore(join(workspace, 'presets')));
});
afterAll(async () => {
  await engine.dispose();
  await rm(workspace, { recursive: true, force: true });
});

async function openWiki(): Promise<string> {
  return openedDocument(api, 'wiki.md', new Uint8Array(await readFile(wikiPath)));
}

const config = { strategy: 'hybrid', maxTokens: 128 };

/** A merge of chunks 2 and 3, and a split in the middle of a long paragraph of chunk 6, made in the workbench. */
async function madeEdits(documentId: string): Promise<HandEdit[]> {
  const merged = await api.addHandEdit({ documentId, config, edits: [], edit: { kind: 'merge', chunks: [2, 3] } });
  expect(merged.run.handEdits).toMatchObject([{ status: 'applied', kind: 'merge' }]);
  expect(merged.run.chunks.length).toBe((await api.chunkDocument({ documentId, config })).chunks.length - 1);
  const target = await api.getChunk({ documentId, config, edits: merged.edits, index: 6 });
  const view = await api.getDocument({ documentId });
  const paragraph = view.items.find((item) => target.docItems.includes(item.ref) && item.text.length > 200)!;
  const split = await api.addHandEdit({
    documentId,
    config,
    edits: merged.edits,
    edit: { kind: 'split', ref: paragraph.ref, offset: Math.floor(paragraph.text.length / 2) },
  });
  expect(split.run.handEdits?.map((result) => result.status)).toEqual(['applied', 'applied']);
  expect(split.run.chunks.length).toBe(merged.run.chunks.length + 1);
  return split.edits;
}

describe('hand edits in the workbench', () => {
  it('keeps a merge and a split through a change of max tokens and re-opening the document; lists and removes them', async () => {
    const documentId = await openWiki();
    const edits = await madeEdits(documentId);
    for (const maxTokens of [64, 200]) {
      const changed = { ...config, maxTokens };
      const run = await api.chunkDocument({ documentId, config: changed, edits });
      expect(run.handEdits?.map((result) => result.status)).toEqual(['applied', 'applied']);
      const merged = run.handEdits![0]!.chunks[0]!;
      expect(run.chunks[merged]!.tokenCount).toBeGreaterThan(0);
    }
    const reopened = await openWiki();
    expect(reopened).toBe(documentId);
    const again = await api.chunkDocument({ documentId: reopened, config, edits });
    expect(again.handEdits?.map((result) => result.status)).toEqual(['applied', 'applied']);

    const { rules } = await api.listHandEdits({ documentId, config, edits });
    expect(rules.map(({ edit, result }) => [edit.kind, result.status])).toEqual([
      ['merge', 'applied'],
      ['split', 'applied'],
    ]);
    const removed = await api.removeHandEdit({ documentId, config, edits, id: edits[0]!.id! });
    expect(removed.edits).toEqual([edits[1]]);
    expect(removed.run.handEdits).toHaveLength(1);
    await expect(api.removeHandEdit({ documentId, config, edits: removed.edits, id: 'e-none' })).rejects.toThrow(/not in the list/);
  });

  it('saves the rules with a preset, and stratum chunk applies that file as the workbench exports it', async () => {
    const documentId = await openWiki();
    const edits = await madeEdits(documentId);
    const gone: HandEdit = { kind: 'split', at: { offset: 10 }, before: ['no', 'such'], after: ['words', 'here'], id: 'e-gone' };
    const saved = await api.savePreset({ name: 'hand', config, edits: [...edits, gone] });
    expect(saved.edits).toHaveLength(3);
    const listed = (await api.listPresets({})).presets.find((preset) => preset.name === 'hand')!;
    expect(listed.edits).toEqual([...edits, gone]);
    const presetFile = await readFile(join(workspace, 'presets', 'hand.yaml'), 'utf8');
    expect((await api.parseConfigFile({ fileName: 'hand.yaml', content: presetFile })).edits).toEqual([...edits, gone]);

    const exported = await api.exportChunks({ documentId, config, edits: [...edits, gone], format: 'canonical' });
    expect(exported.notes).toEqual([expect.stringMatching(/^hand edit 3 \(split e-gone\): unmatched: the words around the split/)]);
    const fromWorkbench = readCanonical(exported.content as string);
    expect(fromWorkbench.schema_version).toBe('1.2.4');
    expect(fromWorkbench.hand_edits?.map((record) => record.status)).toEqual(['applied', 'applied', 'unmatched']);

    // the preset file as the app saved it, read by both flags (a preset without steps goes to --config)
    await copyFile(wikiPath, join(workspace, 'wiki.md'));
    for (const flag of ['--pipeline-config', '--config']) {
      const run = await runStratum(workspace, ['chunk', 'wiki.md', flag, join('presets', 'hand.yaml'), '-o', 'out.json']);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/note: .*hand edit 3 \(split e-gone\): unmatched/);
      expect(readCanonical(await readFile(join(workspace, 'out.json'), 'utf8'))).toEqual(fromWorkbench);
    }
  });

  it('takes an excluded paragraph out of the chunks and counts it as left out by hand', async () => {
    const documentId = await openWiki();
    const view = await api.getDocument({ documentId });
    const paragraph = view.items.find((item) => item.label === 'text' && item.text.length > 200)!;
    const range = { ref: paragraph.ref, offset: 0 };
    const { edits, run } = await api.addHandEdit({
      documentId,
      config,
      edits: [],
      edit: { kind: 'exclude', from: range, to: { ...range, offset: [...paragraph.text].length } },
    });
    expect(run.handEdits).toMatchObject([{ status: 'applied' }]);
    const { coverage } = await api.getCoverage({ documentId, config, edits });
    expect(coverage.leftOut).toContainEqual(expect.objectContaining({ reason: 'excluded-by-hand' }));
    expect(coverage.places.some((place) => place.ref === paragraph.ref && place.reason === 'excluded-by-hand')).toBe(true);
  });
});
