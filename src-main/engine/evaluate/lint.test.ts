import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../ir/types';
import { lintChunks } from './lint';
import { chunksOver, groundtruthDocument } from './test-chunks';

const rulesOf = (findings: ReturnType<typeof lintChunks>) => findings.map((f) => `${f.chunkIndex}:${f.rule}`);

describe('lintChunks', () => {
  const doc = groundtruthDocument('word_sample.docx.json');

  it('finds nothing in chunks that keep sections, list items and sentences whole', () => {
    const chunks = chunksOver(doc, [
      { refs: ['#/texts/4', '#/texts/5', '#/texts/6', '#/texts/7', '#/texts/8'] },
      { refs: ['#/texts/9', '#/texts/10', '#/texts/11', '#/texts/12', '#/texts/13'] },
    ]);
    expect(lintChunks(doc, chunks, { maxTokens: 64, tinyTokens: 2 })).toEqual([]);
  });

  it('flags over-limit, heading-only and tiny chunks', () => {
    const chunks = chunksOver(doc, [{ refs: ['#/texts/4'] }, { refs: ['#/texts/5'] }, { refs: ['#/texts/16'] }]);
    expect(rulesOf(lintChunks(doc, chunks, { maxTokens: 10, tinyTokens: 6 }))).toEqual(['0:heading-only', '1:over-limit', '2:tiny-orphan']);
  });

  it('flags a list item and a sentence cut across two chunks', () => {
    const chunks = chunksOver(doc, [
      { refs: ['#/texts/5'], text: 'To get started with swimming, first lay' },
      { refs: ['#/texts/5', '#/texts/6'], text: 'down in a water and try not to drown:\n\nYou can relax' },
      { refs: ['#/texts/6', '#/texts/7'], text: 'and look around\n\nPaddle about' },
    ]);
    expect(rulesOf(lintChunks(doc, chunks, { maxTokens: 64, tinyTokens: 1 }))).toEqual(['0:sentence-cut', '1:list-cut-mid-item']);
  });

  it('flags a table continued without its header and a caption apart from its table', () => {
    const withCaption: DoclingDocument = structuredClone(doc);
    withCaption.tables[0]!.captions = [{ $ref: '#/texts/3' }];
    const chunks = chunksOver(withCaption, [
      { refs: ['#/texts/3'] },
      { refs: ['#/tables/0'], text: '| Food | Calories per portion |\n| Leaves | 4 |' },
      { refs: ['#/tables/0'], text: '| Berries | 8 |' },
    ]);
    const findings = lintChunks(withCaption, chunks, { maxTokens: 64, tinyTokens: 1 });
    expect(rulesOf(findings)).toEqual(['1:caption-split', '2:table-split-from-header']);
  });
});
