/** Maps a UTF-16 offset (what JavaScript strings and mdast positions use) to a code-point offset. */
export type CodePointOffset = (utf16Offset: number) => number;

const surrogate = /[\uD800-\uDFFF]/;

/**
 * Builds the UTF-16 -> code-point offset map of a text once, in linear time, so that converting
 * every item's span stays linear overall. Text without astral characters maps to itself.
 */
export function codePointOffsets(text: string): CodePointOffset {
  if (!surrogate.test(text)) return (offset) => offset;
  const map = new Uint32Array(text.length + 1);
  let codePoint = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = codePoint;
    const unit = text.charCodeAt(i);
    const isPairStart = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1));
    if (isPairStart) {
      // The low half of a pair belongs to the same code point.
      map[i + 1] = codePoint;
      i++;
    }
    codePoint++;
  }
  map[text.length] = codePoint;
  return (offset) => map[Math.min(Math.max(offset, 0), text.length)]!;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** `[start, end)` UTF-16 offsets shrunk past surrounding whitespace of `text`; unchanged when all blank. */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  return s < e ? [s, e] : [start, end];
}

function isSpace(unit: number): boolean {
  return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit === 0xa0 || unit === 0x3000;
}
