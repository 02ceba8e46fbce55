import type { Chunk } from '../../../src-shared/chunk';
import type { Boundary, BoundaryDiff } from '../../../src-shared/evaluation';

/**
 * Where two runs over the same document start their chunks differently. Boundaries present in both
 * runs anchor the comparison; between two anchors, the k-th boundary only in A and the k-th only in B
 * are the same boundary moved, the surplus appeared (B) or vanished (A).
 */
export function diffBoundaries(itemOrder: ReadonlyMap<string, number>, a: readonly Chunk[], b: readonly Chunk[]): BoundaryDiff {
  const boundariesA = boundariesOf(itemOrder, a);
  const boundariesB = boundariesOf(itemOrder, b);
  const keysA = new Set(boundariesA.map(keyOf));
  const keysB = new Set(boundariesB.map(keyOf));
  const diff: BoundaryDiff = { unchanged: 0, moved: [], appeared: [], vanished: [] };
  let onlyA: Boundary[] = [];
  let onlyB: Boundary[] = [];
  const closeSegment = () => {
    const paired = Math.min(onlyA.length, onlyB.length);
    for (let i = 0; i < paired; i++) diff.moved.push({ a: onlyA[i]!, b: onlyB[i]! });
    diff.vanished.push(...onlyA.slice(paired));
    diff.appeared.push(...onlyB.slice(paired));
    onlyA = [];
    onlyB = [];
  };
  let i = 0;
  let j = 0;
  while (i < boundariesA.length || j < boundariesB.length) {
    const nextA = boundariesA[i];
    const nextB = boundariesB[j];
    const takeA = nextA !== undefined && (nextB === undefined || compareBoundaries(nextA, nextB) <= 0);
    const boundary = takeA ? nextA : nextB!;
    if (takeA) i++;
    else j++;
    const key = keyOf(boundary);
    if (keysA.has(key) && keysB.has(key)) {
      if (takeA) {
        closeSegment();
        diff.unchanged += 1;
      }
      continue;
    }
    (takeA ? onlyA : onlyB).push(boundary);
  }
  closeSegment();
  return diff;
}

/** The start of every chunk, sorted in document order, without duplicates. */
function boundariesOf(itemOrder: ReadonlyMap<string, number>, chunks: readonly Chunk[]): Boundary[] {
  const byKey = new Map<string, Boundary>();
  for (const chunk of chunks) {
    const first = chunk.docItems[0];
    const boundary: Boundary = {
      itemOrder: first === undefined ? -1 : (itemOrder.get(first) ?? -1),
      offset: chunk.sourceSpans[0]?.[0] ?? 0,
      chunkIndex: chunk.index,
    };
    const key = keyOf(boundary);
    if (!byKey.has(key)) byKey.set(key, boundary);
  }
  return [...byKey.values()].sort(compareBoundaries);
}

function keyOf(boundary: Boundary): string {
  return `${boundary.itemOrder}:${boundary.offset}`;
}

function compareBoundaries(x: Boundary, y: Boundary): number {
  return x.itemOrder - y.itemOrder || x.offset - y.offset;
}
