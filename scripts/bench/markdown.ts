import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Lexer } from 'marked';
import { markdownParser } from '../../src-main/engine/parse/markdown/markdown-parser';
import { chunkDocument, parseDocument } from '../../src-main/engine/pipeline';
import { median, timeRuns, type BenchRow } from './bench-row';

const targetLength = 30_000;
const runs = 9;
const chunkingWarmUps = 10;
const chunkingRuns = 31;

/**
 * About 30 KB (some ten pages) of real Markdown: the Docling corpus files in test-data (headings,
 * prose, nested lists, inline formatting, GFM tables, HTML blocks), repeated.
 */
function benchMarkdown30k(): string {
  const folder = path.resolve(import.meta.dirname, '../../test-data/corpus/md');
  const corpus = readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .join('\n\n');
  let text = corpus;
  while (text.length < targetLength) text += `\n\n${corpus}`;
  return text;
}

/** The hybrid config that cuts the ~10-page document into about 100 chunks. */
const chunkingConfig = { strategy: 'hybrid', maxTokens: 128 };

/**
 * Median time of our Markdown parser (remark + IR) against marked's lexer on the same input, and of
 * chunking the parsed document (from the `chunk()` call to all chunks collected).
 */
export async function benchMarkdown(): Promise<BenchRow[]> {
  const text = benchMarkdown30k();
  const bytes = new TextEncoder().encode(text);
  const input = { fileName: 'bench.md', bytes };
  // Warm-up: JIT and module initialisation are not what is measured.
  await markdownParser.parse(input);
  Lexer.lex(text, { gfm: true });
  const ours = median(await timeRuns(runs, () => markdownParser.parse(input)));
  const marked = median(await timeRuns(runs, () => Lexer.lex(text, { gfm: true })));
  const size = `${(bytes.length / 1024).toFixed(1)} KB`;
  const parsed = await parseDocument('bench.md', bytes);
  const chunkAll = () => [...chunkDocument(parsed.doc, parsed.docId, chunkingConfig)].length;
  const chunkCount = chunkAll();
  // Re-chunking on every option change is the workflow measured: time it once the JIT has settled.
  await timeRuns(chunkingWarmUps, chunkAll);
  const chunking = median(await timeRuns(chunkingRuns, chunkAll));
  return [
    {
      name: `markdown: chunk ~10 pages (hybrid, MiniLM, ${chunkingConfig.maxTokens})`,
      median: chunking,
      unit: 'ms',
      note: `${chunkCount} chunks; allowed 100 ms, goal 10 ms`,
    },
    { name: 'markdown: parse to IR (remark + GFM)', median: ours, unit: 'ms', note: size },
    { name: 'markdown: marked lexer (GFM)', median: marked, unit: 'ms', note: size },
    { name: 'markdown: ours / marked', median: ours / marked, unit: 'x', note: 'remark keeps exact positions; marked has none' },
  ];
}
