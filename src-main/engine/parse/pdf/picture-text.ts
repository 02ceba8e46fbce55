import type { Line } from './types';

/** Lines of running text (prose, a code listing) stand at least this many to a stack; labels of a chart seldom do. */
const minStackLines = 3;
/** At least this share of a stack's lines are long: a listing's short lines (`\end{...}`) go with the long ones. */
const minLongShare = 0.5;
/** A long line holds this many words, or this many characters in one word or more (a line of code). */
const minWords = 4;
const minCharacters = 24;
/** Lines of one stack start within this share of the body size of each other ... */
const edgeTolerance = 0.5;
/** ... and follow each other at most this many line heights apart. */
const maxLineGap = 2;

/**
 * The lines inside a picture's region that are running text, not its labels: stacks of three lines
 * or more set at the text's size, starting at one left edge one under the other, most of them long
 * enough to be prose or a line of code. A diagram drawn beside its own source listing, or a plot in a
 * frame with a paragraph under it, holds them; a chart's labels (numbers, a word, an axis title) never
 * make such a stack. The picture keeps its labels; these lines are read as the page's text.
 */
export function runningTextLines(labels: readonly Line[], bodySize: number): Line[] {
  const candidates = labels.filter((line) => line.fontSize >= 0.8 * bodySize).sort((a, b) => a.left - b.left || b.top - a.top);
  const running: Line[] = [];
  const used = new Set<Line>();
  for (const first of candidates) {
    if (used.has(first)) continue;
    const column = candidates
      .filter((line) => !used.has(line) && Math.abs(line.left - first.left) <= edgeTolerance * bodySize)
      .sort((a, b) => b.top - a.top);
    let stack: Line[] = [];
    const flush = (): void => {
      const long = stack.filter((line) => isLong(line.text)).length;
      if (stack.length >= minStackLines && long >= minLongShare * stack.length) running.push(...stack);
      stack = [];
    };
    for (const line of column) {
      const previous = stack.at(-1);
      if (previous && previous.bottom - line.top > maxLineGap * (previous.top - previous.bottom)) flush();
      stack.push(line);
      used.add(line);
    }
    flush();
  }
  return withLinesAmong(running, labels, bodySize);
}

/**
 * The stacks' lines and every other line set among them, right of their left edge: a listing's indented
 * lines, and the first or last line of a paragraph set apart by its indent.
 */
function withLinesAmong(running: readonly Line[], labels: readonly Line[], bodySize: number): Line[] {
  if (running.length === 0) return [];
  const left = Math.min(...running.map((line) => line.left)) - edgeTolerance * bodySize;
  const top = Math.max(...running.map((line) => line.top)) + bodySize;
  const bottom = Math.min(...running.map((line) => line.bottom)) - bodySize;
  return labels.filter(
    (line) => running.includes(line) || (line.left >= left && line.bottom >= bottom && line.top <= top && line.fontSize >= 0.8 * bodySize),
  );
}

function isLong(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  return words.length >= minWords || text.replace(/\s/gu, '').length >= minCharacters;
}
