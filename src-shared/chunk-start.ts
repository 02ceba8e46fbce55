/** Characters that source text has and an item's plain text may not (Markdown markup), and whitespace. */
const IGNORED = /[\s*_`#>[\]|\\]/u;
const NEEDLE_LENGTH = 24;

/**
 * The first characters of a chunk's text, markup and whitespace left out: what finds where the
 * chunk starts inside an item's text (`offsetOfChunkStart`). A chunk's text may be a slice of the
 * source (with Markdown markup) while the item's text is plain. The chunk views get this instead of
 * the whole text.
 */
export function chunkStartNeedle(chunkText: string): string {
  let needle = '';
  let length = 0;
  for (const character of chunkText) {
    if (IGNORED.test(character)) continue;
    needle += character;
    if (++length === NEEDLE_LENGTH) break;
  }
  return needle;
}

/**
 * Where a chunk that starts inside an item begins in the item's text (a UTF-16 offset), found by
 * its `chunkStartNeedle`; markup and whitespace in the item are ignored too. Undefined when the
 * needle is empty or not found.
 */
export function offsetOfChunkStart(itemText: string, needle: string): number | undefined {
  if (needle.length === 0) return undefined;
  const kept: string[] = [];
  const positions: number[] = [];
  let offset = 0;
  for (const character of itemText) {
    if (!IGNORED.test(character)) {
      kept.push(character);
      positions.push(offset);
    }
    offset += character.length;
  }
  const found = kept.join('').indexOf(needle);
  if (found < 0) return undefined;
  // `found` counts kept code points; turn it back into a UTF-16 offset of the item text
  const keptIndex = [...kept.join('').slice(0, found)].length;
  return positions[keptIndex];
}
