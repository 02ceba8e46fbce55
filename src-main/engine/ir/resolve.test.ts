import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveRef } from './resolve';
import type { DoclingDocument } from './types';

const doc = JSON.parse(
  readFileSync(new URL('../../../test-data/docling-core/0_inp_dl_doc.json', import.meta.url), 'utf8'),
) as DoclingDocument;

describe('resolveRef', () => {
  it('resolves items of every collection, the body and the furniture, from a string or a RefItem', () => {
    expect(resolveRef(doc, '#/texts/12')).toBe(doc.texts[12]);
    expect(doc.texts[12]).toBeDefined();
    expect(resolveRef(doc, { $ref: '#/groups/3' })).toBe(doc.groups[3]);
    expect(resolveRef(doc, '#/tables/0')).toBe(doc.tables[0]);
    expect(resolveRef(doc, '#/body')).toBe(doc.body);
    expect(resolveRef(doc, '#/furniture')).toBe(doc.furniture);
  });

  it('points nowhere for a malformed pointer, an unknown collection or an index out of range', () => {
    for (const pointer of [
      'texts/1',
      '#/texts',
      '#/texts/',
      '#/texts/1a',
      '#/texts/-1',
      '#/texts/1/2',
      '#/nope/1',
      '#/__proto__/0',
      '#/texts/999999',
    ]) {
      expect(resolveRef(doc, pointer), pointer).toBeUndefined();
    }
  });
});
