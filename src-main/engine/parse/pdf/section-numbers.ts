/**
 * Whether `next` is the number of a section that may follow `previous`: its first subsection ("2" then
 * "2.1"), its next sibling or that of a parent ("2.1" then "2.2" or "3"), and in a style that sets
 * only the lower levels the first subsection of such a section ("1.2" then "2.1").
 */
export function isNextNumber(previous: readonly number[], next: readonly number[]): boolean {
  for (let keep = 0; keep <= previous.length; keep++) {
    const head = keep === previous.length ? [...previous] : [...previous.slice(0, keep), previous[keep]! + 1];
    if (next.length < head.length || head.some((part, i) => next[i] !== part)) continue;
    const tail = next.slice(head.length);
    if ((keep < previous.length || tail.length > 0) && tail.every((part) => part === 1)) return true;
  }
  return false;
}

/** The parts of the section number a line opens with ("6.2.1 parse" -> [6, 2, 1]), or undefined. */
export function leadingSectionNumber(text: string): number[] | undefined {
  return /^(\p{Nd}{1,3}(?:\.\p{Nd}{1,3})*)\.?\s/u.exec(text)?.[1]!.split('.').map(Number);
}
