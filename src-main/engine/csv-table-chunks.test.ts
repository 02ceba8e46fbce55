import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src-shared/chunk';
import { csvParser } from './parse/csv/csv-parser';
import { chunkDocument } from './pipeline';

const ROWS = 1000;
const MINILM = 'hf:sentence-transformers/all-MiniLM-L6-v2';

/** A CSV export of 1,000 orders: one table far larger than any chunk. */
async function ordersTable() {
  const lines = ['Order,Customer,Country,Amount'];
  for (let i = 1; i <= ROWS; i++) lines.push(`${i},Customer ${i},Country ${i % 9},${(i * 3.25).toFixed(2)}`);
  return csvParser.parse({ fileName: 'orders.csv', bytes: new TextEncoder().encode(lines.join('\r\n')) });
}

/** Each chunk's data rows by their order number, and whether the chunk starts with the header row. */
function rowsByChunk(chunks: readonly Chunk[]): { startsWithHeader: boolean; orders: number[] }[] {
  return chunks.map((chunk) => {
    const lines = chunk.text.split('\n');
    const orders = lines.flatMap((line) => {
      const order = /^\|\s*(\d+)\s*\|/.exec(line)?.[1];
      return order ? [Number(order)] : [];
    });
    return { startsWithHeader: /^\|\s*Order\s*\|\s*Customer\s*\|\s*Country\s*\|\s*Amount\s*\|$/.test(lines[0]!), orders };
  });
}

function expectEveryRowOnceInOrder(pieces: readonly { orders: number[] }[]): void {
  expect(pieces.flatMap((piece) => piece.orders)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
}

describe('a big CSV table chunked by rows', () => {
  it('semantic: splits it by rows, every piece repeating the header, within the size', async () => {
    const doc = await ordersTable();
    const chunks = [...chunkDocument(doc, 'orders', { strategy: 'semantic', tokenizer: MINILM, maxTokens: 128 })];
    expect(chunks.length).toBeGreaterThan(20);
    const pieces = rowsByChunk(chunks);
    expect(pieces.every((piece) => piece.startsWithHeader && piece.orders.length > 0)).toBe(true);
    expectEveryRowOnceInOrder(pieces);
    expect(Math.max(...chunks.map((chunk) => chunk.tokenCount))).toBeLessThanOrEqual(128);
  });

  it.each(['hybrid', 'hierarchical'])('%s: repeatTableHeader repeats the header in every piece, and only then', async (strategy) => {
    const doc = await ordersTable();
    const config = { strategy, tokenizer: MINILM, maxTokens: 128, serializer: { tables: 'markdown' } };
    const repeated = rowsByChunk([...chunkDocument(doc, 'orders', config)]);
    if (strategy === 'hierarchical') {
      // The hierarchical chunker never splits an item: the table is one chunk, its header once.
      expect(repeated).toHaveLength(1);
      expect(repeated[0]!.startsWithHeader).toBe(true);
      expectEveryRowOnceInOrder(repeated);
      return;
    }
    expect(repeated.length).toBeGreaterThan(20);
    expect(repeated.every((piece) => piece.startsWithHeader)).toBe(true);
    expectEveryRowOnceInOrder(repeated);
    const once = rowsByChunk([...chunkDocument(doc, 'orders', { ...config, repeatTableHeader: false })]);
    expect(once.filter((piece) => piece.startsWithHeader)).toHaveLength(1);
  });
});
