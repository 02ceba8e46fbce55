import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../ir/types';
import { DocumentBuilder } from '../parse/document-builder';
import { chunkDocument, parseDocument } from '../pipeline';
import { allStrategies } from './registry';

const speech = readFileSync(new URL('../../../test-data/plain-text/state_of_the_union.md', import.meta.url), 'utf8');
const words = speech.split(/\s+/).filter((word) => word !== '');
const TWO_MB = 2_000_000;

/** `piece` repeated into a text of `length` characters. */
function repeatedTo(piece: string, length: number): string {
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

async function plainText(name: string, text: string): Promise<DoclingDocument> {
  return (await parseDocument(name, new TextEncoder().encode(text))).doc;
}

/** 10,000 headings of levels 1 to 6 in turn, each over a short paragraph, as a Markdown file of that shape parses. */
function tenThousandHeadings(): DoclingDocument {
  const builder = new DocumentBuilder('headings.md', 'text/markdown', new Uint8Array([6]));
  for (let i = 0; i < 10_000; i++) {
    builder.addHeading(`Heading ${i}`, 1 + (i % 6));
    builder.addText('text', `${words[i % words.length]} of section ${i}, short.`);
  }
  return builder.doc;
}

/**
 * Seconds a strategy may take at its defaults on one of these documents: what they take on an idle machine is well
 * under one; a loaded 2-core machine takes a few. Work that grows with the square of the text (each chunk counting
 * from the start of a 2 MB paragraph) takes tens of seconds and more.
 */
const SECONDS_PER_STRATEGY = 12;

describe('every strategy at its defaults', () => {
  const inputs: Array<[string, () => Promise<DoclingDocument>]> = [
    ['a 2 MB one-paragraph text', () => plainText('paragraph.txt', repeatedTo(`${words.join(' ')} `, TWO_MB))],
    ['a 2 MB text of one-word lines', () => plainText('lines.txt', repeatedTo(`${words.join('\n')}\n`, TWO_MB))],
    ['a document of 10,000 headings', () => Promise.resolve(tenThousandHeadings())],
    // A splitter repeated with nothing between: semchunk's bisection and the sentence pattern once went one character at a time.
    ['2 MB of dots', () => plainText('dots.txt', '.'.repeat(TWO_MB))],
  ];
  for (const [name, documentOf] of inputs) {
    it(
      `chunks ${name} in bounded time`,
      async () => {
        const doc = await documentOf();
        for (const strategy of allStrategies()) {
          const started = performance.now();
          let chunks = 0;
          let characters = 0;
          for (const chunk of chunkDocument(doc, 'doc-under-test', { strategy: strategy.name })) {
            chunks++;
            characters += chunk.text.length;
          }
          const seconds = (performance.now() - started) / 1000;
          expect(chunks, strategy.name).toBeGreaterThan(0);
          expect(characters, strategy.name).toBeGreaterThan(0);
          expect(seconds, strategy.name).toBeLessThan(SECONDS_PER_STRATEGY);
        }
      },
      11 * SECONDS_PER_STRATEGY * 1000,
    );
  }
});
