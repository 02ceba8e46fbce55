/** A sparse vector of unit length: term -> weight. */
export type UnitVector = ReadonlyMap<string, number>;

export function unitVector(weights: Iterable<readonly [string, number]>): Map<string, number> {
  const vector = new Map(weights);
  let norm = 0;
  for (const weight of vector.values()) norm += weight * weight;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

export function cosine(a: UnitVector, b: UnitVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

const MAX_ITERATIONS = 25;

/**
 * Spherical k-means (cosine similarity) with a deterministic start: the first centre is the vector
 * closest to the mean of all, each next one the vector least similar to the centres chosen so far,
 * so the same vectors always give the same clusters. Returns each vector's cluster and the centres.
 */
export function sphericalKMeans(vectors: readonly UnitVector[], k: number): { assignment: number[]; centres: UnitVector[] } {
  if (vectors.length === 0) return { assignment: [], centres: [] };
  const mean = centreOf(vectors);
  let centres: UnitVector[] = [vectors[argmax(vectors.map((vector) => cosine(vector, mean)))]!];
  const nearest = vectors.map((vector) => cosine(vector, centres[0]!));
  while (centres.length < Math.min(k, vectors.length)) {
    const farthest = argmax(nearest.map((similarity) => -similarity));
    if (nearest[farthest]! >= 1 - 1e-9) break; // every vector is one of the centres already
    const centre = vectors[farthest]!;
    centres.push(centre);
    vectors.forEach((vector, index) => (nearest[index] = Math.max(nearest[index]!, cosine(vector, centre))));
  }
  let assignment = vectors.map(() => -1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = vectors.map((vector) => argmax(centres.map((centre) => cosine(vector, centre))));
    if (next.every((cluster, index) => cluster === assignment[index])) break;
    assignment = next;
    centres = centres.map((centre, cluster) => {
      const members = vectors.filter((_, index) => assignment[index] === cluster);
      return members.length > 0 ? centreOf(members) : centre;
    });
  }
  return { assignment, centres };
}

function centreOf(vectors: readonly UnitVector[]): UnitVector {
  const sum = new Map<string, number>();
  for (const vector of vectors) for (const [term, weight] of vector) sum.set(term, (sum.get(term) ?? 0) + weight);
  return unitVector(sum);
}

function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}
