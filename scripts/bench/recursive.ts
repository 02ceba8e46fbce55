import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { countCharacters, type Measure } from '../../src-main/engine/chunk/split/measure';
import { recursiveStrategy } from '../../src-main/engine/chunk/baselines/recursive';
import { recursiveSplit } from '../../src-main/engine/chunk/split/recursive';
import type { ChunkingContext } from '../../src-main/engine/chunk/strategy';
import { DocumentBuilder } from '../../src-main/engine/parse/document-builder';
import { tokenizerById } from '../../src-main/engine/tokenize/registry';
import { median, timeRuns, type BenchRow } from './bench-row';

const separators = ['\n\n', '\n', ' ', ''];
const targetLength = 1_000_000;

/** About 1 MB of real prose: the chunking-evaluation corpora when present, else the test copy, repeated. */
export function benchText(): string {
  const root = path.resolve(import.meta.dirname, '../..');
  const shared = path.resolve(root, '../shared/chunkeval/corpora');
  const files = existsSync(shared)
    ? readdirSync(shared)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => path.join(shared, name))
    : [path.join(root, 'test-data/plain-text/state_of_the_union.md')];
  const corpus = files.map((file) => readFileSync(file, 'utf8')).join('\n\n');
  let text = corpus;
  while (text.length < targetLength) text += `\n\n${corpus}`;
  return text.slice(0, targetLength);
}

interface Mode {
  label: string;
  chunkSize: number;
  chunkOverlap: number;
  measure: Measure;
  costlyMeasure: boolean;
  runs: number;
}

async function compare(text: string, mode: Mode): Promise<BenchRow[]> {
  const theirs = new RecursiveCharacterTextSplitter({
    separators,
    chunkSize: mode.chunkSize,
    chunkOverlap: mode.chunkOverlap,
    lengthFunction: mode.measure === countCharacters ? undefined : (t: string) => countTokens(t),
  });
  const ours = () =>
    recursiveSplit(text, {
      separators,
      chunkSize: mode.chunkSize,
      chunkOverlap: mode.chunkOverlap,
      measure: mode.measure,
      costlyMeasure: mode.costlyMeasure,
    });
  const theirChunks = await theirs.splitText(text);
  const ourChunks = ours();
  const identical = theirChunks.length === ourChunks.length && ourChunks.every((r, i) => text.slice(r.start, r.end) === theirChunks[i]);
  const ourTimes: number[] = [];
  const theirTimes: number[] = [];
  for (let run = 0; run < mode.runs; run++) {
    theirTimes.push(...(await timeRuns(1, () => theirs.splitText(text))));
    ourTimes.push(...(await timeRuns(1, ours)));
  }
  const ourMedian = median(ourTimes);
  const theirMedian = median(theirTimes);
  const note = `${ourChunks.length} chunks, ${identical ? 'identical to' : 'DIFFERENT from'} LangChain`;
  return [
    { name: `recursive ${mode.label}: stratum`, median: ourMedian, unit: 'ms', note },
    { name: `recursive ${mode.label}: langchain`, median: theirMedian, unit: 'ms' },
    { name: `recursive ${mode.label}: stratum / langchain`, median: ourMedian / theirMedian, unit: 'ratio' },
  ];
}

/**
 * Our recursive splitter against LangChain's on the same ~1 MB text, in characters and in cl100k
 * tokens (ours through the tokenizer registry, LangChain with gpt-tokenizer's countTokens).
 */
export async function benchRecursive(): Promise<BenchRow[]> {
  const text = benchText();
  const characters = await compare(text, {
    label: 'characters 1000/200',
    chunkSize: 1000,
    chunkOverlap: 200,
    measure: countCharacters,
    costlyMeasure: false,
    runs: 9,
  });
  const cl100k = tokenizerById('tiktoken:cl100k_base');
  const tokens = await compare(text, {
    label: 'cl100k tokens 256/50',
    chunkSize: 256,
    chunkOverlap: 50,
    measure: (t) => cl100k.count(t),
    costlyMeasure: true,
    runs: 3,
  });
  return [...characters, ...tokens, ...(await endToEnd(text))];
}

/**
 * The whole `recursive` strategy (document text, chunk ids, token counts of every chunk) on the
 * same text as a one-paragraph-per-block document, for scale: the splitter rows above are the gate.
 */
async function endToEnd(text: string): Promise<BenchRow[]> {
  const builder = new DocumentBuilder('bench.md', 'text/markdown', new TextEncoder().encode(text.slice(0, 1000)));
  for (const paragraph of text.split(/\n{2,}/)) if (paragraph.trim()) builder.addText('text', paragraph.trim());
  const context: ChunkingContext = {
    doc: builder.doc,
    docId: 'bench',
    tokenizer: tokenizerById('tiktoken:cl100k_base'),
    maxTokens: 8191,
    configHash: 'bench',
  };
  const rows: BenchRow[] = [];
  for (const lengthUnit of ['characters', 'tokens'] as const) {
    const options = recursiveStrategy.optionsSchema.parse(
      lengthUnit === 'tokens' ? { lengthUnit, size: 256, overlap: 50 } : { lengthUnit, size: 1000, overlap: 200 },
    );
    let count = 0;
    const times = await timeRuns(3, () => {
      count = [...recursiveStrategy.chunk(context, options)].length;
    });
    rows.push({
      name: `recursive strategy end to end, ${lengthUnit}`,
      median: median(times),
      unit: 'ms',
      note: `${count} chunks incl. cl100k token counts`,
    });
  }
  return rows;
}
