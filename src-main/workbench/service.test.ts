import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chunkStartNeedle } from '../../src-shared/chunk-start';
import { oneLine } from '../../src-shared/one-line';
import { readCanonical, readCanonicalJsonl } from '../engine/export/canonical';
import { ZipArchive } from '../engine/zip/zip-archive';
import { createEngine } from './engine-adapter';
import type { WorkbenchEngine } from './engine-port';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';

const wikiPath = new URL('../../test-data/corpus/md/wiki.md', import.meta.url);

let engine: WorkbenchEngine;
/** The engine's parse and chunk, counted: what the service asks of the engine is what a user waits for. */
let parse: ReturnType<typeof vi.fn<WorkbenchEngine['parse']>>;
let chunk: ReturnType<typeof vi.fn<WorkbenchEngine['chunk']>>;
let api: ReturnType<typeof createWorkbenchService>;
let presetsDir: string;

beforeAll(async () => {
  presetsDir = await mkdtemp(join(tmpdir(), 'stratum-presets-'));
  engine = createEngine();
  parse = vi.fn(engine.parse);
  chunk = vi.fn(engine.chunk);
  api = createWorkbenchService({ ...engine, parse, chunk }, new PresetStore(presetsDir));
});
afterAll(async () => {
  await engine.dispose();
  await rm(presetsDir, { recursive: true, force: true });
});

/** Parsing starts a thread through tsx here: allow for a slow, busy machine. */
async function finished(jobId: string) {
  for (let attempt = 0; attempt < 1800; attempt++) {
    const status = await api.getJob({ jobId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

/** Each open parses on a fresh thread (slow under tsx): the tests share one open document. */
let wikiId: Promise<string> | undefined;
function openWiki(): Promise<string> {
  wikiId ??= (async () => {
    const { jobId } = await api.openDocument({ fileName: 'wiki.md', bytes: new Uint8Array(await readFile(wikiPath)) });
    const status = await finished(jobId);
    expect(status.state).toBe('done');
    return status.documentId!;
  })();
  return wikiId;
}

let figuresId: Promise<string> | undefined;
/** A corpus PDF with two pictures (bar charts) and their captions. */
function openFigures(): Promise<string> {
  figuresId ??= (async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/corpus/pdf/picture_classification.pdf', import.meta.url)));
    const status = await finished((await api.openDocument({ fileName: 'figures.pdf', bytes })).jobId);
    expect(status.state).toBe('done');
    return status.documentId!;
  })();
  return figuresId;
}

const asText = (content: string | Uint8Array): string => {
  expect(typeof content).toBe('string');
  return content as string;
};

describe('workbench service over the real engine', () => {
  it('draws a picture as a thumbnail no larger than asked, from the PDF page it is on', async () => {
    const documentId = await openFigures();
    const thumbnail = await api.getPictureThumbnail({ documentId, ref: '#/pictures/0', maxSide: 120 });
    expect(thumbnail.png).not.toBeNull();
    if (thumbnail.png === null) return;
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(120);
    expect([...thumbnail.png.slice(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
    expect(await api.getPictureThumbnail({ documentId, ref: '#/texts/0', maxSide: 120 })).toMatchObject({ png: null });
  });

  it('opens a document as a job and lists its items with headings', async () => {
    const documentId = await openWiki();
    const view = await api.getDocument({ documentId });
    expect(view.fileName).toBe('wiki.md');
    expect(view.format).toBe('markdown');
    expect(view.items.filter((item) => item.headingLevel !== null).map((item) => item.text)).toContain('IBM');
  });

  it('reports an unreadable file as a failed job with a typed error', async () => {
    const { jobId } = await api.openDocument({ fileName: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7 not really') });
    const status = await finished(jobId);
    expect(status.state).toBe('failed');
    expect(status.error?.code).toMatch(/corrupt-file|encrypted/);
  });

  it('a long PDF shows its first pages while the rest is read: a preview document, then the whole one', async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/pdf/multi-page-20.pdf', import.meta.url)));
    const { jobId } = await api.openDocument({ fileName: 'multi-page-20.pdf', bytes });
    const status = await finished(jobId);
    expect(status.state).toBe('done');
    const previewId = status.previewDocumentId!;
    expect(previewId).toMatch(/^[0-9a-f]+$/);
    expect(previewId).not.toBe(status.documentId);
    const pagesOf = async (documentId: string) => {
      const run = await api.chunkDocument({ documentId, config: {} });
      // every page a chunk runs over, not only its first and last: one chunk may run from page 4 to 6
      return new Set(
        run.chunks.flatMap((chunk) =>
          chunk.pageStart === null || chunk.pageEnd === null
            ? []
            : Array.from({ length: chunk.pageEnd - chunk.pageStart + 1 }, (_, i) => chunk.pageStart! + i),
        ),
      );
    };
    expect([...(await pagesOf(previewId))].sort()).toEqual([1, 2]);
    expect((await pagesOf(status.documentId!)).size).toBe(20);
    expect((await api.getDocument({ documentId: previewId })).hasPdf).toBe(true);
  });

  it('a short document has no preview', async () => {
    const { jobId } = await api.openDocument({ fileName: 'wiki.md', bytes: new Uint8Array(await readFile(wikiPath)) });
    expect((await finished(jobId)).previewDocumentId).toBeUndefined();
  });

  it('chunks with a config, evaluates the run, and more chunks come with a smaller limit', async () => {
    const documentId = await openWiki();
    const large = await api.chunkDocument({
      documentId,
      config: { strategy: 'recursive', tokenizer: 'words', maxTokens: 200, size: 200, lengthUnit: 'tokens' },
    });
    const small = await api.chunkDocument({
      documentId,
      config: { strategy: 'recursive', tokenizer: 'words', maxTokens: 40, size: 40, lengthUnit: 'tokens' },
    });
    expect(small.chunks.length).toBeGreaterThan(large.chunks.length);
    expect(small.stats.count).toBe(small.chunks.length);
    expect(small.config).toMatchObject({ strategy: 'recursive', tokenizer: 'words', maxTokens: 40 });
  });

  it('sends each chunk as a summary without its texts, and gives a chunk whole on request', async () => {
    const documentId = await openWiki();
    const config = { strategy: 'hybrid', maxTokens: 64 };
    const run = await api.chunkDocument({ documentId, config });
    const third = run.chunks[3]!;
    expect(Object.keys(third).sort()).toEqual([
      'bboxes',
      'docItems',
      'headingOnly',
      'id',
      'index',
      'pageEnd',
      'pageStart',
      'startNeedle',
      'tokenCount',
    ]);
    const whole = await api.getChunk({ documentId, config, index: 3 });
    expect(whole).toMatchObject({ id: third.id, index: 3, tokenCount: third.tokenCount, docItems: third.docItems });
    expect(third.startNeedle).toBe(chunkStartNeedle(whole.text));
    expect(third.startNeedle.length).toBeGreaterThan(0);
    await expect(api.getChunk({ documentId, config, index: run.chunks.length })).rejects.toThrow(
      `chunk ${run.chunks.length} does not exist`,
    );
    // a run no longer kept is made again: chunking is deterministic
    for (const maxTokens of [40, 48, 56, 72, 80]) await api.chunkDocument({ documentId, config: { ...config, maxTokens } });
    expect(await api.getChunk({ documentId, config, index: 3 })).toEqual(whole);
  });

  it('rejects an invalid config with the engine’s message', async () => {
    const documentId = await openWiki();
    await expect(api.chunkDocument({ documentId, config: { strategy: 'no-such-strategy' } })).rejects.toMatchObject({
      code: 'invalid-config',
    });
  });

  it('compares two configs: same config, no boundary changes; different sizes, changes', async () => {
    const documentId = await openWiki();
    const config = { strategy: 'recursive', tokenizer: 'words', size: 60, lengthUnit: 'tokens' };
    const same = await api.compareConfigs({ documentId, configA: config, configB: config });
    expect(same.diff).toMatchObject({ moved: [], appeared: [], vanished: [] });
    const different = await api.compareConfigs({ documentId, configA: config, configB: { ...config, size: 30 } });
    expect(different.diff.appeared.length + different.diff.moved.length).toBeGreaterThan(0);
    // the mapping: every chunk of A is held by some chunk of B, and B's chunks are named by their index
    expect(different.correspondence).toHaveLength(different.a.chunks.length);
    expect(different.correspondence.every((covering) => covering.length > 0)).toBe(true);
    expect(different.correspondence.flat().every((entry) => entry.b < different.b.chunks.length)).toBe(true);
  });

  it('exports canonical JSON and JSONL that read back as canonical', async () => {
    const documentId = await openWiki();
    const config = { strategy: 'recursive', tokenizer: 'words', size: 80, lengthUnit: 'tokens' };
    const json = await api.exportChunks({ documentId, config, format: 'canonical' });
    expect(json).toMatchObject({ fileName: 'wiki.chunks.json', mimeType: 'application/json', notes: [] });
    const canonical = readCanonical(asText(json.content));
    const run = await api.chunkDocument({ documentId, config });
    expect(canonical.chunks.map((chunk) => chunk.id)).toEqual(run.chunks.map((chunk) => chunk.id));
    expect(canonical.chunks.every((chunk) => typeof chunk.contextualized_text === 'string')).toBe(true);
    const jsonl = await api.exportChunks({ documentId, config, format: 'jsonl' });
    expect(asText(jsonl.content).trim().split('\n')).toHaveLength(run.chunks.length);
  });

  it('exports from the document it holds: no format parses it again', async () => {
    const documentId = await openWiki();
    const parsesBefore = parse.mock.calls.length;
    const config = { strategy: 'hybrid', maxTokens: 80 };
    const canonical = readCanonical(asText((await api.exportChunks({ documentId, config, format: 'canonical' })).content));
    const doclingExport = await api.exportChunks({ documentId, config, format: 'docling' });
    const docling = JSON.parse(asText(doclingExport.content)) as { root: { text: string }[] };
    expect(docling.root.map((chunk) => chunk.text)).toEqual(canonical.chunks.map((chunk) => chunk.text));
    expect(parse.mock.calls.length).toBe(parsesBefore);

    // The engine exports the parsed document, not its bytes: bytes of another text give the same export.
    const wikiBytes = new Uint8Array(await readFile(wikiPath));
    const parsing = { signal: new AbortController().signal, onProgress: () => undefined };
    const wiki = await engine.parse({ fileName: 'wiki.md', bytes: wikiBytes }, parsing);
    const otherBytes = new TextEncoder().encode('# Another text');
    const exported = await engine.exportChunks({ ...wiki, bytes: otherBytes }, config, { format: 'canonical', contextualizedText: true });
    expect(readCanonical(exported.output).chunks.map((chunk) => chunk.text)).toEqual(canonical.chunks.map((chunk) => chunk.text));
  });

  it('with Compare open, an edit of A chunks A once and B not at all', async () => {
    const documentId = await openWiki();
    const configA = { strategy: 'recursive', tokenizer: 'words', size: 90, lengthUnit: 'tokens' };
    const configB = { ...configA, size: 45 };
    await api.chunkDocument({ documentId, config: configA });
    await api.compareConfigs({ documentId, configA, configB });
    const chunkingsBefore = chunk.mock.calls.length;
    // the renderer's order on an edit of A: A's run, then the comparison
    const editedA = { ...configA, size: 100 };
    const run = await api.chunkDocument({ documentId, config: editedA });
    const comparison = await api.compareConfigs({ documentId, configA: editedA, configB });
    expect(chunk.mock.calls.length - chunkingsBefore).toBe(1);
    expect(comparison.a.chunks).toEqual(run.chunks);
    expect(comparison.b.chunks.length).toBeGreaterThan(run.chunks.length);
  });

  it('exports without contextualized texts when asked', async () => {
    const documentId = await openWiki();
    const config = { strategy: 'hybrid', maxTokens: 96 };
    const json = await api.exportChunks({ documentId, config, format: 'canonical', contextualizedText: false });
    const canonical = readCanonical(asText(json.content));
    expect(canonical.chunks.length).toBe((await api.chunkDocument({ documentId, config })).chunks.length);
    expect(canonical.chunks.some((chunk) => 'contextualized_text' in chunk)).toBe(false);
    const lines = readCanonicalJsonl(
      asText((await api.exportChunks({ documentId, config, format: 'jsonl', contextualizedText: false })).content),
    );
    expect(lines.some((line) => 'contextualized_text' in line.chunk)).toBe(false);
  });

  it('exports with artifacts as one ZIP: the JSON and the artifacts folder it names', async () => {
    const documentId = await openFigures();
    const exported = await api.exportChunks({ documentId, config: {}, format: 'canonical', artifacts: { imageDpi: 72 } });
    expect(exported).toMatchObject({ fileName: 'figures.chunks.zip', mimeType: 'application/zip', notes: [] });
    expect(exported.content).toBeInstanceOf(Uint8Array);
    const zip = new ZipArchive(exported.content as Uint8Array, exported.fileName);
    const images = ['figures.chunks_artifacts/figures_img_001.png', 'figures.chunks_artifacts/figures_img_002.png'];
    expect(zip.names()).toEqual(['figures.chunks.json', ...images]);
    const canonical = readCanonical(zip.readText('figures.chunks.json')!);
    expect(canonical.artifacts.images.map((image) => image.file)).toEqual(['figures_img_001.png', 'figures_img_002.png']);
    expect(new Set(canonical.chunks.flatMap((chunk) => chunk.artifacts.images))).toEqual(
      new Set(['figures_img_001.png', 'figures_img_002.png']),
    );
    for (const name of images) expect([...zip.read(name)!.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('exports to a file with its artifacts in the folder beside it; a failed export leaves the saved file as it was', async () => {
    const documentId = await openFigures();
    const folder = await mkdtemp(join(tmpdir(), 'stratum-export-'));
    try {
      const path = join(folder, 'figures.chunks.json');
      const result = await api.exportChunksToFile({
        path,
        documentId,
        config: {},
        format: 'canonical',
        contextualizedText: false,
        artifacts: { imageDpi: 72 },
      });
      expect(result).toEqual({ notes: [] });
      expect((await readdir(join(folder, 'figures.chunks_artifacts'))).sort()).toEqual(['figures_img_001.png', 'figures_img_002.png']);
      const saved = await readFile(path, 'utf8');
      const canonical = readCanonical(saved);
      expect(canonical.artifacts.images.map((image) => image.file)).toEqual(['figures_img_001.png', 'figures_img_002.png']);
      expect(canonical.chunks.some((chunk) => 'contextualized_text' in chunk)).toBe(false);

      // A file where the artifacts folder should be: writing the artifacts fails, the export is not written.
      const blocked = join(folder, 'blocked.json');
      await writeFile(blocked, 'saved before');
      await writeFile(join(folder, 'blocked_artifacts'), 'not a folder');
      await expect(
        api.exportChunksToFile({
          path: blocked,
          documentId,
          config: {},
          format: 'canonical',
          contextualizedText: true,
          artifacts: { imageDpi: 72 },
        }),
      ).rejects.toThrow();
      expect(await readFile(blocked, 'utf8')).toBe('saved before');

      await mkdir(join(folder, 'plain'));
      await api.exportChunksToFile({
        path: join(folder, 'plain', 'figures.jsonl'),
        documentId,
        config: {},
        format: 'jsonl',
        contextualizedText: true,
      });
      expect(await readdir(join(folder, 'plain'))).toEqual(['figures.jsonl']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('saves presets as config files the CLI reads, beside the built-in ones', async () => {
    await api.savePreset({ name: 'my legal', config: { strategy: 'recursive', maxTokens: 300 } });
    const { presets } = await api.listPresets({});
    expect(presets.map((preset) => preset.name)).toEqual(expect.arrayContaining(['general', 'legal', 'technical', 'paper', 'my legal']));
    const file = await readFile(join(presetsDir, 'my legal.yaml'), 'utf8');
    expect(await api.parseConfigFile({ fileName: 'my legal.yaml', content: file })).toEqual({
      config: { strategy: 'recursive', maxTokens: 300 },
    });
  });

  it('built-in presets are valid configs for the registered strategies and tokenizers', async () => {
    const documentId = await openWiki();
    const { presets } = await api.listPresets({});
    for (const preset of presets.filter((p) => p.builtin)) {
      await expect(api.chunkDocument({ documentId, config: preset.config }), preset.name).resolves.toBeDefined();
    }
  });

  it("holds a PDF's headings against its outline, and measures a run's coverage when asked", async () => {
    const bytes = new Uint8Array(await readFile(new URL('../../test-data/pdf-outline/groff-mon_premier_doc.pdf', import.meta.url)));
    const status = await finished((await api.openDocument({ fileName: 'mon_premier_doc.pdf', bytes })).jobId);
    const documentId = status.documentId!;
    const view = await api.getDocument({ documentId });
    expect(view.outlineHeadings).toMatchObject({ entries: 8 });
    expect(view.outlineHeadings!.matched).toBeGreaterThan(4);
    expect((await api.getDocument({ documentId: await openWiki() })).outlineHeadings).toBeNull();

    const config = { strategy: 'hybrid', maxTokens: 256 };
    await api.chunkDocument({ documentId, config });
    const chunked = chunk.mock.calls.length;
    const { coverage, finding } = await api.getCoverage({ documentId, config });
    // the run it measures is the one just made, not made again
    expect(chunk.mock.calls.length).toBe(chunked);
    expect(coverage.words).toBeGreaterThan(500);
    expect(coverage.inChunks + coverage.furniture + coverage.pictures + coverage.notInChunks).toBe(coverage.words);
    // the running headers and page numbers are left out, and only they: no finding
    expect(coverage.furniture).toBeGreaterThan(0);
    expect(coverage.places.every((place) => place.kind === 'furniture' && place.bboxes.length > 0)).toBe(true);
    expect(finding).toBeNull();

    // the chunk list's cards: each chunk's text and the page lines its source lies on, from the same run
    const { cards } = await api.getChunkCards({ documentId, config });
    expect(chunk.mock.calls.length).toBe(chunked);
    const whole = await api.getChunk({ documentId, config, index: 1 });
    expect(cards[1]).toMatchObject({ headingPath: whole.headingPath });
    // the preview is the text's start as one line: its items and lines joined by a space
    expect(whole.text).toMatch(/\n/);
    expect(cards[1]!.preview).not.toMatch(/\s\s|\n/);
    expect(oneLine(whole.text).startsWith(cards[1]!.preview)).toBe(true);
    expect((await api.getChunkTexts({ documentId, config })).texts[1]).toBe(whole.text);
    const pages = new Set(whole.sourceSpans.map((span) => span[2]));
    expect(cards[1]!.sourceLines.map((lines) => lines.page)).toEqual([...pages]);
    for (const lines of cards.flatMap((card) => card.sourceLines)) expect(lines.first).toBeLessThanOrEqual(lines.last);

    // the text view's extents: one per chunk, from the same run, read back once
    const { extents } = await api.getChunkExtents({ documentId, config });
    expect(chunk.mock.calls.length).toBe(chunked);
    expect(extents).toHaveLength(cards.length);
    expect(extents.some((extent) => extent.contextItems.length > 0)).toBe(true);
    expect((await api.getChunkExtents({ documentId, config })).extents).toBe(extents);
  });

  it('offers the PDF bytes only for PDFs', async () => {
    const documentId = await openWiki();
    await expect(api.getPdfBytes({ documentId })).rejects.toMatchObject({ code: 'unsupported-format' });
  });
});

describe('workbench service within its cache budgets', () => {
  it('forgets the least recently used document and run past their budgets in bytes', async () => {
    // budgets no document or run fits: each cache keeps only its latest entry
    const tight = createWorkbenchService({ ...engine, chunk }, new PresetStore(presetsDir), { documentCacheBytes: 1, runCacheBytes: 1 });
    const open = async (fileName: string) => {
      const bytes = new Uint8Array(await readFile(new URL(`../../test-data/corpus/md/${fileName}`, import.meta.url)));
      const { jobId } = await tight.openDocument({ fileName, bytes });
      for (let attempt = 0; attempt < 1800; attempt++) {
        const status = await tight.getJob({ jobId });
        if (status.state === 'done') return status.documentId!;
        expect(status.state).toBe('running');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('job did not finish');
    };
    const wiki = await open('wiki.md');
    const mixed = await open('mixed.md');
    await expect(tight.getDocument({ documentId: wiki })).rejects.toThrow(`document ${wiki} is not open`);
    expect((await tight.getDocument({ documentId: mixed })).fileName).toBe('mixed.md');

    const small = { strategy: 'recursive', tokenizer: 'words', maxTokens: 40, size: 40, lengthUnit: 'tokens' } as const;
    const large = { ...small, maxTokens: 200, size: 200 };
    const before = chunk.mock.calls.length;
    await tight.chunkDocument({ documentId: mixed, config: small });
    await tight.chunkDocument({ documentId: mixed, config: small });
    await tight.chunkDocument({ documentId: mixed, config: large });
    await tight.chunkDocument({ documentId: mixed, config: small });
    // the second call finds the run kept; the fourth runs again, as the third displaced it
    expect(chunk.mock.calls.length - before).toBe(3);
  }, 60_000);
});
