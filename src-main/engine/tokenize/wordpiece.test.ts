import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bertWords } from './bert-pretokenize';
import { bertUncasedVocab } from './bert-vocab';
import { BertUncasedTokenizer, countWordPieces } from './wordpiece';

const miniLm = new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256);
const count = (text: string): number => miniLm.count(text);

function readTestData(relativePath: string): string {
  return readFileSync(new URL(`../../../test-data/${relativePath}`, import.meta.url), 'utf8');
}

interface SerializedChunk {
  ser_text: string;
  num_tokens: number;
}

describe('BERT uncased WordPiece', () => {
  it('counts the reference sentence like HuggingFace (14 tokens without [CLS]/[SEP])', () => {
    expect(count('Hello world, this is a test of the WordPiece tokenizer.')).toBe(14);
  });

  it.each(['2a_out_ser_chunks.json', '2d_out_ser_chunks.json'])('reproduces every num_tokens of docling-core %s', (file) => {
    const chunks = (JSON.parse(readTestData(`docling-core/${file}`)) as { root: SerializedChunk[] }).root;
    expect(chunks.length).toBeGreaterThan(25);
    const mismatches = chunks.filter((chunk) => count(chunk.ser_text) !== chunk.num_tokens);
    expect(mismatches).toEqual([]);
  });

  it('gives the same count on a second pass, when runs with accents and curly quotes come from the cache', () => {
    const text = 'Tokénization of “tokenizers”: tokenized, TOKENIZING, re-tokenized, déjà vu.';
    const first = count(text);
    expect(count(text)).toBe(first);
    expect(first).toBeGreaterThan(10);
  });

  it('counts nothing in empty or blank text', () => {
    expect(count('')).toBe(0);
    expect(count(' \n\t\r  ')).toBe(0);
    expect(count('\u0000\u0001\u200b')).toBe(0);
  });

  it('lower-cases and strips accents', () => {
    expect(count('Café')).toBe(count('cafe'));
    expect(count('NAÏVE résumé')).toBe(count('naive resume'));
    expect(count('Ångström')).toBe(count('angstrom'));
    // Canonically equivalent spellings (precomposed vs combining accent) count the same.
    expect(count('cafe\u0301')).toBe(count('caf\u00e9'));
  });

  it('counts every CJK ideograph as a word of its own', () => {
    expect(count('北京大学')).toBe(4);
    expect(count('a北b')).toBe(3);
  });

  it('isolates every punctuation mark, ASCII symbols and Unicode punctuation alike', () => {
    expect(count('!!!')).toBe(3);
    expect(count('...?!')).toBe(5);
    expect(count('a--b')).toBe(4);
    expect(count('$5^2')).toBe(4);
    expect(count('“Quoted”—dash…')).toBe(4 + count('quoted dash'));
  });

  it('turns a word longer than 100 characters into a single [UNK]', () => {
    expect(count('a'.repeat(101))).toBe(1);
    expect(count('a'.repeat(100))).toBeGreaterThan(1);
    expect(count(`x ${'ab'.repeat(60)} y`)).toBe(3);
  });

  it('turns a word with an unknown character into a single [UNK]', () => {
    expect(count('😀')).toBe(1);
    expect(count('x😀y😀z')).toBe(1);
    expect(count('😀 😀')).toBe(2);
    expect(count('𝔘𝔫𝔦𝔠𝔬𝔡𝔢 text')).toBe(2);
  });

  it('removes control and format characters without splitting, and splits on tabs and newlines', () => {
    expect(count('hel\u0001lo')).toBe(count('hello'));
    expect(count('hel\u200blo')).toBe(count('hello'));
    expect(count('hel\u000blo')).toBe(count('hello'));
    expect(count('hello\tworld\nagain\u00a0now')).toBe(4);
  });

  it('counts a special token written in the text as one token, case-sensitively', () => {
    expect(count('[CLS]')).toBe(1);
    expect(count('[SEP] and [MASK]')).toBe(3);
    expect(count('[cls]')).toBe(2 + count('cls'));
    expect(count('[[UNK]]')).toBe(3);
  });

  it('agrees with the full normalizer on real text with accents, dashes and Japanese', () => {
    const vocab = bertUncasedVocab();
    const corpus = readTestData('chunkeval/wikitexts.excerpt.md');
    const paragraphs = corpus.split('\n').filter((line) => line.trim() !== '');
    expect(paragraphs.length).toBeGreaterThan(20);
    for (const paragraph of paragraphs) {
      const expected = bertWords(paragraph).reduce((sum, word) => sum + countWordPieces(vocab, word), 0);
      expect(count(paragraph), paragraph.slice(0, 60)).toBe(expected);
    }
  });

  it('adds up across whitespace and punctuation, so chunkers can sum counts instead of re-counting', () => {
    const paragraphs = readTestData('chunkeval/wikitexts.excerpt.md')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const separators = [' ', '\n\n', '\t', '\u00a0', '\u3000', '.', ', ', '“', '—', '…', '$', '()'];
    for (const separator of separators) {
      expect(miniLm.separatesTokens(separator), JSON.stringify(separator)).toBe(true);
      for (let i = 0; i + 1 < paragraphs.length; i += 2) {
        const [a, b] = [paragraphs[i]!, paragraphs[i + 1]!];
        // Cut inside words, so the separator lands where a word would otherwise continue.
        const [left, right] = [a.slice(0, a.length - 3), b.slice(2)];
        expect(count(left + separator + right)).toBe(count(left) + count(separator) + count(right));
      }
    }
  });

  it('does not add up across letters, removed controls or the brackets of special tokens', () => {
    expect(miniLm.separatesTokens('')).toBe(false);
    expect(miniLm.separatesTokens('a')).toBe(false);
    expect(miniLm.separatesTokens(' x ')).toBe(false);
    expect(miniLm.separatesTokens('\u000b')).toBe(false);
    expect(count('token\u000bizer')).toBe(count('tokenizer'));
    expect(miniLm.separatesTokens('[')).toBe(false);
    expect(miniLm.separatesTokens(']')).toBe(false);
    expect(count('[UNK]')).toBe(1);
    expect(count('[UNK') + count(']')).toBeGreaterThan(count('[UNK]'));
  });

  it('reports 18 code points (telecommunications) as its longest vocabulary entry', () => {
    expect(miniLm.longestTokenLength).toBe(18);
  });
});

describe('countWordPieces', () => {
  const vocab = bertUncasedVocab();

  it('splits greedily, longest match first, with ## continuations', () => {
    expect(countWordPieces(vocab, 'wordpiece')).toBe(2);
    expect(countWordPieces(vocab, 'tokenizer')).toBe(2);
    expect(countWordPieces(vocab, 'the')).toBe(1);
    expect(countWordPieces(vocab, '')).toBe(0);
  });
});
