/** How a cache weighs its entries, and how much weight it keeps. */
export interface CacheBudget<Value> {
  maxWeight: number;
  weigh: (value: Value) => number;
}

/**
 * A map that forgets its least recently used entries beyond `capacity` entries or, with a budget,
 * beyond the budget's total weight. The entry set last is kept even when it alone is over the budget:
 * it is the one in use.
 */
export class LeastRecentlyUsedCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly capacity: number,
    private readonly budget?: CacheBudget<Value>,
  ) {}

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting moves the key to the end of the Map's insertion order: most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: Key, value: Value): void {
    this.delete(key);
    const weight = this.budget?.weigh(value) ?? 0;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    const maxWeight = this.budget?.maxWeight ?? Number.POSITIVE_INFINITY;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= 1 || (this.entries.size <= this.capacity && this.totalWeight <= maxWeight)) break;
      this.delete(oldest);
    }
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /** The weight of the entries kept, by the budget's measure (0 without a budget). */
  get weight(): number {
    return this.totalWeight;
  }
}
