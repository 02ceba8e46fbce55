/**
 * A tentative extension of a set: reads see the base and what was added here, additions reach the
 * base only on `commit()`. Costs what is added, where a copy of the base would cost the whole base
 * (the document-wide visited set, once per table).
 */
export class SetOverlay<T> extends Set<T> {
  constructor(private readonly base: Set<T>) {
    super();
  }

  override has(value: T): boolean {
    return super.has(value) || this.base.has(value);
  }

  commit(): void {
    for (const value of this) this.base.add(value);
  }
}
