import { stopWordLanguageOf, stopWords } from '../terms/stop-words';
import type { TermCounts } from '../terms/term-statistics';
import { isContentWord } from '../terms/words';

const DAMPING = 0.85;
const MAX_ITERATIONS = 50;
const CONVERGED = 1e-9;

/**
 * TextRank's sentence centrality, as a random walk from sentence to shared term to sentence: a
 * sentence ranks high when it shares weighty terms (TF-IDF, stop words left out) with many
 * sentences that rank high. Walking through the terms costs one pass over the sentences' words per
 * iteration, where comparing every pair of sentences would be quadratic in a long document.
 * Returns a score per sentence, the highest 1.
 */
export function rankSentences(sentences: readonly TermCounts[]): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const totals = new Map<string, number>();
  const frequency = new Map<string, number>();
  for (const { counts } of sentences) {
    for (const [word, count] of counts) {
      totals.set(word, (totals.get(word) ?? 0) + count);
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const language = stopWordLanguageOf(totals);
  const excluded = language === undefined ? new Set<string>() : stopWords(language);
  // Terms by index, and each sentence's terms with their weights.
  const termIndex = new Map<string, number>();
  const edges: Array<{ terms: number[]; weights: number[]; arrivals: number[]; total: number }> = [];
  for (const { counts, wordCount } of sentences) {
    // TextRank divides the overlap of two sentences by the log of their lengths: a long sentence shares more terms by length alone
    const lengthDivisor = Math.log(2 + wordCount);
    const terms: number[] = [];
    const weights: number[] = [];
    let total = 0;
    for (const [word, count] of counts) {
      const df = frequency.get(word)!;
      // a term of one sentence links it to nothing
      if (df < 2 || !isContentWord(word) || excluded.has(word)) continue;
      let index = termIndex.get(word);
      if (index === undefined) termIndex.set(word, (index = termIndex.size));
      const weight = count * Math.log(n / df + 1);
      terms.push(index);
      weights.push(weight);
      total += weight;
    }
    edges.push({ terms, weights, arrivals: weights.map((weight) => weight / lengthDivisor), total });
  }
  const termArrivals = new Float64Array(termIndex.size);
  for (const { terms, arrivals } of edges) {
    for (let i = 0; i < terms.length; i++) termArrivals[terms[i]!] = termArrivals[terms[i]!]! + arrivals[i]!;
  }

  let scores = new Float64Array(n).fill(1 / n);
  const termMass = new Float64Array(termIndex.size);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    termMass.fill(0);
    let isolated = 0;
    for (let s = 0; s < n; s++) {
      const { terms, weights, total } = edges[s]!;
      if (total === 0) isolated += scores[s]!;
      else for (let i = 0; i < terms.length; i++) termMass[terms[i]!] = termMass[terms[i]!]! + (scores[s]! * weights[i]!) / total;
    }
    const next = new Float64Array(n);
    let change = 0;
    for (let s = 0; s < n; s++) {
      const { terms, arrivals } = edges[s]!;
      let inflow = 0;
      for (let i = 0; i < terms.length; i++) inflow += (termMass[terms[i]!]! * arrivals[i]!) / termArrivals[terms[i]!]!;
      // a sentence that links nowhere spreads its score evenly, so the scores keep summing to 1
      next[s] = (1 - DAMPING) / n + DAMPING * (inflow + isolated / n);
      change += Math.abs(next[s]! - scores[s]!);
    }
    scores = next;
    if (change < CONVERGED) break;
  }
  const top = Math.max(...scores);
  return Array.from(scores, (score) => score / top);
}
