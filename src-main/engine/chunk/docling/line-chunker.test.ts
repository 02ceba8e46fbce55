import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codePointLength, codePointSlice } from '../../text/code-points';
import { tokenizerById } from '../../tokenize/registry';
import type { Tokenizer } from '../../tokenize/tokenizer';
import { readingWordCounter } from '../strategy.test-support';
import { chunkLines, CodePointLine, splitByTokenLimit } from './line-chunker';

const speech = readFileSync(new URL('../../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
const bert = tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2');
const cl100k = tokenizerById('tiktoken:cl100k_base');

/** docling-core's `split_by_token_limit` as written: every probe counts the whole head. */
function doclingSplit(text: string, limit: number, tokenizer: Tokenizer): [string, string] {
  if (limit <= 0 || text === '') return ['', text];
  if (tokenizer.count(text) <= limit) return [text, ''];
  let low = 0;
  let high = codePointLength(text);
  let best = 0;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (tokenizer.count(codePointSlice(text, 0, mid)) <= limit) {
      best = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (best <= 0) return ['', text];
  const space = codePointSlice(text, 0, best).lastIndexOf(' ');
  if (space > 0) best = codePointLength(codePointSlice(text, 0, best).slice(0, space));
  return [codePointSlice(text, 0, best), codePointSlice(text, best)];
}

/** A row the triplet serializer could print: sentences of the speech, with astral characters among them. */
function tripletRow(sentences: number): string {
  const all = speech.split(/(?<=\.) /);
  const parts = Array.from({ length: sentences }, (_, i) => `${i + 1}, Said 𝔄 = ${all[i % all.length]!.replace(/\n/g, ' ')}`);
  return parts.join('. ');
}

describe('splitByTokenLimit', () => {
  it('cuts where docling-core cuts, heads counted only up to the limit, from any point of the line', () => {
    const row = tripletRow(12);
    const line = new CodePointLine(row);
    for (const tokenizer of [bert, cl100k]) {
      for (const from of [0, 7, 301]) {
        const rest = codePointSlice(row, from);
        for (const limit of [0, 1, 2, 5, 17, 40, 64, 200, 100_000]) {
          const cut = splitByTokenLimit(line, from, limit, tokenizer);
          expect([line.slice(from, cut), line.slice(cut)], `${tokenizer.id} from ${from} limit ${limit}`).toEqual(
            doclingSplit(rest, limit, tokenizer),
          );
        }
      }
    }
  });
});

describe('chunkLines', () => {
  it('reads a row of 200,000 characters a bounded number of times over, however many pieces it is cut into', () => {
    const row = tripletRow(5_000).slice(0, 200_000);
    const { tokenizer, charactersRead } = readingWordCounter();
    const header = '| City | Population |\n';
    const chunks = chunkLines([row], header, 64, false, tokenizer);
    expect(chunks.length).toBeGreaterThan(100);
    const before = charactersRead();
    for (const chunk of chunks) expect(tokenizer.count(chunk)).toBeLessThanOrEqual(64);
    // Every piece but the last is the header, a newline and a head; the last is the header and the rest.
    const pieces = chunks.map((chunk, i) => chunk.slice(header.length + (i < chunks.length - 1 ? 1 : 0)));
    expect(chunks.every((chunk) => chunk.startsWith(header))).toBe(true);
    expect(pieces.join('')).toBe(row);
    // About log2(length) probes of a piece's length each per piece: a recount of the row's rest per piece reads ~200 times more.
    expect(before).toBeLessThan(40 * row.length);
  });
});
