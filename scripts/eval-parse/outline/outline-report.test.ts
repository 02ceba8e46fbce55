import { describe, expect, it } from 'vitest';
import type { DocumentFacts, OutlineScores } from './evaluate-outline-document';
import { formatOutlineReport, summarizePart, type OutlineOutcome } from './outline-report';

const facts = (family: string): DocumentFacts => ({
  producer: `${family} 1.0`,
  creator: null,
  family,
  pages: 3,
  outlineEntries: 4,
  outlineDepth: 2,
});

function scores(recall: number, chunkCoverage: number, levelAgreement: number | null): OutlineScores {
  return {
    headings: {
      outlineEntries: 4,
      headings: 4,
      matched: 4 * recall,
      recall,
      deepestMatchedLevel: 1,
      headingsInScope: 4,
      precision: 1,
      levelAgreement,
    },
    layerWords: 100,
    layerInParse: 1,
    parseInLayer: 1,
    chunkCoverage,
    chunkLetterCoverage: 0.995,
    layerInFurniture: 0,
    layerInPictures: 0,
    chunks: 2,
    parseMs: 100,
  };
}

const outcomes: OutlineOutcome[] = [
  { status: 'scored', relativePath: 'a.pdf', part: 'dev', facts: facts('TeX'), scores: scores(1, 1, 1) },
  { status: 'scored', relativePath: 'b.pdf', part: 'dev', facts: facts('TeX'), scores: scores(0.5, 0.8, null) },
  { status: 'scored', relativePath: 'c.pdf', part: 'dev', facts: facts('groff'), scores: scores(0.75, 0.99, 0.5) },
  { status: 'scored', relativePath: 'held.pdf', part: 'held-out', facts: facts('groff'), scores: scores(0, 0, 0) },
  { status: 'no-outline', relativePath: 'plain.pdf', part: 'dev', facts: facts('TeX') },
  { status: 'failed', relativePath: 'broken.pdf', part: 'dev', error: 'corrupt-file: broken.pdf: not a readable PDF' },
];

describe('summarizePart', () => {
  const dev = summarizePart('dev', outcomes);

  it('averages per family and over the part, leaving out other parts, failures and inapplicable metrics', () => {
    expect(dev.families.map((family) => [family.group, family.scored, family.means.recall, family.means.levels])).toEqual([
      ['TeX', 2, 0.75, 1],
      ['groff', 1, 0.75, 0.5],
    ]);
    expect(dev.overall.scored).toBe(3);
    expect(dev.overall.means.recall).toBeCloseTo(0.75);
    expect(dev.overall.means.chunkCoverage).toBeCloseTo((1 + 0.8 + 0.99) / 3);
    expect(dev.failed).toEqual(['broken.pdf']);
  });

  it('names the worst document per metric and the documents under the chunk-coverage floor', () => {
    expect(dev.worst.find((w) => w.metric === 'recall')).toEqual({ metric: 'recall', relativePath: 'b.pdf', value: 0.5 });
    expect(dev.worst.find((w) => w.metric === 'levels')).toEqual({ metric: 'levels', relativePath: 'c.pdf', value: 0.5 });
    expect(dev.belowChunkFloor).toEqual(['b.pdf']);
  });

  it('summarizes the whole corpus over both parts', () => {
    const all = summarizePart('all', outcomes);
    expect(all.overall.scored).toBe(4);
    expect(all.overall.means.recall).toBeCloseTo((1 + 0.5 + 0.75 + 0) / 4);
    expect(all.worst.find((w) => w.metric === 'recall')?.relativePath).toBe('held.pdf');
  });

  it('prints a section per part with failures as rows and the verdict against the targets', () => {
    const report = formatOutlineReport(outcomes, [dev, summarizePart('held-out', outcomes), summarizePart('all', outcomes)]);
    expect(report).toContain('## all (6 PDFs)');
    expect(report.match(/^a\.pdf /gm)).toHaveLength(1);
    expect(report).toContain('## dev (5 PDFs)');
    expect(report).toContain('## held-out (1 PDFs)');
    expect(report).toMatch(/broken\.pdf .*FAILED corrupt-file: broken\.pdf: not a readable PDF/);
    expect(report).not.toMatch(/^plain\.pdf/m);
    expect(report).toMatch(/^verdict .*FAIL/m);
    expect(report).toContain('Chunk coverage under 0.9 (in letters): b.pdf (0.995)');
  });
});
