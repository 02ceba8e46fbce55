import de from './stop-words/de.json' with { type: 'json' };
import en from './stop-words/en.json' with { type: 'json' };
import es from './stop-words/es.json' with { type: 'json' };
import fr from './stop-words/fr.json' with { type: 'json' };
import it from './stop-words/it.json' with { type: 'json' };
import nl from './stop-words/nl.json' with { type: 'json' };
import pt from './stop-words/pt.json' with { type: 'json' };

/** The languages with a stop-word list (`stop-words/<code>.json`, lower-cased words). */
export const STOP_WORD_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl'] as const;
export type StopWordLanguage = (typeof STOP_WORD_LANGUAGES)[number];

const lists: Record<StopWordLanguage, ReadonlySet<string>> = {
  en: new Set(en),
  fr: new Set(fr),
  de: new Set(de),
  es: new Set(es),
  it: new Set(it),
  pt: new Set(pt),
  nl: new Set(nl),
};

export function stopWords(language: StopWordLanguage): ReadonlySet<string> {
  return lists[language];
}

/**
 * The language whose stop words make up the largest share of these word counts, or undefined when
 * none makes up a twentieth (a text in another language, a table of figures): stop words are a
 * language's most frequent words, so the list that covers most of a text is its language's.
 */
export function stopWordLanguageOf(wordCounts: ReadonlyMap<string, number>): StopWordLanguage | undefined {
  let total = 0;
  for (const count of wordCounts.values()) total += count;
  let best: StopWordLanguage | undefined;
  let bestHits = 0;
  for (const language of STOP_WORD_LANGUAGES) {
    let hits = 0;
    for (const word of lists[language]) hits += wordCounts.get(word) ?? 0;
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return bestHits >= total / 20 ? best : undefined;
}
