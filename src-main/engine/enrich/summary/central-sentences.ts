import { splitSentences } from '../../chunk/split/sentences';
import { termCountsOf, type TermCounts } from '../terms/term-statistics';
import { rankSentences } from './sentence-rank';

/** Fewer words make a heading, a label or a fragment: not a sentence to summarise with. */
const MIN_SENTENCE_WORDS = 5;

export interface TextSentence {
  text: string;
  counts: TermCounts;
}

export interface RankedSentence extends TextSentence {
  /** The text (chunk, paragraph) it is a sentence of. */
  textIndex: number;
  /** Position among all the sentences, in reading order. */
  order: number;
  /** Centrality, the highest 1. */
  score: number;
}

/** The sentences of a text worth ranking, whitespace squashed. */
export function sentencesOf(text: string): TextSentence[] {
  return splitSentences(text)
    .map((range) => text.slice(range.start, range.end).replace(/\s+/g, ' ').trim())
    .map((sentence) => ({ text: sentence, counts: termCountsOf(sentence) }))
    .filter((sentence) => sentence.counts.wordCount >= MIN_SENTENCE_WORDS);
}

/** Every sentence of the texts (each text's sentences given), ranked by centrality over them all. */
export function rankAll(perText: ReadonlyArray<readonly TextSentence[]>): RankedSentence[] {
  const all = perText.flatMap((sentences, textIndex) => sentences.map((sentence) => ({ ...sentence, textIndex })));
  const scores = rankSentences(all.map((sentence) => sentence.counts));
  return all.map((sentence, order) => ({ ...sentence, order, score: scores[order]! }));
}

/** The `count` most central sentences, each text once (overlapping chunks repeat sentences), in reading order. */
export function mostCentral(ranked: readonly RankedSentence[], count: number): RankedSentence[] {
  const chosen: RankedSentence[] = [];
  const seen = new Set<string>();
  for (const sentence of [...ranked].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (chosen.length >= count) break;
    if (seen.has(sentence.text)) continue;
    seen.add(sentence.text);
    chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.order - b.order);
}
