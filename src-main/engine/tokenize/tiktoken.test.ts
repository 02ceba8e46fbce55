import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { TiktokenTokenizer, type TiktokenEncodingName } from './tiktoken';

const encodings: TiktokenEncodingName[] = ['cl100k_base', 'o200k_base'];
const tokenizers = new Map(encodings.map((encoding) => [encoding, new TiktokenTokenizer(`tiktoken:${encoding}`, encoding, 8191)]));
const tokenizer = (encoding: TiktokenEncodingName): TiktokenTokenizer => tokenizers.get(encoding) ?? expect.fail(encoding);

const corpus = readFileSync(new URL('../../../test-data/chunkeval/wikitexts.excerpt.md', import.meta.url), 'utf8');

/** Texts a chunker really counts: paragraphs, sentence-sized and word-sized slices, and hostile strings. */
function sampleTexts(): string[] {
  const paragraphs = corpus.split('\n').filter((line) => line.trim() !== '');
  const slices: string[] = [];
  for (let start = 0; start < corpus.length; start += 211) slices.push(corpus.slice(start, start + 7 + (start % 160)));
  const hostile = [
    '',
    ' ',
    '\n\n\n',
    '<|endoftext|>',
    'a<|fim_prefix|>b<|im_start|>',
    '😀👍🏽 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '北京大学 東京',
    'Café naïve',
    '    indented\tcode();',
    '\u0000\u0001',
  ];
  return [...paragraphs, ...slices, ...hostile];
}

describe.each(encodings)('tiktoken %s', (encoding) => {
  it('counts exactly what js-tiktoken counts, on real text and hostile strings', () => {
    const peer = getEncoding(encoding);
    const texts = sampleTexts();
    expect(texts.length).toBeGreaterThan(100);
    const differing = texts.filter((text) => tokenizer(encoding).count(text) !== peer.encode(text, [], []).length);
    expect(differing).toEqual([]);
  });

  it('counts special-token strings as ordinary text instead of throwing', () => {
    // As one special token it would be 1; as text it is its pieces: <|, endo, ft, ext, |> or similar.
    expect(tokenizer(encoding).count('<|endoftext|>')).toBeGreaterThan(3);
    expect(tokenizer(encoding).count('a <|im_start|> b <|fim_middle|>')).toBeGreaterThan(8);
  });

  it('counts nothing in an empty string and something in every non-empty one', () => {
    expect(tokenizer(encoding).count('')).toBe(0);
    expect(tokenizer(encoding).count(' ')).toBe(1);
    expect(tokenizer(encoding).count('Hello world')).toBe(2);
  });

  it('reports the longest rank, in bytes, of the encoding it loads', () => {
    const path = createRequire(import.meta.url).resolve(`gpt-tokenizer/data/${encoding}.tiktoken`);
    let longest = 0;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const [base64] = line.split(' ');
      if (base64) longest = Math.max(longest, Buffer.from(base64, 'base64').length);
    }
    expect(tokenizer(encoding).longestTokenLength).toBe(longest);
  });
});

it('o200k and cl100k really are different encodings', () => {
  const text = 'Der Arbeitsspeicher ist voll; 東京は大きい。';
  expect(tokenizer('o200k_base').count(text)).not.toBe(tokenizer('cl100k_base').count(text));
});
