/** The key counted most often, the first of those tied; none where nothing was counted above zero. */
export function mostCounted<K>(counts: ReadonlyMap<K, number>): { key: K; count: number } | undefined {
  let most: { key: K; count: number } | undefined;
  for (const [key, count] of counts) if (count > 0 && (most === undefined || count > most.count)) most = { key, count };
  return most;
}
