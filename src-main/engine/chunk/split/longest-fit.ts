/**
 * The largest length in `[0, maxLength]` whose measured size is at most `size`, for a size that
 * grows with the length (as token counts of longer prefixes do, give or take a token). Starts at
 * `guess`, then steps by the secant (length per unit seen so far), which lands within a few
 * characters in two or three measurements; bisection settles the rest.
 */
export function longestFit(maxLength: number, size: number, measureLength: (length: number) => number, guess: number): number {
  let low = 0;
  let high = maxLength + 1;
  let probe = clamp(Math.round(guess), 1, maxLength);
  for (let step = 0; step < 4 && high - low > 1; step++) {
    const measured = measureLength(probe);
    if (measured <= size) low = probe;
    else high = probe;
    if (high - low <= 1) break;
    const estimate = measured > 0 ? Math.round((probe * size) / measured) : probe * 2;
    probe = clamp(estimate, low + 1, high - 1);
  }
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (measureLength(middle) <= size) low = middle;
    else high = middle;
  }
  return low;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
