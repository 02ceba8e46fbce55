import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalDocumentSchema } from '../canonical-schema';
import { runChunkJob } from '../../pipeline-job';
import { readCanonical, readCanonicalJsonl } from '../canonical';

const corpusPdf = (name: string) => new URL(`../../../../test-data/corpus/pdf/${name}`, import.meta.url);
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-job-artifacts-'));
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

async function chunkPdf(name: string, folder: string, format: 'canonical' | 'jsonl') {
  const bytes = new Uint8Array(await readFile(corpusPdf(name)));
  return runChunkJob({ fileName: name, bytes, config: { strategy: 'hybrid' }, format, artifacts: { folder, imageDpi: 72 } });
}

describe('chunk job with artifacts', () => {
  it('names the written pictures in the chunks that show them and in the document artifacts', async () => {
    const folder = join(workspace, 'pictures');
    const result = await chunkPdf('picture_classification.pdf', folder, 'canonical');
    const canonical = readCanonical(result.output);
    expect(canonicalDocumentSchema.safeParse(canonical).success).toBe(true);
    const files = ['picture_classification_img_001.png', 'picture_classification_img_002.png'];
    expect((await readdir(folder)).sort()).toEqual(files);
    expect(canonical.artifacts.images.map((image) => image.file)).toEqual(files);
    // Chunkers carry a picture as its caption: the chunk holding "Figure 1: ..." shows picture 1.
    const captionChunk = canonical.chunks.find((chunk) => chunk.text.includes('Figure 1'))!;
    expect(captionChunk.artifacts.images).toEqual([files[0]]);
    const referenced = canonical.chunks.flatMap((chunk) => chunk.artifacts.images);
    expect(new Set(referenced)).toEqual(new Set(files));
  });

  it('names the written tables in the chunks holding them; JSONL lines carry those artifacts', async () => {
    const folder = join(workspace, 'tables');
    const result = await chunkPdf('2305.03393v1-pg9.pdf', folder, 'jsonl');
    expect(await readdir(folder)).toEqual(['2305.03393v1-pg9_table_001.md']);
    const lines = readCanonicalJsonl(result.output);
    const withTable = lines.filter((line) => line.chunk.doc_items.includes('#/tables/0'));
    expect(withTable.length).toBeGreaterThan(0);
    for (const line of withTable) {
      expect(line.chunk.artifacts.tables).toEqual(['2305.03393v1-pg9_table_001.md']);
      expect(line.artifacts.tables.map((table) => table.file)).toEqual(['2305.03393v1-pg9_table_001.md']);
    }
    const withoutTable = lines.filter((line) => line.chunk.artifacts.tables.length === 0);
    expect(withoutTable.every((line) => line.artifacts.tables.length === 0)).toBe(true);
  });

  it('keeps item ids in the chunks and writes nothing when no artifacts are asked for', async () => {
    const bytes = new Uint8Array(await readFile(corpusPdf('2305.03393v1-pg9.pdf')));
    const result = await runChunkJob({ fileName: '2305.03393v1-pg9.pdf', bytes, config: {}, format: 'canonical' });
    const canonical = readCanonical(result.output);
    expect(canonical.artifacts.tables[0]).not.toHaveProperty('file');
    expect(canonical.chunks.flatMap((chunk) => chunk.artifacts.tables)).toContain('#/tables/0');
    expect(result.notes).toBeUndefined();
  });
});
