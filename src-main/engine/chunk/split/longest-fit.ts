/**
 * The largest length in `[0, maxLength]` whose measured size is at most `size`, for a size that
 * grows with the length (as token counts of longer prefixes do, give or take a token).
 *
 * First brackets the answer, starting at `guess` and growing geometrically, then narrows the
 * bracket alternating interpolation (lengths are nearly proportional to sizes, so it lands within
 * a few characters) with bisection (which bounds the number of steps). Only lengths near the
 * answer are ever measured: the cost is a few measurements of about the answer's length.
 */
export function longestFit(maxLength: number, size: number, measureLength: (length: number) => number, guess: number): number {
  if (maxLength <= 0) return 0;
  let low = 0;
  let lowSize = 0;
  let probe = clamp(Math.round(guess), 1, maxLength);
  let probeSize = measureLength(probe);
  while (probeSize <= size) {
    low = probe;
    lowSize = probeSize;
    if (probe === maxLength) return maxLength;
    const proportional = probeSize > 0 ? Math.round((probe * size) / probeSize) : probe * 2;
    probe = clamp(Math.max(proportional, Math.ceil(probe * 1.25)), probe + 1, maxLength);
    probeSize = measureLength(probe);
  }
  let high = probe;
  let highSize = probeSize;
  for (let step = 0; high - low > 1; step++) {
    const interpolated = low + Math.round(((size - lowSize + 0.5) * (high - low)) / Math.max(highSize - lowSize, 1));
    const middle = step % 2 === 0 ? interpolated : (low + high) >> 1;
    const candidate = clamp(middle, low + 1, high - 1);
    const measured = measureLength(candidate);
    if (measured <= size) {
      low = candidate;
      lowSize = measured;
    } else {
      high = candidate;
      highSize = measured;
    }
  }
  return low;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
