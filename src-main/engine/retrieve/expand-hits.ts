import type { ExpansionMode } from '../../../src-shared/retrieval';
import type { RetrievalPool } from './retrieval-pool';

/**
 * What a reader reads for a hit: the hit, then its parent chunk (parent-child and layered
 * strategies name it by `parentId`) or its neighbours before and after in its document, each added
 * only while the tokens read for the hit stay within `tokenBudget`. The hit itself is always read.
 */
export function expandHit(pool: RetrievalPool, position: number, mode: ExpansionMode, tokenBudget: number): number[] {
  const read = [position];
  if (mode === 'none') return read;
  let tokens = pool.entries[position]!.chunk.tokenCount;
  for (const candidate of expansionCandidates(pool, position, mode)) {
    const cost = pool.entries[candidate]!.chunk.tokenCount;
    if (tokens + cost > tokenBudget) continue;
    tokens += cost;
    read.push(candidate);
  }
  return read;
}

function expansionCandidates(pool: RetrievalPool, position: number, mode: Exclude<ExpansionMode, 'none'>): number[] {
  const { chunk } = pool.entries[position]!;
  if (mode === 'parent') {
    const parent = chunk.parentId === null ? undefined : pool.positionInDocument(position, chunk.parentId);
    return parent === undefined ? [] : [parent];
  }
  return [neighbourOf(pool, position, -1), neighbourOf(pool, position, 1)].filter((neighbour) => neighbour !== undefined);
}

/** The nearest chunk before (`step` −1) or after (+1) in the same document and layer (layered strategies interleave their layers). */
function neighbourOf(pool: RetrievalPool, position: number, step: -1 | 1): number | undefined {
  const { document, chunk } = pool.entries[position]!;
  for (let candidate = position + step; ; candidate += step) {
    const entry = pool.entries[candidate];
    if (entry?.document !== document) return undefined;
    if (entry.chunk.layer === chunk.layer) return candidate;
  }
}
