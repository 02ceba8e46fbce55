import type { Chunk } from '../../../../src-shared/chunk';
import { coverageWords } from './coverage-words';

export type ChunkText = Pick<Chunk, 'text' | 'headingPath' | 'docItems'>;

/**
 * The words of a run's chunks (their text and heading path), claimed one by one: each word a chunk
 * holds counts once, so two items of a chunk cannot both claim its one "the". A chunk's counts are
 * built when an item first looks in it.
 */
export class ChunkWordLookup {
  private readonly byRef = new Map<string, number[]>();
  private readonly counts: Array<Map<string, number> | undefined>;
  private readonly headingKeys = new Set<string>();

  constructor(private readonly chunks: readonly ChunkText[]) {
    this.counts = new Array<Map<string, number> | undefined>(chunks.length);
    chunks.forEach((chunk, index) => {
      for (const ref of chunk.docItems) {
        const list = this.byRef.get(ref);
        if (!list) this.byRef.set(ref, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      }
      for (const heading of chunk.headingPath) this.headingKeys.add(headingKey(heading));
    });
  }

  /** The chunks that name any of `refs`, in chunk order, leaving out those in `except`. */
  chunksNaming(refs: readonly string[], except: readonly number[] = []): number[] {
    const lists = refs.map((ref) => this.byRef.get(ref)).filter((list) => list !== undefined);
    const named = lists.length <= 1 ? (lists[0] ?? []) : [...new Set(lists.flat())].sort((a, b) => a - b);
    if (except.length === 0) return named;
    const skip = new Set(except);
    return named.filter((index) => !skip.has(index));
  }

  /** Whether some chunk carries this text (a heading's) in its heading path. */
  isHeadingContext(text: string): boolean {
    return this.headingKeys.has(headingKey(text));
  }

  /**
   * Claims the words not yet `found` in the first of `candidates` that still holds each, starting
   * from the chunk the previous word was found in: an item cut into many chunks is read through
   * them in order. Marks what it finds in `found`.
   */
  claim(words: readonly string[], found: boolean[], candidates: readonly number[]): void {
    if (candidates.length === 0) return;
    let cursor = 0;
    words.forEach((word, index) => {
      if (found[index]) return;
      for (let step = 0; step < candidates.length; step++) {
        const position = (cursor + step) % candidates.length;
        const counts = this.countsOf(candidates[position]!);
        const left = counts.get(word) ?? 0;
        if (left === 0) continue;
        counts.set(word, left - 1);
        cursor = position;
        found[index] = true;
        return;
      }
    });
  }

  private countsOf(index: number): Map<string, number> {
    let counts = this.counts[index];
    if (!counts) {
      const chunk = this.chunks[index]!;
      counts = new Map();
      for (const word of [...coverageWords(chunk.text), ...chunk.headingPath.flatMap(coverageWords)]) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      this.counts[index] = counts;
    }
    return counts;
  }
}

function headingKey(text: string): string {
  return coverageWords(text).join(' ');
}
