import type { CoveragePlace } from '../../src-shared/evaluation';

/**
 * Whether two places are the same text: a lint finding and the run's coverage each carry their own
 * copy of a place, so places are told apart by what they mark, not by identity.
 */
export function samePlace(a: CoveragePlace | null | undefined, b: CoveragePlace | null | undefined): boolean {
  if (!a || !b) return false;
  return a.ref === b.ref && a.kind === b.kind && a.range?.[0] === b.range?.[0] && a.range?.[1] === b.range?.[1];
}
