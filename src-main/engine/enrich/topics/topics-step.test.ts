import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chunkedTestDocument, chunkedText, enrichWith } from '../enrich.test-support';

interface Topic {
  id: number;
  label: string;
  terms: string[];
  chunk_count: number;
}

const testText = (name: string) => readFile(new URL(`../../../../test-data/enrich/${name}`, import.meta.url), 'utf8');

describe('topics step', () => {
  it('tags every chunk with words with a topic, numbered by first appearance, and lists the topics on the document', async () => {
    const document = await chunkedTestDocument('plain-text/state_of_the_union.md');
    const run = await enrichWith(document, ['topics']);
    const { topics } = run.documentEnrichments[0] as unknown as { topics: Topic[] };
    expect(topics.length).toBe(Math.round(Math.sqrt(run.chunks.length / 2)));
    expect(topics.map((topic) => topic.id)).toEqual(topics.map((_, index) => index));
    expect(topics.reduce((sum, topic) => sum + topic.chunk_count, 0)).toBe(run.chunks.length);
    const tags = run.chunks.map((chunk) => chunk.enrichments['topic'] as { id: number; label: string });
    const firstSeen = [...new Set(tags.map((tag) => tag.id))];
    expect(firstSeen).toEqual(topics.map((topic) => topic.id));
    for (const tag of tags) expect(tag.label).toBe(topics[tag.id]!.label);
  });

  it('puts chunks that share key terms together: more shared within a topic than across topics', async () => {
    const german = await testText('maint-guide-dother.de.txt');
    const french = await testText('debian-reference-ch04.fr.txt');
    const document = await chunkedText('two.txt', new TextEncoder().encode(`${german}\n\n${french}`), {
      strategy: 'paragraphs',
      maxTokens: 96,
    });
    const run = await enrichWith(document, [{ name: 'topics', options: { count: 2 } }, 'keywords']);
    const chunks = run.chunks.map((chunk) => ({
      topic: (chunk.enrichments['topic'] as { id: number }).id,
      terms: new Set((chunk.enrichments['keywords'] as Array<{ term: string }>).map((keyword) => keyword.term)),
    }));
    const shared = (a: Set<string>, b: Set<string>) => [...a].filter((term) => b.has(term)).length;
    let within = 0;
    let withinPairs = 0;
    let across = 0;
    let acrossPairs = 0;
    chunks.forEach((a, i) =>
      chunks.slice(i + 1).forEach((b) => {
        if (a.topic === b.topic) {
          within += shared(a.terms, b.terms);
          withinPairs++;
        } else {
          across += shared(a.terms, b.terms);
          acrossPairs++;
        }
      }),
    );
    expect(withinPairs).toBeGreaterThan(0);
    expect(acrossPairs).toBeGreaterThan(0);
    expect(within / withinPairs).toBeGreaterThan(2 * (across / acrossPairs));
  });
});
