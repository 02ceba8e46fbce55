import { readFileSync } from 'node:fs';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { describe, expect, it } from 'vitest';
import { markdownParser } from '../../parse/markdown/markdown-parser';
import { tokenizerById } from '../../tokenize/registry';
import { contextFor, groundtruthDocument, optionsError, runStrategy, sampleDocument, wordTokenizer } from '../strategy.test-support';
import { documentText } from './document-chunks';
import { fixedCharactersStrategy } from './fixed-characters';
import { fixedTokensStrategy } from './fixed-tokens';
import { fixedWordsStrategy } from './fixed-words';
import { paragraphsStrategy } from './paragraphs';
import { recursiveStrategy } from './recursive';
import { sentencesStrategy } from './sentences';

const duck = contextFor(groundtruthDocument('wiki_duck.html.json'), tokenizerById('tiktoken:cl100k_base'));

describe('baseline strategies on a real document (wiki_duck.html)', () => {
  it('recursive gives exactly the chunk texts of LangChain on the same plain text', async () => {
    const plain = documentText(duck).text;
    for (const [lengthUnit, size, overlap] of [
      ['characters', 500, 100],
      ['tokens', 128, 20],
    ] as const) {
      const chunks = runStrategy(recursiveStrategy, duck, { lengthUnit, size, overlap });
      const langChain = new RecursiveCharacterTextSplitter({
        chunkSize: size,
        chunkOverlap: overlap,
        ...(lengthUnit === 'tokens' ? { lengthFunction: (t: string) => duck.tokenizer.count(t) } : {}),
      });
      expect(chunks.map((c) => c.text)).toEqual(await langChain.splitText(plain));
    }
  });

  it('every baseline covers the text in order, with items and deterministic ids', () => {
    const runs = [
      runStrategy(fixedCharactersStrategy, duck, { size: 800, overlap: 100 }),
      runStrategy(fixedWordsStrategy, duck, { size: 120, overlap: 20 }),
      runStrategy(fixedTokensStrategy, duck, { size: 200, overlap: 30 }),
      runStrategy(sentencesStrategy, duck, { size: 200, overlap: 30 }),
      runStrategy(paragraphsStrategy, duck, { size: 200 }),
      runStrategy(recursiveStrategy, duck, { size: 200 }),
    ];
    const plain = documentText(duck).text;
    for (const chunks of runs) {
      expect(chunks.length).toBeGreaterThan(20);
      let searchFrom = 0;
      for (const [i, chunk] of chunks.entries()) {
        expect(chunk.index).toBe(i);
        expect(chunk.docItems.length).toBeGreaterThan(0);
        const at = plain.indexOf(chunk.text, searchFrom);
        expect(at).toBeGreaterThanOrEqual(0);
        searchFrom = at + 1;
      }
      expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
    }
    expect(runStrategy(sentencesStrategy, duck, { size: 200, overlap: 30 }).map((c) => c.id)).toEqual(runs[3]!.map((c) => c.id));
  });

  it('fixed-tokens windows repeat about `overlap` tokens of the previous window', () => {
    const plain = documentText(duck).text;
    const chunks = runStrategy(fixedTokensStrategy, duck, { size: 100, overlap: 20 });
    let previousEnd = 0;
    for (const [i, chunk] of chunks.entries()) {
      const start = plain.indexOf(chunk.text, Math.max(0, previousEnd - chunk.text.length));
      if (i > 0) {
        expect(start).toBeLessThan(previousEnd);
        const repeated = duck.tokenizer.count(plain.slice(start, previousEnd));
        expect(repeated).toBeGreaterThanOrEqual(15);
        expect(repeated).toBeLessThanOrEqual(20);
      }
      previousEnd = start + chunk.text.length;
    }
  });

  it('token-sized baselines stay within their size', () => {
    for (const chunk of runStrategy(fixedTokensStrategy, duck, { size: 100, overlap: 10 }))
      expect(duck.tokenizer.count(chunk.text)).toBeLessThanOrEqual(100);
    for (const chunk of runStrategy(sentencesStrategy, duck, { size: 100 })) expect(chunk.tokenCount).toBeLessThanOrEqual(100);
    for (const chunk of runStrategy(paragraphsStrategy, duck, { size: 100 })) expect(chunk.tokenCount).toBeLessThanOrEqual(100);
  });
});

describe('baselines on a small document', () => {
  const { doc, source } = sampleDocument();
  const context = contextFor(doc, wordTokenizer);

  it('fixed-words windows overlap by the given number of words', () => {
    const chunks = runStrategy(fixedWordsStrategy, context, { size: 6, overlap: 2 });
    expect(chunks[0]!.text).toBe('Ducks\n\nDucks are birds. They swim');
    expect(chunks[1]!.text.startsWith('They swim well.')).toBe(true);
  });

  it('sentences keep whole sentences and map back to exact source spans', () => {
    const chunks = runStrategy(sentencesStrategy, context, { size: 12 });
    expect(chunks[0]!.text).toBe('Ducks\n\nDucks are birds. They swim well.');
    expect(chunks[1]!.text).toBe('Dr. Quack studies them.\n\nFood');
    expect(chunks[1]!.sourceSpans.map(([s, e]) => source.slice(s, e))).toEqual(['Dr. Quack studies them.', 'Food']);
    expect(chunks[1]!.docItems).toEqual(['#/texts/1', '#/texts/2']);
    expect(chunks[2]!.text).toMatch(/^Ducks eat plants, seeds and insects.\n\n- Leaves/);
  });

  it('paragraphs never split a paragraph that fits', () => {
    const texts = runStrategy(paragraphsStrategy, context, { size: 20, unit: 'words' }).map((c) => c.text);
    expect(texts.some((t) => t.includes('Ducks are birds. They swim well. Dr. Quack studies them.'))).toBe(true);
  });

  it('fixed-characters windows have the given size and step', () => {
    const chunks = runStrategy(fixedCharactersStrategy, context, { size: 40, overlap: 10 });
    const plain = documentText(context).text;
    expect(chunks[0]!.text).toBe(plain.slice(0, 40));
    expect(chunks[1]!.text).toBe(plain.slice(30, 70));
  });

  it('rejects bad options naming the field', () => {
    expect(optionsError(fixedCharactersStrategy, { size: 100, overlap: 100 })).toBe('overlap: must be smaller than size (100)');
    expect(optionsError(fixedWordsStrategy, { size: 0 })).toMatch(/^size: must be a positive integer/);
    expect(optionsError(recursiveStrategy, { lengthUnit: 'bytes' })).toMatch(/^lengthUnit: /);
    expect(optionsError(sentencesStrategy, { sise: 10 })).toMatch(/sise|Unrecognized/);
    expect(optionsError(paragraphsStrategy, { unit: 'words', size: 30 })).toBe('accepted');
  });
});

describe('baselines on a parsed Markdown file (wiki.md)', () => {
  it('map every chunk inside one paragraph to exactly its own characters of the source', async () => {
    const bytes = readFileSync(new URL('../../../../test-data/corpus/md/wiki.md', import.meta.url));
    const source = [...bytes.toString('utf8')];
    const context = contextFor(await markdownParser.parse({ fileName: 'wiki.md', bytes }), wordTokenizer);
    const chunks = runStrategy(sentencesStrategy, context, { size: 40 });
    const insideOneParagraph = chunks.filter((c) => c.docItems.length === 1 && !c.text.includes('\n'));
    expect(insideOneParagraph.length).toBeGreaterThan(5);
    for (const chunk of insideOneParagraph) {
      expect(chunk.sourceSpans).toHaveLength(1);
      const [start, end] = chunk.sourceSpans[0]!;
      expect(source.slice(start, end).join('')).toBe(chunk.text);
    }
  });
});

describe('fixed-characters over the source text', () => {
  it("cuts the file's own characters: windows tile it, each chunk's span is exactly its window, overlap repeated", async () => {
    const bytes = readFileSync(new URL('../../../../test-data/corpus/md/wiki.md', import.meta.url));
    const sourceText = bytes.toString('utf8');
    const context = { ...contextFor(await markdownParser.parse({ fileName: 'wiki.md', bytes }), wordTokenizer), sourceText };
    const chunks = runStrategy(fixedCharactersStrategy, context, { size: 300, overlap: 50, over: 'source' });
    const characters = [...sourceText];
    expect(chunks[0]!.sourceSpans).toEqual([[0, 300]]);
    for (const [index, chunk] of chunks.entries()) {
      const [start, end] = chunk.sourceSpans[0]!;
      expect(start).toBe(index * 250);
      expect(chunk.text).toBe(characters.slice(start, end).join(''));
      expect(chunk.docItems.length).toBeGreaterThan(0);
    }
    expect(chunks.at(-1)!.sourceSpans[0]![1]).toBe(characters.length);
  });

  it('says that a document without source text (DOCX, PDF, DoclingDocument JSON) cannot be cut this way', () => {
    expect(() => runStrategy(fixedCharactersStrategy, duck, { size: 300, overlap: 0, over: 'source' })).toThrow(
      /over: source cuts the file text itself, which only text formats have/,
    );
  });
});
