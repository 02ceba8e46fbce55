import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePointLength } from '../../text/code-points';
import { CharacterTokenizer } from '../../tokenize/basic';
import type { Tokenizer } from '../../tokenize/tokenizer';
import { BertUncasedTokenizer } from '../../tokenize/wordpiece';
import { TextCut } from './semchunk';
import { SemchunkCounter } from './semchunk-counter';

const wiki = readFileSync(path.resolve(import.meta.dirname, '../../../../test-data/corpus/md/wiki.md'), 'utf8');
/** Wikipedia prose with dashes, brackets and an emoji (a surrogate pair) for code-point slicing. */
const text = `${wiki.slice(0, 2500)} Emoji 🙂 here, [UNK] there; ok.`;

const tokenizers: Array<[string, Tokenizer]> = [
  ['MiniLM', new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256)],
  ['chars', new CharacterTokenizer()],
];

/** The same tokenizer without `separatesTokens`: every join is counted from its text. */
function textOnly(tokenizer: Tokenizer): Tokenizer {
  return { id: tokenizer.id, defaultMaxTokens: 0, longestTokenLength: tokenizer.longestTokenLength, count: (t) => tokenizer.count(t) };
}

function cumulativeLengths(splits: readonly string[]): number[] {
  const cumulative = [0];
  for (const split of splits) cumulative.push(cumulative[cumulative.length - 1]! + codePointLength(split));
  return cumulative;
}

describe('SemchunkCounter joins', () => {
  for (const [name, tokenizer] of tokenizers) {
    for (const splitter of [' ', '\n', '.', ', ', '—', '[']) {
      it(`${name}: a join split on ${JSON.stringify(splitter)} counts as its text does, long-text shortcut included`, () => {
        const splits = text.split(splitter);
        expect(splits.length).toBeGreaterThan(2);
        for (const chunkSize of [3, 12, 60]) {
          const summed = new SemchunkCounter(tokenizer, chunkSize).joins({ splits, splitter, cumulative: cumulativeLengths(splits) });
          const reference = new SemchunkCounter(textOnly(tokenizer), chunkSize);
          for (let start = 0; start < splits.length; start += 3) {
            for (let end = start; end <= Math.min(splits.length, start + 40); end++) {
              const expected = reference.tokens(splits.slice(start, end).join(splitter));
              expect(summed.tokens(start, end), `size ${chunkSize}, splits ${start}..${end}`).toBe(expected);
            }
          }
        }
      });
    }
  }

  it('gives the same counts from splits counted in advance (a TextCut) as from splits counted on demand', () => {
    const miniLm = tokenizers[0]![1];
    const cut = new TextCut(text);
    expect(cut.summedTokens(miniLm)).toBe(miniLm.count(text));
    const reference = new SemchunkCounter(textOnly(miniLm), 12);
    const joins = new SemchunkCounter(miniLm, 12).joins(cut);
    for (let end = 0; end <= cut.splits.length; end++)
      expect(joins.tokens(0, end)).toBe(reference.tokens(cut.splits.slice(0, end).join(cut.splitter)));
  });

  it('does not sum a cut where counts do not add up (BPE)', () => {
    expect(new TextCut(text).summedTokens(textOnly(tokenizers[0]![1]))).toBeUndefined();
  });

  it('finds over a run of empty splits the end that a one-by-one descent finds, summed or counted from the text', () => {
    for (const [name, tokenizer] of tokenizers) {
      for (const splitter of ['.', ', ', '—']) {
        // Text, then the splitter repeated: the splits after the text are empty.
        const head = text.split(splitter).slice(0, 5);
        const splits = [...head, ...Array.from({ length: 400 }, () => '')];
        const k = head.length;
        const cumulative = cumulativeLengths(splits);
        for (const chunkSize of [1, 7, 60, 255]) {
          for (const counter of [new SemchunkCounter(tokenizer, chunkSize), new SemchunkCounter(textOnly(tokenizer), chunkSize)]) {
            const joins = counter.joins({ splits, splitter, cumulative });
            for (const [start, to] of [
              [k, k + 400],
              [k, k + 35],
              [k + 95, k + 345],
              [k + 400, k + 399],
            ] as Array<[number, number]>) {
              let descent = to;
              while (descent >= start && joins.tokens(start, descent) > chunkSize) descent--;
              const label = `${name} ${JSON.stringify(splitter)} ${chunkSize} ${start}..${to}`;
              expect(joins.lastFittingOverEmptySplits(start, start, to), label).toBe(descent);
            }
          }
        }
      }
    }
  });

  it('takes the shortcut on a long text whose prefix is over the limit', () => {
    const counter = new SemchunkCounter(tokenizers[0]![1], 10);
    const long = wiki.slice(0, 400);
    expect(counter.tokens(long)).toBe(11);
    expect(counter.tokens('IBM debuted in 1981.')).toBeLessThanOrEqual(10);
  });
});
