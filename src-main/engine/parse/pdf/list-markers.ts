import type { BodyStyle } from './document-style';
import type { Line } from './types';

export interface ListMarker {
  marker: string;
  enumerated: boolean;
  /** The text after the marker. */
  rest: string;
}

/** Bullet glyphs, and private-use or C1 control codes, where Symbol and Wingdings bullets and boxes often land. */
const bullet = /^([•·●○◦▪▫■□◆◇►▸▹➢➤✓✔❖❑∙⋅\u0080-\u009F\uE000-\uF8FF]|[-–—*](?=\s))\s*(.*)$/u;
const checkbox = /^([☐☑☒])\s*(.*)$/u;
/** "1.", "a)", "(iv)": a bracket opened before the number is closed after it ("(p. 167)" is a page reference that wrapped). */
const enumerated = /^(\((?:\d{1,3}|[a-z]|[ivx]{1,5}|[A-Z])\)|(?:\d{1,3}|[a-z]|[ivx]{1,5}|[A-Z])[.)]|[¹²³⁰⁴-⁹]{1,2})\s+(.*)$/u;

/** The list marker a line starts with, if any. Section numbers such as "5.1 Title" are not markers. */
export function listMarkerOf(text: string): ListMarker | undefined {
  const bulleted = bullet.exec(text) ?? checkbox.exec(text);
  if (bulleted && bulleted[2]) return { marker: bulleted[1]!, enumerated: false, rest: bulleted[2] };
  const numbered = enumerated.exec(text);
  if (numbered && numbered[2] && /\p{L}|\p{N}/u.test(numbered[2])) return { marker: numbered[1]!, enumerated: true, rest: numbered[2] };
  return undefined;
}

/** A numbered sub-heading is a short title: no sentence or clause ends it. */
const maxSubheadingLength = 80;

/**
 * Whether an enumerated line ("(1) Scope", "a) Results") is a numbered sub-heading rather than a
 * list item: one line on its own, set bold in a document whose body text is not.
 */
export function isNumberedSubheading(lines: readonly Line[], marker: ListMarker, body: BodyStyle): boolean {
  const line = lines[0]!;
  if (!marker.enumerated || lines.length !== 1 || !line.bold || body.bold || line.fontSize < 0.95 * body.fontSize) return false;
  return marker.rest.length <= maxSubheadingLength && /^[^\p{Ll}]/u.test(marker.rest) && !/[.,;:]$/.test(marker.rest);
}
