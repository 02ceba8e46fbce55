import { describe, expect, it } from 'vitest';
import { DOCUMENT_SET_LIMITS, planDocumentSet } from './document-set';

const supported = (name: string) => /\.(md|pdf|html)$/i.test(name);

describe('planDocumentSet', () => {
  it('opens the supported files in name order and says why each other file is left out', () => {
    const plan = planDocumentSet(
      [
        { name: 'b.md', size: 10 },
        { name: 'photo.jpg', size: 10 },
        { name: 'a.PDF', size: 10 },
      ],
      supported,
    );
    expect(plan.opened.map((file) => file.name)).toEqual(['a.PDF', 'b.md']);
    expect(plan.left).toEqual([{ file: { name: 'photo.jpg', size: 10 }, reason: 'not a supported format' }]);
  });

  it('stops at the count and the total bytes of a set', () => {
    const many = Array.from({ length: DOCUMENT_SET_LIMITS.files + 2 }, (_, index) => ({
      name: `${String(index).padStart(2, '0')}.md`,
      size: 1,
    }));
    const byCount = planDocumentSet(many, supported);
    expect(byCount.opened).toHaveLength(DOCUMENT_SET_LIMITS.files);
    expect(byCount.left.map(({ reason }) => reason)).toEqual([
      `a set opens at most ${DOCUMENT_SET_LIMITS.files} files`,
      `a set opens at most ${DOCUMENT_SET_LIMITS.files} files`,
    ]);
    const half = DOCUMENT_SET_LIMITS.totalBytes / 2;
    const bySize = planDocumentSet(
      [
        { name: 'a.md', size: half },
        { name: 'b.md', size: half + 1 },
        { name: 'c.md', size: half },
      ],
      supported,
    );
    expect(bySize.opened.map((file) => file.name)).toEqual(['a.md', 'c.md']);
    expect(bySize.left[0]!.reason).toMatch(/^a set opens at most 200 MB together$/);
  });
});
