/** How the parse of one input ended, as the fuzz report counts it. */
export type OutcomeClass = 'parsed' | 'clean-error' | 'crash' | 'hang';

export const OUTCOME_CLASSES: readonly OutcomeClass[] = ['parsed', 'clean-error', 'crash', 'hang'];

export interface Outcome {
  class: OutcomeClass;
  /** The error code of a clean error, the error of a crash, the deadline of a hang, the item count of a parse. */
  detail: string;
  /** Time spent in the parse entry (up to the deadline for a hang). */
  ms: number;
}

export function isFailure(outcome: Outcome): boolean {
  return outcome.class === 'crash' || outcome.class === 'hang';
}
