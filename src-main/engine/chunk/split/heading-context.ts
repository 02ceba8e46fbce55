/** Docling's `contextualize` with delimiter "\n": the heading path, then the text. */
export function contextualize(headingPath: readonly string[], text: string): string {
  return headingPath.length > 0 ? `${headingPath.join('\n')}\n${text}` : text;
}
