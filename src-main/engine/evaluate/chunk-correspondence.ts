import type { Chunk } from '../../../src-shared/chunk';
import type { ChunkCorrespondence } from '../../../src-shared/evaluation';

/** A chunk's source characters on one page (or in the file: page 0), for the sweep below. */
interface SpanOf {
  chunkIndex: number;
  page: number;
  start: number;
  end: number;
}

/**
 * Which chunks of B hold the source of each chunk of A, and how much: measured on the chunks' exact
 * source spans (characters both hold). Chunks without spans (DOCX, DoclingDocument JSON, a heading
 * path alone) are matched by the document items they share instead, as whole items.
 */
export function correspondChunks(a: readonly Chunk[], b: readonly Chunk[]): ChunkCorrespondence {
  const sizeA = a.map(sourceSizeOf);
  const sizeB = b.map(sourceSizeOf);
  const shared = new Map<string, number>();
  const add = (indexA: number, indexB: number, characters: number) => {
    const key = `${indexA}:${indexB}`;
    shared.set(key, (shared.get(key) ?? 0) + characters);
  };
  sweepOverlaps(spansOf(a), spansOf(b), add);
  matchByItems(a, b, sizeA, sizeB, add);

  const result: ChunkCorrespondence = a.map(() => []);
  for (const [key, characters] of shared) {
    const [indexA, indexB] = key.split(':').map(Number) as [number, number];
    result[indexA]!.push({ b: indexB, ofA: shareOf(characters, sizeA[indexA]!), ofB: shareOf(characters, sizeB[indexB]!) });
  }
  for (const list of result) list.sort((x, y) => x.b - y.b);
  return result;
}

function shareOf(characters: number, size: number): number {
  return size === 0 ? 1 : Math.min(1, characters / size);
}

/** A chunk's source characters; a chunk without spans counts as one character per item, as `matchByItems` measures it. */
function sourceSizeOf(chunk: Chunk): number {
  if (chunk.sourceSpans.length === 0) return new Set(chunk.docItems).size;
  return chunk.sourceSpans.reduce((sum, [start, end]) => sum + Math.max(0, end - start), 0);
}

function spansOf(chunks: readonly Chunk[]): SpanOf[] {
  const spans: SpanOf[] = [];
  for (const chunk of chunks)
    for (const [start, end, page] of chunk.sourceSpans)
      if (end > start) spans.push({ chunkIndex: chunk.index, page: page ?? 0, start, end });
  return spans.sort((x, y) => x.page - y.page || x.start - y.start);
}

/**
 * Every pair of an A span and a B span that overlap, with the characters they share: both lists are
 * sorted, and a span stays open only until the sweep passes its end, so the work is the spans plus the pairs.
 */
function sweepOverlaps(spansA: readonly SpanOf[], spansB: readonly SpanOf[], add: (a: number, b: number, characters: number) => void) {
  let openB: SpanOf[] = [];
  let nextB = 0;
  for (const spanA of spansA) {
    while (nextB < spansB.length && before(spansB[nextB]!, spanA.page, spanA.end)) openB.push(spansB[nextB++]!);
    openB = openB.filter((spanB) => spanB.page > spanA.page || (spanB.page === spanA.page && spanB.end > spanA.start));
    for (const spanB of openB) {
      if (spanB.page !== spanA.page) continue;
      const characters = Math.min(spanA.end, spanB.end) - Math.max(spanA.start, spanB.start);
      if (characters > 0) add(spanA.chunkIndex, spanB.chunkIndex, characters);
    }
  }
}

/** Whether a span starts before `end` on `page` (or on an earlier page). */
function before(span: SpanOf, page: number, end: number): boolean {
  return span.page < page || (span.page === page && span.start < end);
}

/** Chunks with no source spans on either side: the items they share, each counted as one character. */
function matchByItems(
  a: readonly Chunk[],
  b: readonly Chunk[],
  sizeA: readonly number[],
  sizeB: readonly number[],
  add: (a: number, b: number, characters: number) => void,
) {
  const withoutSpansB = new Map<string, number[]>();
  b.forEach((chunk) => {
    if (chunk.sourceSpans.length > 0) return;
    for (const ref of new Set(chunk.docItems)) withoutSpansB.set(ref, [...(withoutSpansB.get(ref) ?? []), chunk.index]);
  });
  if (withoutSpansB.size === 0) return;
  for (const chunk of a) {
    if (chunk.sourceSpans.length > 0 || sizeA[chunk.index] === 0) continue;
    for (const ref of new Set(chunk.docItems))
      for (const indexB of withoutSpansB.get(ref) ?? []) if (sizeB[indexB]! > 0) add(chunk.index, indexB, 1);
  }
}
