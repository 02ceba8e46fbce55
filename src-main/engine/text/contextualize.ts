/**
 * docling-core's `contextualize`, the text a chunk is embedded as: its headings, then its text,
 * joined by `delimiter`; a chunk without headings is its text alone.
 */
export function contextualize(chunk: { text: string; headings: readonly string[] | null }, delimiter = '\n'): string {
  const { text, headings } = chunk;
  return headings && headings.length > 0 ? `${headings.join(delimiter)}${delimiter}${text}` : text;
}
