/**
 * Where a long Markdown file's preview ends: the start of a line, at most `maxChars` code units in,
 * that begins a new block whatever came before it. Preferred is an ATX heading at the line's start
 * after a blank line (it ends every list, quote and paragraph before it); else a blank line. Lines
 * inside fenced code are never cut points. Undefined when the file is short or has no such line:
 * then there is no preview.
 */
export function previewCut(source: string, minChars: number, maxChars: number): number | undefined {
  if (source.length <= maxChars) return undefined;
  let fence: string | undefined;
  let previousBlank = false;
  let headingCut: number | undefined;
  let blankCut: number | undefined;
  let lineStart = 0;
  while (lineStart < maxChars) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? source.length : newline;
    const line = source.slice(lineStart, lineEnd);
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = undefined;
    } else if (opener) {
      fence = opener;
    } else if (lineStart >= minChars) {
      if (previousBlank && /^#{1,6}(\s|$)/.test(line)) headingCut = lineStart;
      if (previousBlank && line.trim() !== '') blankCut ??= lineStart;
    }
    previousBlank = !fence && line.trim() === '';
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return headingCut ?? blankCut;
}
