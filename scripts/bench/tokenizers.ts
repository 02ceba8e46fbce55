import { getEncoding } from 'js-tiktoken';
import { tokenizerById } from '../../src-main/engine/tokenize/registry';
import { median, timeRuns, type BenchRow } from './bench-row';
import { benchText } from './recursive';

const PIECE_COUNT = 20_000;
const RUNS = 3;
/** js-tiktoken takes about five times as long: two runs keep the whole bench within a few seconds. */
const PEER_RUNS = 2;

/** What a chunker counts most: many short pieces (10 to 59 characters) cut from real prose. */
function smallPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; pieces.length < PIECE_COUNT; start = (start + 457) % (text.length - 100)) {
    pieces.push(text.slice(start, start + 10 + (start % 50)));
  }
  return pieces;
}

function countAll(count: (text: string) => number, texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) total += count(text);
  return total;
}

interface Workload {
  label: string;
  texts: readonly string[];
}

interface Measured {
  median: number;
  tokens: number;
}

async function measure(count: (text: string) => number, texts: readonly string[], runs = RUNS): Promise<Measured> {
  let tokens = countAll(count, texts.slice(0, 200));
  const times = await timeRuns(runs, () => {
    tokens = countAll(count, texts);
  });
  return { median: median(times), tokens };
}

/**
 * Our tokenizers on ~20k small pieces and on one ~1 MB text; for cl100k, gpt-tokenizer (what we use)
 * against js-tiktoken in the same process, with the ratio and whether the totals agree.
 */
export async function benchTokenizers(): Promise<BenchRow[]> {
  const text = benchText();
  const workloads: Workload[] = [
    { label: `${PIECE_COUNT} pieces`, texts: smallPieces(text) },
    { label: `${(text.length / 1e6).toFixed(1)} MB text`, texts: [text] },
  ];
  const wordPiece = tokenizerById('hf:sentence-transformers/all-MiniLM-L6-v2');
  const cl100k = tokenizerById('tiktoken:cl100k_base');
  const peer = getEncoding('cl100k_base');
  const peerCount = (piece: string): number => peer.encode(piece, [], []).length;
  const rows: BenchRow[] = [];
  for (const { label, texts } of workloads) {
    const bert = await measure((piece) => wordPiece.count(piece), texts);
    const ours = await measure((piece) => cl100k.count(piece), texts);
    const theirs = await measure(peerCount, texts, PEER_RUNS);
    const agreement = ours.tokens === theirs.tokens ? 'same total as' : 'DIFFERENT total from';
    rows.push(
      { name: `tokenizer wordpiece (MiniLM) ${label}`, median: bert.median, unit: 'ms', note: `${bert.tokens} tokens` },
      {
        name: `tokenizer cl100k ${label}: stratum (gpt-tokenizer)`,
        median: ours.median,
        unit: 'ms',
        note: `${ours.tokens} tokens, ${agreement} js-tiktoken`,
      },
      { name: `tokenizer cl100k ${label}: js-tiktoken`, median: theirs.median, unit: 'ms' },
      { name: `tokenizer cl100k ${label}: stratum / js-tiktoken`, median: ours.median / theirs.median, unit: 'ratio' },
    );
  }
  return rows;
}
