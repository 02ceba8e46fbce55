import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/chunk';
import { resolveRef } from '../engine/ir/resolve';
import { chunkDocument, parseDocument, type ParsedDocument } from '../engine/pipeline';
import { chunkExtentsOf } from './chunk-extents';

async function chunked(path: string, config: unknown): Promise<{ parsed: ParsedDocument; chunks: Chunk[] }> {
  const bytes = new Uint8Array(readFileSync(new URL(`../../test-data/${path}`, import.meta.url)));
  const parsed = await parseDocument(path.split('/').pop()!, bytes);
  return { parsed, chunks: [...chunkDocument(parsed.doc, parsed.docId, config, {}, parsed.sourceText)] };
}

const textOf = (parsed: ParsedDocument, ref: string): string => {
  const item = resolveRef(parsed.doc, ref);
  return item && 'text' in item ? item.text : '';
};

describe('chunkExtentsOf', () => {
  it('names the part of a paragraph each chunk cut inside it holds, exactly, and nothing of items held whole', async () => {
    const { parsed, chunks } = await chunked('plain-text/state_of_the_union.md', { strategy: 'hybrid', maxTokens: 64 });
    let split = 0;
    for (let i = 1; i < chunks.length; i++) {
      const [before, after] = [chunks[i - 1]!, chunks[i]!];
      const ref = after.docItems[0]!;
      if (before.docItems.at(-1) !== ref) continue;
      const ending = chunkExtentsOf(parsed.doc, before).ranges.filter(([at]) => before.docItems[at] === ref);
      const starting = chunkExtentsOf(parsed.doc, after).ranges.filter(([at]) => at === 0);
      if (ending.length === 0 || starting.length === 0) continue;
      split++;
      const text = textOf(parsed, ref);
      // the two chunks meet inside the paragraph: one ends where (past the joining space) the other starts
      expect(text.slice(ending.at(-1)![2], starting[0]![1]).trim()).toBe('');
      expect(after.text.startsWith(text.slice(starting[0]![1], starting[0]![2]).slice(0, 40))).toBe(true);
    }
    expect(split).toBeGreaterThan(5);
    const whole = chunks.find((chunk) => chunk.docItems.length > 2)!;
    expect(chunkExtentsOf(parsed.doc, whole).ranges.every(([at]) => at === 0 || at === whole.docItems.length - 1)).toBe(true);
  });

  it('tells the rows of a table each chunk holds, and the headings its context came from', async () => {
    const { parsed, chunks } = await chunked('corpus/md/mixed.md', { strategy: 'hybrid', maxTokens: 32 });
    const tableChunks = chunks.filter((chunk) => chunk.docItems.includes('#/tables/0'));
    expect(tableChunks.length).toBeGreaterThan(1);
    const rows = tableChunks.map((chunk) => chunkExtentsOf(parsed.doc, chunk).tableRows[0]!);
    expect(rows[0]![1]).toBe(1);
    expect(rows.at(-1)![2]).toBe(5);
    for (let i = 1; i < rows.length; i++) expect(rows[i]![1]).toBeGreaterThanOrEqual(rows[i - 1]![1]);
    const context = chunkExtentsOf(parsed.doc, tableChunks[0]!).contextItems.map((ref) => textOf(parsed, ref));
    expect(context).toEqual(['Title', 'Famous ducks']);
  });

  it('tells the rows of a PDF table a chunk holds from its cells’ source runs: each holds text of its rows, in order', async () => {
    const { parsed, chunks } = await chunked('corpus/pdf/2305.03393v1-pg9.pdf', { strategy: 'hybrid', maxTokens: 48 });
    const table = parsed.doc.tables[0]!;
    const held = chunks.flatMap((chunk) => chunkExtentsOf(parsed.doc, chunk).tableRows.map((rows) => ({ chunk, rows })));
    expect(held.length).toBeGreaterThan(3);
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    for (const { chunk, rows } of held) {
      expect(chunk.docItems[rows[0]]).toBe(table.self_ref);
      const cells = table.data.table_cells.filter((cell) => cell.start_row_offset_idx >= rows[1] && cell.start_row_offset_idx < rows[2]);
      expect(cells.some((cell) => cell.text.trim() !== '' && flat(chunk.text).includes(flat(cell.text).trim()))).toBe(true);
    }
    for (let i = 1; i < held.length; i++) expect(held[i]!.rows[1]).toBeGreaterThanOrEqual(held[i - 1]!.rows[1]);
  });

  it('finds the context headings of a format without source offsets (DOCX) by the heading path', async () => {
    const { parsed, chunks } = await chunked('corpus/docx/word_sample.docx', { strategy: 'hybrid' });
    const nested = chunks.find((chunk) => chunk.headingPath.length === 2)!;
    const context = chunkExtentsOf(parsed.doc, nested).contextItems.map((ref) => textOf(parsed, ref));
    expect(context).toEqual(nested.headingPath);
  });
});
