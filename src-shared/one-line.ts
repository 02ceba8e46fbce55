/**
 * A text as one line: every run of whitespace (the line breaks that join a chunk's items and lines
 * among them) becomes one space, so that a preview reads "Good evening." and not "Goodevening." or a
 * column of broken lines. Whitespace at either end stays one space, so that parts made one line each
 * still join with a space; trim where the line stands alone.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ');
}
