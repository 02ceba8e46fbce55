import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../src-shared/chunk';
import { chunkDocument, parseDocument } from '../pipeline';
import { correspondChunks } from './chunk-correspondence';

const testData = (path: string) => new Uint8Array(readFileSync(new URL(`../../../test-data/${path}`, import.meta.url)));

async function runs(path: string, configA: object, configB: object): Promise<[Chunk[], Chunk[]]> {
  const parsed = await parseDocument(path.split('/').pop()!, testData(path));
  return [[...chunkDocument(parsed.doc, parsed.docId, configA)], [...chunkDocument(parsed.doc, parsed.docId, configB)]];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('correspondChunks', () => {
  it('maps every chunk of a Markdown run onto the chunks of a finer run that hold its characters', async () => {
    const [a, b] = await runs('corpus/md/wiki.md', { strategy: 'hybrid', maxTokens: 256 }, { strategy: 'hybrid', maxTokens: 64 });
    expect(b.length).toBeGreaterThan(a.length);
    const correspondence = correspondChunks(a, b);
    expect(correspondence).toHaveLength(a.length);
    for (const [indexA, covering] of correspondence.entries()) {
      if (a[indexA]!.sourceSpans.length === 0) continue;
      expect(covering.length).toBeGreaterThan(0);
      // neither run overlaps its own chunks, so B's shares of A's characters add up to what B holds of A
      expect(sum(covering.map((entry) => entry.ofA))).toBeLessThanOrEqual(1.000001);
      expect(sum(covering.map((entry) => entry.ofA))).toBeGreaterThan(0.9);
    }
    // a finer run: some chunk of A is held by several of B, each of them wholly inside it
    const split = correspondence.find((covering) => covering.length > 1)!;
    expect(split.some((entry) => entry.ofB === 1)).toBe(true);
  });

  it('matches the same chunks of a PDF page for page', async () => {
    const [a, b] = await runs('corpus/pdf/multi_page.pdf', { strategy: 'hybrid', maxTokens: 128 }, { strategy: 'hybrid', maxTokens: 128 });
    const correspondence = correspondChunks(a, b);
    correspondence.forEach((covering, indexA) => {
      if (a[indexA]!.sourceSpans.length === 0) return;
      expect(covering.find((entry) => entry.b === indexA)).toMatchObject({ ofA: 1, ofB: 1 });
      // spans of other pages at the same offsets are not overlaps
      expect(
        covering.every((entry) => b[entry.b]!.pageStart! <= a[indexA]!.pageEnd! && b[entry.b]!.pageEnd! >= a[indexA]!.pageStart!),
      ).toBe(true);
    });
  });

  it('matches chunks without source spans (DOCX) by the items they share', async () => {
    const [a, b] = await runs(
      'corpus/docx/word_sample.docx',
      { strategy: 'hybrid', maxTokens: 256 },
      { strategy: 'hybrid', maxTokens: 48 },
    );
    expect(a.every((chunk) => chunk.sourceSpans.length === 0)).toBe(true);
    const correspondence = correspondChunks(a, b);
    for (const [indexA, covering] of correspondence.entries()) {
      const itemsA = new Set(a[indexA]!.docItems);
      expect(covering.length).toBeGreaterThan(0);
      for (const entry of covering) expect(b[entry.b]!.docItems.some((ref) => itemsA.has(ref))).toBe(true);
    }
  });
});
