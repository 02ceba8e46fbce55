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
    expect(lintChunks(doc, chunks, { tokenLimit: 64, tinyTokens: 2 })).toEqual([]);
  });

  it('flags over-limit, heading-only and tiny chunks', () => {
    const chunks = chunksOver(doc, [{ refs: ['#/texts/4'] }, { refs: ['#/texts/5'] }, { refs: ['#/texts/16'] }]);
    expect(rulesOf(lintChunks(doc, chunks, { tokenLimit: 10, tinyTokens: 6 }))).toEqual([
      '0:heading-only',
      '1:over-limit',
      '2:tiny-orphan',
    ]);
  });

  it('flags a list item and a sentence cut across two chunks', () => {
    const chunks = chunksOver(doc, [
      { refs: ['#/texts/5'], text: 'To get started with swimming, first lay' },
      { refs: ['#/texts/5', '#/texts/6'], text: 'down in a water and try not to drown:\n\nYou can relax' },
      { refs: ['#/texts/6', '#/texts/7'], text: 'and look around\n\nPaddle about' },
    ]);
    expect(rulesOf(lintChunks(doc, chunks, { tokenLimit: 64, tinyTokens: 1 }))).toEqual(['0:sentence-cut', '1:list-cut-mid-item']);
  });

  it('flags a table continued without its header and a caption apart from its table', () => {
    const withCaption: DoclingDocument = structuredClone(doc);
    withCaption.tables[0]!.captions = [{ $ref: '#/texts/3' }];
    const chunks = chunksOver(withCaption, [
      { refs: ['#/texts/3'] },
      { refs: ['#/tables/0'], text: '| Food | Calories per portion |\n| Leaves | 4 |' },
      { refs: ['#/tables/0'], text: '| Berries | 8 |' },
    ]);
    const findings = lintChunks(withCaption, chunks, { tokenLimit: 64, tinyTokens: 1 });
    expect(rulesOf(findings)).toEqual(['1:caption-split', '2:table-split-from-header']);
  });

  it('does not flag a continued table whose chunk repeats the header in another form', () => {
    const chunks = chunksOver(doc, [
      { refs: ['#/tables/0'], text: '| Food | Calories per portion |\n| Leaves | 4 |' },
      // the header row again, its cells' words the same but set apart differently (triplets)
      { refs: ['#/tables/0'], text: 'Berries, Food = Berries. Berries,  Calories   per portion = 8.' },
    ]);
    expect(rulesOf(lintChunks(doc, chunks, { tokenLimit: 64, tinyTokens: 1 }))).toEqual([]);
  });

  it('names a continued table by its first cell and points at it', () => {
    const chunks = chunksOver(doc, [
      { refs: ['#/tables/0'], text: '| Food | Calories per portion |\n| Leaves | 4 |' },
      { refs: ['#/tables/0'], text: '| Berries | 8 |' },
    ]);
    const [finding] = lintChunks(doc, chunks, { tokenLimit: 64, tinyTokens: 1 });
    expect(finding).toMatchObject({ rule: 'table-split-from-header', ref: '#/tables/0' });
    expect(finding!.message).toContain('table starting "Food"');
  });

  it('judges no parent chunk over the limit (a parent is not embedded as such)', () => {
    const [parent, child] = chunksOver(doc, [{ refs: ['#/texts/5', '#/texts/7'] }, { refs: ['#/texts/5'] }]);
    const chunks = [parent!, { ...child!, parentId: parent!.id }];
    expect(rulesOf(lintChunks(doc, chunks, { tokenLimit: 10, tinyTokens: 1 }))).toEqual(['1:over-limit']);
  });

  it('finds no cut between a parent and its first child, which start together', () => {
    const [parent, child] = chunksOver(doc, [
      { refs: ['#/texts/5'], text: 'To get started with swimming, first lay' },
      { refs: ['#/texts/5'], text: 'To get started with swimming, first lay' },
    ]);
    const chunks = [parent!, { ...child!, parentId: parent!.id }];
    expect(rulesOf(lintChunks(doc, chunks, { tokenLimit: 64, tinyTokens: 1 }))).toEqual([]);
  });

  it('flags a heading path that alone takes the budget, once for all the chunks under it', () => {
    const heading = 'A heading far longer than any heading should be, as long as a paragraph of its own and more';
    const chunks = chunksOver(doc, [{ refs: ['#/texts/5'] }, { refs: ['#/texts/6'] }, { refs: ['#/texts/7'] }]).map((chunk) => ({
      ...chunk,
      headingPath: [heading],
      contextualizedText: `${heading}\n${chunk.text}`,
    }));
    const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const findings = lintChunks(doc, chunks, { tokenLimit: 24, tinyTokens: 8, countTokens: countWords });
    const overBudget = findings.filter((finding) => finding.rule === 'heading-path-over-budget');
    expect(overBudget).toHaveLength(1);
    expect(overBudget[0]).toMatchObject({ chunkIndex: 0, severity: 'error' });
    expect(overBudget[0]!.message).toContain('3 chunks under');
    // a short path leaves room for text
    const short = chunks.map((chunk) => ({ ...chunk, headingPath: ['Swimming'], contextualizedText: `Swimming\n${chunk.text}` }));
    expect(rulesOf(lintChunks(doc, short, { tokenLimit: 24, tinyTokens: 8, countTokens: countWords }))).not.toContain(
      '0:heading-path-over-budget',
    );
  });
});
