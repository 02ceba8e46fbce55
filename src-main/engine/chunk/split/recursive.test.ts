import { readFileSync } from 'node:fs';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { countCharacters } from './measure';
import { recursiveSplit } from './recursive';

const speech = readFileSync(new URL('../../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
const sample = speech.slice(0, 20_000);

async function langChainChunks(
  text: string,
  chunkSize: number,
  chunkOverlap: number,
  tokens: boolean,
  separators?: string[],
): Promise<string[]> {
  const splitter = new RecursiveCharacterTextSplitter({
    chunkSize,
    chunkOverlap,
    ...(separators ? { separators } : {}),
    ...(tokens ? { lengthFunction: (t: string) => countTokens(t) } : {}),
  });
  return splitter.splitText(text);
}

function ourChunks(text: string, chunkSize: number, chunkOverlap: number, tokens: boolean, separators = ['\n\n', '\n', ' ', '']): string[] {
  const measure = tokens ? (t: string) => countTokens(t) : countCharacters;
  return recursiveSplit(text, { separators, chunkSize, chunkOverlap, measure, costlyMeasure: tokens }).map((r) =>
    text.slice(r.start, r.end),
  );
}

describe('recursiveSplit matches LangChain RecursiveCharacterTextSplitter', () => {
  it.each([
    [400, 0],
    [400, 80],
    [1000, 200],
    [120, 30],
  ])('characters, size %i overlap %i', async (size, overlap) => {
    const expected = await langChainChunks(sample, size, overlap, false);
    expect(ourChunks(sample, size, overlap, false)).toEqual(expected);
  });

  it.each([
    [256, 0],
    [256, 50],
    [64, 16],
  ])('cl100k tokens, size %i overlap %i', async (size, overlap) => {
    const expected = await langChainChunks(sample, size, overlap, true);
    expect(ourChunks(sample, size, overlap, true)).toEqual(expected);
  });

  it('a piece far too long to be measured whole still splits exactly as LangChain does', async () => {
    const longParagraph = `${speech.slice(0, 15_000).replace(/\n\n/g, '\n')}\n\nA short closing paragraph.`;
    for (const [size, overlap] of [
      [64, 16],
      [256, 0],
    ] as const) {
      expect(ourChunks(longParagraph, size, overlap, true)).toEqual(await langChainChunks(longParagraph, size, overlap, true));
    }
  });

  it('custom separators, falling through to characters', async () => {
    const text = 'alpha beta. gamma delta epsilon. zeta eta theta iota kappa lambda mu.\n\nnu xi omicron pi rho sigma tau upsilon';
    const separators = ['. ', ' '];
    expect(ourChunks(text, 20, 5, false, separators)).toEqual(await langChainChunks(text, 20, 5, false, separators));
    const runs = 'a\n\n\n\nb\n\n\nccccccccccccccccccccccccccccccc\n\nd';
    expect(ourChunks(runs, 8, 2, false)).toEqual(await langChainChunks(runs, 8, 2, false));
  });

  it('rejects an overlap as large as the size', () => {
    expect(() => ourChunks(sample, 100, 100, false)).toThrow(/chunkOverlap/);
  });
});
