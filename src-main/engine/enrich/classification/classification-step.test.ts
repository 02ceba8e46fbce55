import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chunkedTestDocument, enrichWith } from '../enrich.test-support';
import { classifyByRules, DEFAULT_LABELS } from './classification-rules';

interface Classification {
  label: string | null;
  method: string;
  scores: Record<string, number>;
}

const labelsOf = async (path: string, options: object = {}) => {
  const document = await chunkedTestDocument(path, { strategy: 'hybrid', maxTokens: 256 });
  const run = await enrichWith(document, [{ name: 'classification', options }]);
  return run.chunks.map((chunk) => ({ chunk, ...(chunk.enrichments['classification'] as Classification) }));
};
const share = (items: ReadonlyArray<{ label: string | null }>, label: string | null) =>
  items.filter((item) => item.label === label).length / items.length;

describe('classification step, offline rules (no LLM configured)', () => {
  it('labels a licence notice boilerplate', async () => {
    const [notice] = await labelsOf('plain-text/LICENSE.chunking_evaluation.txt');
    expect(notice).toMatchObject({ label: 'boilerplate', method: 'rules' });
  });

  it("labels an encyclopedia article's notes as references and its prose sections as none of the labels", async () => {
    const chunks = await labelsOf('corpus/html/wiki_duck.html');
    const under = (heading: string) => chunks.filter(({ chunk }) => chunk.headingPath[1] === heading);
    const notes = under('Notes');
    const prose = ['Taxonomy', 'Morphology', 'Behaviour', 'Relationship with humans'].flatMap(under);
    expect(notes.length).toBeGreaterThan(20);
    expect(share(notes, 'reference')).toBeGreaterThanOrEqual(0.9);
    expect(prose.length).toBeGreaterThan(20);
    expect(share(prose, 'reference')).toBe(0);
    expect(share(prose, null)).toBeGreaterThanOrEqual(0.9);
  });

  it('finds obligations in German and references in Spanish, and leaves most of a speech unlabelled', async () => {
    const german = await labelsOf('enrich/maint-guide-dother.de.txt');
    const obligations = german.filter((item) => item.label === 'obligation');
    expect(obligations.length).toBeGreaterThan(0);
    for (const { chunk } of obligations) expect(chunk.text).toMatch(/\b(muss|müssen|darf nicht|dürfen nicht|verpflichtet)\b/i);
    const spanish = await labelsOf('enrich/maint-guide.es.txt');
    expect(spanish.filter((item) => item.label === 'reference').length).toBeGreaterThan(3);
    const speech = await labelsOf('plain-text/state_of_the_union.md');
    expect(share(speech, null)).toBeGreaterThanOrEqual(0.9);
  });

  it('takes labels of its own with their cue words, and counts a text repeated across chunks as boilerplate', async () => {
    const chunks = await labelsOf('enrich/debian-reference-ch04.fr.txt', {
      labels: ['comptes', 'réseau'],
      keywords: { comptes: ['mot de passe', 'utilisateur', 'utilisateurs'], réseau: ['réseau', 'adresse IP'] },
    });
    expect(chunks.some((item) => item.label === 'comptes')).toBe(true);
    expect(chunks.every((item) => item.label === null || item.label === 'comptes' || item.label === 'réseau')).toBe(true);
    const speech = await readFile(new URL('../../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
    const sentence = speech.split('\n').find((line) => line.split(' ').length > 12)!;
    expect(classifyByRules(sentence, DEFAULT_LABELS, {}, false).label).toBeNull();
    expect(classifyByRules(sentence, DEFAULT_LABELS, {}, true).label).toBe('boilerplate');
  });
});
