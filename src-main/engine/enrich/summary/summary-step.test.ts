import { describe, expect, it } from 'vitest';
import { chunkedTestDocument, enrichWith } from '../enrich.test-support';
import { termStatisticsOf } from '../enrich-chunks';
import { stopWords } from '../terms/stop-words';
import { wordsOf } from '../terms/words';

interface SummarySentence {
  text: string;
  chunk_id: string;
  score: number;
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('summary step', () => {
  it.each(['plain-text/state_of_the_union.md', 'enrich/maint-guide-dother.de.txt', 'enrich/debian-reference-ch04.fr.txt'])(
    'summarises %s with sentences of its own chunks, in document order, and gives each chunk one of its sentences',
    async (path) => {
      const document = await chunkedTestDocument(path);
      const run = await enrichWith(document, [{ name: 'summary', options: { sentences: 4 } }]);
      const { summary } = run.documentEnrichments[0] as unknown as { summary: { text: string; sentences: SummarySentence[] } };
      expect(summary.sentences).toHaveLength(4);
      const indexOf = new Map(run.chunks.map((chunk) => [chunk.id, chunk.index]));
      const order = summary.sentences.map((sentence) => indexOf.get(sentence.chunk_id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const sentence of summary.sentences) {
        const chunk = run.chunks[indexOf.get(sentence.chunk_id)!]!;
        expect(squash(chunk.text)).toContain(sentence.text);
      }
      expect(summary.text).toBe(summary.sentences.map((sentence) => sentence.text).join(' '));
      for (const chunk of run.chunks) {
        const own = chunk.enrichments['summary'] as { text: string } | undefined;
        if (own) expect(squash(chunk.text)).toContain(own.text);
      }
      expect(run.chunks.filter((chunk) => chunk.enrichments['summary']).length).toBeGreaterThan(run.chunks.length / 2);
    },
  );

  it("ranks first a sentence on the document's most widespread subject", async () => {
    const document = await chunkedTestDocument('enrich/maint-guide-dother.de.txt');
    const run = await enrichWith(document, [{ name: 'summary', options: { sentences: 1 } }]);
    const { summary } = run.documentEnrichments[0] as unknown as { summary: { sentences: SummarySentence[] } };
    const widespread = [...termStatisticsOf(document.chunks).chunkFrequency]
      .filter(([word]) => !stopWords('de').has(word))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([word]) => word);
    expect(wordsOf(summary.sentences[0]!.text).some((word) => widespread.includes(word))).toBe(true);
  });
});
