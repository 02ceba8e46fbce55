import { stopWordLanguageOf, stopWords, type StopWordLanguage } from '../terms/stop-words';
import { chunkFrequencyOf, type BatchTermStatistics, type TermCounts } from '../terms/term-statistics';
import { isContentWord } from '../terms/words';

/** Words a chunk needs before its stop words tell its language apart from its document's. */
const MIN_WORDS_TO_TELL_LANGUAGE = 30;
const noWords: ReadonlySet<string> = new Set();

export interface WeightedTerm {
  term: string;
  score: number;
}

export interface TermWeighting {
  /** The document's language, whose stop words were left out (a long chunk's own where it differs), if recognised or given. */
  language: StopWordLanguage | undefined;
  /** Each chunk's content words weighted by TF-IDF, highest first. */
  weigh(chunk: TermCounts): WeightedTerm[];
}

/**
 * TF-IDF over chunks: a term weighs its share of the chunk's words times the log-inverse share of
 * chunks (the document's, or the batch's when given) that hold it, so that terms frequent in one
 * chunk and rare elsewhere come first. Stop words of the documents' language never count.
 */
export function termWeighting(
  chunks: readonly TermCounts[],
  language: StopWordLanguage | 'auto',
  batch?: BatchTermStatistics,
): TermWeighting {
  const recognised = language === 'auto' ? stopWordLanguageOf(totalCounts(chunks)) : language;
  // A chunk long enough to tell is read in its own language: a document may change language on the way.
  const excludedIn = ({ counts, wordCount }: TermCounts): ReadonlySet<string> => {
    const own = language === 'auto' && wordCount >= MIN_WORDS_TO_TELL_LANGUAGE ? (stopWordLanguageOf(counts) ?? recognised) : recognised;
    return own === undefined ? noWords : stopWords(own);
  };
  const chunkCount = batch?.chunkCount ?? chunks.length;
  const frequency = batch?.chunkFrequency ?? chunkFrequencyOf(chunks);
  const idf = (word: string) => Math.log((chunkCount + 1) / ((frequency.get(word) ?? 0) + 1)) + 1;
  return {
    language: recognised,
    weigh: (chunk) => {
      const { counts, wordCount } = chunk;
      const excluded = excludedIn(chunk);
      const terms: WeightedTerm[] = [];
      for (const [term, count] of counts) {
        if (!isContentWord(term) || excluded.has(term)) continue;
        terms.push({ term, score: (count / Math.max(wordCount, 1)) * idf(term) });
      }
      return terms.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    },
  };
}

function totalCounts(chunks: readonly TermCounts[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const { counts } of chunks) for (const [word, count] of counts) total.set(word, (total.get(word) ?? 0) + count);
  return total;
}
