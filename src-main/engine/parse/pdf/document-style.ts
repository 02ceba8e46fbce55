import type { Line } from './types';

/** The body text style of a document: what most characters of its running text look like. */
export interface BodyStyle {
  fontSize: number;
  bold: boolean;
  /** the running text is set in a typewriter face (a plain-text file printed): the face sets no code apart from it */
  typewriter?: boolean;
  /** the family of the face most of the running text is set in (see `familyOf`) */
  family?: string;
}

/** Lines narrower than this share of the document's long lines are labels, form fields or headings, not running text. */
const runningWidthShare = 0.3;
/** The document's long lines: this share of its characters lies in narrower lines. */
const longLineQuantile = 0.9;

/**
 * The style holding most characters of the running text: of the lines as wide as a column is, so
 * that the many short labels of a form or a diagram do not outweigh the paragraphs around them.
 */
export function bodyStyleOf(lines: Iterable<Line>): BodyStyle {
  const all = [...lines];
  const long = characterQuantileWidth(all, longLineQuantile);
  const running = all.filter((line) => line.right - line.left >= runningWidthShare * long);
  // Code is set in a typewriter face of its own: where listings outweigh the prose (a package's
  // manual), the prose is still the body, unless there is hardly any.
  const prose = running.filter((line) => !line.monospace);
  if (characters(prose) >= minProseShare * characters(running)) return commonestStyle(prose);
  return { ...commonestStyle(running), typewriter: running.length > 0 };
}

/**
 * The body's face is never code: code is what differs from the body. Where the body is set in a typewriter face, its
 * lines and runs are read as text set in the document's face. Changes the lines in place.
 */
export function readTypewriterBodyAsText(lines: Iterable<Line>): void {
  for (const line of lines) {
    line.monospace = false;
    for (const run of line.runs) run.monospace = false;
  }
}

/** Below this share of the running lines' characters, lines not in a typewriter face are too few to be the body. */
const minProseShare = 0.2;

function characters(lines: readonly Line[]): number {
  return lines.reduce((sum, line) => sum + line.text.length, 0);
}

/** The line width below which `quantile` of the characters lie. */
function characterQuantileWidth(lines: readonly Line[], quantile: number): number {
  const sorted = [...lines].sort((a, b) => a.right - a.left - (b.right - b.left));
  const total = sorted.reduce((sum, line) => sum + line.text.length, 0);
  let seen = 0;
  for (const line of sorted) {
    seen += line.text.length;
    if (seen >= quantile * total) return line.right - line.left;
  }
  return 0;
}

function commonestStyle(lines: readonly Line[]): BodyStyle {
  const weights = new Map<string, number>();
  for (const line of lines) {
    const key = `${Math.round(line.fontSize * 2) / 2}|${line.bold}`;
    weights.set(key, (weights.get(key) ?? 0) + line.text.length);
  }
  let best = '10|false';
  let bestWeight = -1;
  for (const [key, weight] of weights) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  const [size, bold] = best.split('|');
  const families = new Map<string, number>();
  for (const line of lines) if (line.family !== undefined) families.set(line.family, (families.get(line.family) ?? 0) + line.text.length);
  const family = [...families].sort((a, b) => b[1] - a[1])[0];
  return { fontSize: Number(size), bold: bold === 'true', ...(family ? { family: family[0] } : {}) };
}
