import { describe, expect, it } from 'vitest';
import { chunkedTestDocument, enrichWith } from '../enrich.test-support';
import { stopWords, type StopWordLanguage } from '../terms/stop-words';
import { termStatisticsOf } from '../enrich-chunks';
import { mergeBatchStatistics } from '../terms/term-statistics';
import { runEnrichment } from '../run-enrichment';
import { resolveEnrichmentSteps } from '../resolve-steps';
import { wordsOf } from '../terms/words';

interface Keyword {
  term: string;
  score: number;
}

const keywordsOf = (enrichments: Record<string, unknown>) => enrichments['keywords'] as Keyword[];

describe('keywords step', () => {
  const documents: Array<[string, StopWordLanguage]> = [
    ['plain-text/state_of_the_union.md', 'en'],
    ['enrich/maint-guide-dother.de.txt', 'de'],
    ['enrich/debian-reference-ch04.fr.txt', 'fr'],
    ['enrich/maint-guide.es.txt', 'es'],
  ];

  it.each(documents)(
    'gives each chunk of %s terms of its own text, never a stop word of the language it recognises',
    async (path, language) => {
      const document = await chunkedTestDocument(path);
      const run = await enrichWith(document, [{ name: 'keywords', options: { topK: 6 } }]);
      expect(run.documentEnrichments[0]).toMatchObject({ name: 'keywords', version: '1', language, idf: 'document' });
      const stop = stopWords(language);
      for (const chunk of run.chunks) {
        const keywords = keywordsOf(chunk.enrichments);
        const words = new Set(wordsOf(chunk.text));
        expect(keywords.length).toBeLessThanOrEqual(6);
        if (words.size > 20) expect(keywords.length).toBe(6);
        for (const { term } of keywords) {
          expect(words.has(term)).toBe(true);
          expect(stop.has(term)).toBe(false);
        }
        const scores = keywords.map((keyword) => keyword.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    },
  );

  it('ranks a term spread over every chunk below a term of one chunk, and weighs against the batch when given', async () => {
    const document = await chunkedTestDocument('enrich/maint-guide-dother.de.txt');
    const run = await enrichWith(document, ['keywords']);
    // The content word in most chunks weighs little in each: it is rarely a chunk's first key term
    const spread = termStatisticsOf(document.chunks).chunkFrequency;
    const [widest, widestCount] = [...spread].filter(([word]) => !stopWords('de').has(word)).sort((a, b) => b[1] - a[1])[0]!;
    expect(widestCount).toBeGreaterThan(run.chunks.length / 4);
    const firsts = run.chunks.map((chunk) => keywordsOf(chunk.enrichments)[0]?.term);
    expect(firsts.filter((term) => term === widest).length).toBeLessThan(widestCount / 3);

    // Against a batch, terms are weighed by their spread over both documents' chunks
    const other = await chunkedTestDocument('enrich/maint-guide.es.txt');
    const batch = mergeBatchStatistics([termStatisticsOf(document.chunks), termStatisticsOf(other.chunks)]);
    const batchRun = await runEnrichment({
      doc: document.parsed.doc,
      docId: document.parsed.docId,
      chunks: document.chunks,
      steps: resolveEnrichmentSteps([{ name: 'keywords', options: {} }]),
      batch,
    });
    expect(batchRun.documentEnrichments[0]).toMatchObject({ idf: 'batch' });
    expect(batchRun.chunks.map((chunk) => keywordsOf(chunk.enrichments))).not.toEqual(
      run.chunks.map((chunk) => keywordsOf(chunk.enrichments)),
    );
  });

  it('never takes what PII masking wrote for a key term', async () => {
    const document = await chunkedTestDocument('pii/customer-letter.md');
    const run = await enrichWith(document, [
      { name: 'pii', options: { action: 'mask' } },
      { name: 'keywords', options: {} },
    ]);
    const terms = run.chunks.flatMap((chunk) => keywordsOf(chunk.enrichments).map(({ term }) => term));
    expect(terms.length).toBeGreaterThan(0);
    // the letter's own words may name a label ("your new phone number"); the placeholders' must not count
    const ownWords = new Set(document.chunks.flatMap((chunk) => wordsOf(chunk.text)));
    const placeholderWords = ['email', 'phone', 'iban', 'card', 'person', 'address', 'ssn', 'birth'].filter((word) => !ownWords.has(word));
    expect(placeholderWords.length).toBeGreaterThanOrEqual(3);
    for (const word of placeholderWords) expect(terms).not.toContain(word);
  });

  it('refuses an option it does not know, naming the step', async () => {
    const document = await chunkedTestDocument('enrich/maint-guide.es.txt');
    await expect(enrichWith(document, [{ name: 'keywords', options: { top: 3 } }])).rejects.toThrow(
      'enrich.keywords: top: not an option of step "keywords"',
    );
    await expect(enrichWith(document, [{ name: 'keywords', options: { language: 'xx' } }])).rejects.toThrow(/enrich\.keywords: language:/);
  });
});
