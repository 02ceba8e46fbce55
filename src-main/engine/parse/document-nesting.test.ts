import { describe, expect, it } from 'vitest';
import { chunkDocument, parseDocument } from '../pipeline';

/** DoclingDocument JSON whose body holds a chain of `depth` groups, each the parent of the next, the last holding a text. */
function chainedGroups(depth: number, cycle = false): Uint8Array {
  const groups = Array.from({ length: depth }, (_, i) => ({
    self_ref: `#/groups/${i}`,
    parent: { $ref: i === 0 ? '#/body' : `#/groups/${i - 1}` },
    children: [{ $ref: i === depth - 1 ? (cycle ? '#/groups/0' : '#/texts/0') : `#/groups/${i + 1}` }],
    content_layer: 'body',
    name: 'list',
    label: 'list',
  }));
  const text = {
    self_ref: '#/texts/0',
    parent: { $ref: `#/groups/${depth - 1}` },
    children: [],
    content_layer: 'body',
    label: 'text',
    prov: [],
    orig: 'deep',
    text: 'deep',
  };
  const doc = {
    schema_name: 'DoclingDocument',
    version: '1.10.0',
    name: 'chain',
    body: { self_ref: '#/body', children: [{ $ref: '#/groups/0' }], content_layer: 'body', name: '_root_', label: 'unspecified' },
    groups,
    texts: [text],
    pictures: [],
    tables: [],
  };
  return new TextEncoder().encode(JSON.stringify(doc));
}

describe('the item tree a document comes with', () => {
  it('is too deeply nested past three items per nesting level, checked within 2 s', async () => {
    const started = performance.now();
    await expect(parseDocument('chain.json', chainedGroups(20_000))).rejects.toMatchObject({
      code: 'too-large',
      message:
        'chain.json: item #/groups/300 is too deeply nested (more than 300 items inside each other; set STRATUM_MAX_NESTING to raise it)',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('nested to the limit, chunks with every strategy that follows the tree', async () => {
    const parsed = await parseDocument('chain-at-limit.json', chainedGroups(299));
    for (const strategy of ['hybrid', 'hierarchical', 'layered', 'parent-child', 'semantic']) {
      const chunks = [...chunkDocument(parsed.doc, parsed.docId, { strategy, tokenizer: 'words' })];
      expect(chunks.map((chunk) => chunk.text).join(' '), strategy).toContain('deep');
    }
  });

  it('that lists an item as a child twice is a cycle, not a tree', async () => {
    await expect(parseDocument('cycle.json', chainedGroups(3, true))).rejects.toMatchObject({
      code: 'corrupt-file',
      message: 'cycle.json: cannot be read, item #/groups/0 is the child of more than one item',
    });
  });
});
