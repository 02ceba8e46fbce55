import { splitRangeAt, trimRange, type TextRange } from '../../text/text-range';

/**
 * Lower-cased words that end with a period without ending a sentence. Single letters (initials,
 * "J. Smith", "U.S.") are handled separately.
 */
const abbreviations = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'rev',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'gov',
  'sen',
  'rep',
  'e.g',
  'i.e',
  'cf',
  'vs',
  'viz',
  'al',
  'approx',
  'ca',
  'est',
  'etc',
  'fig',
  'figs',
  'eq',
  'eqs',
  'no',
  'nos',
  'vol',
  'vols',
  'p',
  'pp',
  'ch',
  'sec',
  'art',
  'ref',
  'refs',
  'ed',
  'eds',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'univ',
  'assn',
  'bros',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'ph.d',
  'b.sc',
  'm.sc',
]);

/**
 * A candidate sentence end: a terminator run, then closing quotes/brackets and any citation marks
 * (`[ 9 ] [note 2]`, which belong to the sentence they follow), then whitespace. Matched in two steps:
 * one regular expression for both would retry a run that is not followed by whitespace from each of its
 * characters, each time to its end (a run of a million dots: minutes), where no shorter or later part of
 * the run can match either (a terminator follows it).
 */
const terminatorRun = /[.!?…]+/g;
const afterTerminators = /["'”’)\]]*(?:\s?\[[^\]\n]{1,16}\])*(?=\s)/y;

/** The next candidate end in `text[from, before)`, as `[terminatorAt, end)`. */
function nextCandidateEnd(text: string, from: number, before: number): { terminatorAt: number; end: number } | undefined {
  terminatorRun.lastIndex = from;
  for (let run = terminatorRun.exec(text); run && run.index < before; run = terminatorRun.exec(text)) {
    afterTerminators.lastIndex = run.index + run[0].length;
    if (afterTerminators.test(text)) return { terminatorAt: run.index, end: afterTerminators.lastIndex };
  }
  return undefined;
}
/** What may start the next sentence: an upper-case letter, digit, opening quote or bracket. */
const nextSentenceStart = /^\s+["'“‘([]?[\p{Lu}\p{Lt}\p{N}]/u;
const wordBeforePeriod = /([\p{L}.]+)\.$/u;

/**
 * Sentences of `text` (or of `range` in it) as trimmed ranges. Blank lines always end a sentence;
 * a period after a known abbreviation or an initial does not.
 */
export function splitSentences(text: string, range: TextRange = { start: 0, end: text.length }): TextRange[] {
  const sentences: TextRange[] = [];
  for (const block of splitRangeAt(text, range, /\n[ \t]*\n/)) {
    let sentenceStartAt = block.start;
    for (let match = nextCandidateEnd(text, block.start, block.end); match; match = nextCandidateEnd(text, match.end, block.end)) {
      const { terminatorAt, end } = match;
      if (end >= block.end) break;
      if (!endsSentence(text, sentenceStartAt, terminatorAt, end, block.end)) continue;
      pushSentence(text, sentences, { start: sentenceStartAt, end });
      sentenceStartAt = end;
    }
    pushSentence(text, sentences, { start: sentenceStartAt, end: block.end });
  }
  return sentences;
}

function endsSentence(text: string, sentenceBegin: number, terminatorAt: number, end: number, blockEnd: number): boolean {
  if (!nextSentenceStart.test(text.slice(end, Math.min(end + 16, blockEnd)))) return false;
  if (text[terminatorAt] !== '.' || text.slice(terminatorAt, end).startsWith('..')) return true;
  const before = wordBeforePeriod.exec(text.slice(Math.max(sentenceBegin, terminatorAt - 24), terminatorAt + 1));
  if (!before) return true;
  const word = before[1]!;
  if (/^\p{L}$/u.test(word)) return false;
  return !abbreviations.has(word.toLowerCase());
}

function pushSentence(text: string, sentences: TextRange[], range: TextRange): void {
  const trimmed = trimRange(text, range);
  if (trimmed.end > trimmed.start) sentences.push(trimmed);
}
