/**
 * Code points against UTF-16 code units. JavaScript strings index UTF-16 units; Python's `len` and
 * slices, Rust's `chars()` and every `source_span` count code points. An astral character (emoji,
 * mathematical letters) is one code point and two units; a lone surrogate is one of each.
 */

const surrogate = /[\uD800-\uDFFF]/;

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Number of code points in `text.slice(start, end)` (a pair cut by either end counts as its half). */
export function codePointLength(text: string, start = 0, end = text.length): number {
  // The regex scan is native and much faster than the loop on the text that has no astral characters.
  if (start === 0 && end === text.length && !surrogate.test(text)) return end;
  let count = 0;
  for (let i = start; i < end; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/**
 * `codePointLength(text, start, end)` for any number of ranges of one text, each in constant time after one linear
 * pass: chunkers describe thousands of ranges of one long text.
 */
export function codePointRangeLength(text: string): (start: number, end: number) => number {
  const codePointAt = codePointOffsets(text);
  return (start, end) => {
    if (end <= start) return 0;
    // A pair cut by the end counts as its half, as it does in codePointLength; one cut by the start already does.
    const pairCutAtEnd = end < text.length && isLowSurrogate(text.charCodeAt(end)) && isHighSurrogate(text.charCodeAt(end - 1));
    return codePointAt(end) - codePointAt(start) + (pairCutAtEnd ? 1 : 0);
  };
}

/** `text[start:end]` in Python: indices count code points; negative ones count from the end. */
export function codePointSlice(text: string, start: number, end?: number): string {
  if (!surrogate.test(text)) return text.slice(start, end);
  return Array.from(text).slice(start, end).join('');
}

/** Moves an offset off the second half of a surrogate pair, so a cut never splits a code point. */
export function snapToCodePoint(text: string, offset: number): number {
  if (offset <= 0 || offset >= text.length) return offset;
  return isLowSurrogate(text.charCodeAt(offset)) && isHighSurrogate(text.charCodeAt(offset - 1)) ? offset - 1 : offset;
}

/** Maps a UTF-16 offset (what JavaScript strings and parser positions use) to a code-point offset. */
export type CodePointOffset = (utf16Offset: number) => number;

/** Maps a code-point offset (what a `source_span` holds) to the UTF-16 offset `String.slice` takes. */
export type Utf16Offset = (codePointOffset: number) => number;

/**
 * Builds the UTF-16 -> code-point map of a text once, in linear time, so that converting every
 * item's span stays linear overall. Offsets are clamped to the text; the low half of a pair maps
 * to its pair's code point.
 */
export function codePointOffsets(text: string): CodePointOffset {
  if (!surrogate.test(text)) return (offset) => clamp(offset, text.length);
  const map = new Uint32Array(text.length + 1);
  let codePoint = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = codePoint;
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      map[i + 1] = codePoint;
      i++;
    }
    codePoint++;
  }
  map[text.length] = codePoint;
  return (offset) => map[clamp(offset, text.length)]!;
}

/**
 * The inverse of `codePointOffsets`, built once in linear time: the UTF-16 offset where each code
 * point starts (the text's length past its last one). Offsets are clamped to the text.
 */
export function utf16Offsets(text: string): Utf16Offset {
  if (!surrogate.test(text)) return (offset) => clamp(offset, text.length);
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    starts.push(i);
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) i++;
  }
  starts.push(text.length);
  const map = Uint32Array.from(starts);
  return (offset) => map[clamp(offset, map.length - 1)]!;
}

function clamp(offset: number, last: number): number {
  return Math.min(Math.max(offset, 0), last);
}
