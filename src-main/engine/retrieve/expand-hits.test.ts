import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument, parseDocument } from '../pipeline';
import { expandHit } from './expand-hits';
import { RetrievalPool } from './retrieval-pool';

async function poolOf(config: Record<string, unknown>): Promise<RetrievalPool> {
  const file = path.resolve(import.meta.dirname, '../../../test-data/corpus/md/wiki.md');
  const parsed = await parseDocument('wiki.md', readFileSync(file));
  return new RetrievalPool([{ corpusId: 'wiki', chunks: [...chunkDocument(parsed.doc, parsed.docId, config, {}, parsed.sourceText)] }]);
}

describe('hit expansion', () => {
  it('expands a child chunk to its parent section when the budget holds it, and not when it does not', async () => {
    const pool = await poolOf({ strategy: 'parent-child', childMinTokens: 10, childMaxTokens: 40 });
    const child = pool.entries.find(({ chunk }) => chunk.layer === 'child' && chunk.parentId !== null)!;
    const parent = pool.positionInDocument(child.position, child.chunk.parentId!)!;
    expect(pool.entries[parent]!.chunk.layer).toBe('parent');
    const both = child.chunk.tokenCount + pool.entries[parent]!.chunk.tokenCount;
    expect(expandHit(pool, child.position, 'parent', both)).toEqual([child.position, parent]);
    expect(expandHit(pool, child.position, 'parent', both - 1)).toEqual([child.position]);
  });

  it('expands to the neighbours of the same layer, within the budget, never past the document', async () => {
    const pool = await poolOf({ strategy: 'parent-child', childMinTokens: 10, childMaxTokens: 40 });
    const children = pool.entries.filter(({ chunk }) => chunk.layer === 'child').map(({ position }) => position);
    const [first, second, third] = children;
    expect(expandHit(pool, second!, 'neighbours', 100_000)).toEqual([second, first, third]);
    expect(expandHit(pool, first!, 'neighbours', 100_000)).toEqual([first, second]);
    expect(expandHit(pool, first!, 'none', 100_000)).toEqual([first]);
  });
});
