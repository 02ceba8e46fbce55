import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { median } from './geometry';
import { applyMatrix, multiply, type Matrix } from './matrix';
import { descentRatio, ascentRatio, readsAlongPage } from './text-runs';
import type { Line, TextRun } from './types';

/** A run of turned text: its upright box on the page, and where its glyphs start and which way they go. */
export interface TurnedRun extends TextRun {
  /** the unit vector of the writing direction on the page */
  along: [number, number];
  /** the item's origin on the page: the start of its baseline */
  origin: [number, number];
  /** the item's advance along its direction */
  length: number;
}

/**
 * Text set at a slant or across the page's reading direction (the numbers round a protractor, an
 * axis drawn in perspective, a label along a sloping line, a table's column heads set upwards), which
 * the page's lines leave out: each item as a run whose box is the upright box around its turned
 * glyphs. A picture takes those inside it as its labels (see `pageElements`); the others are read as
 * lines of their own (see `turnedLines`).
 */
export function turnedTextRuns(items: readonly TextItem[], pageMatrix: Matrix): TurnedRun[] {
  const runs: TurnedRun[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a, b, c, d, e, f] = multiply(item.transform as Matrix, pageMatrix);
    if (readsAlongPage(a, b, d)) continue;
    const fontSize = Math.hypot(c, d);
    const scale = Math.hypot(a, b);
    if (fontSize <= 0 || scale <= 0) continue;
    const along: [number, number] = [a / scale, b / scale];
    const up: [number, number] = [c / fontSize, d / fontSize];
    const corners = [0, item.width].flatMap((x) =>
      [-descentRatio * fontSize, ascentRatio * fontSize].map((y) => applyMatrix([along[0], along[1], up[0], up[1], e, f], x, y)),
    );
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const [bottom, top] = [Math.min(...ys), Math.max(...ys)];
    runs.push({
      text: item.str.trim(),
      fontSize,
      baseline: (bottom + top) / 2,
      left: Math.min(...xs),
      right: Math.max(...xs),
      bottom,
      top,
      rtl: false,
      bold: false,
      italic: false,
      monospace: false,
      math: false,
      along,
      origin: [e, f],
      length: item.width,
    });
  }
  return runs;
}

/** A run goes on along the one before when it turns by at most this much (radians) from its direction: text set along a curve. */
const maxBend = 0.6;
/** ...and starts at most this share of the font size away from where that one ends (a word space is about a third). */
const maxStep = 0.6;
/** ...at a size differing by at most this share. */
const maxSizeChange = 0.2;
/** A step wider than this share of the font size between two runs is a word space (as between the page's own runs). */
const spaceStep = 0.12;
/** A chain drawn glyph by glyph with this many steps or more shows its usual step between letters. */
const minStepsForUsual = 3;

/**
 * Turned text that no picture took as its labels, read as lines: runs drawn one after another, each starting where the
 * one before ends, in about its direction (the words of a column head set upwards, the letters of a name set round a
 * seal one by one), are one line, with a space where a step between them is wider than a letter's kern. Each line is
 * placed on the page with the upright box around its runs. Column heads set upwards over a table, a note set up the
 * margin, a label along a sloping edge: text the text layer holds and a reader reads.
 */
export function turnedLines(runs: readonly TurnedRun[]): Line[] {
  const chains: TurnedRun[][] = [];
  for (const run of runs) {
    const chain = chains.at(-1);
    if (chain && goesOnAlong(chain.at(-1)!, run)) chain.push(run);
    else chains.push([run]);
  }
  return chains.map(lineOfChain);
}

function goesOnAlong(previous: TurnedRun, run: TurnedRun): boolean {
  const size = Math.max(previous.fontSize, run.fontSize);
  if (Math.abs(previous.fontSize - run.fontSize) > maxSizeChange * size) return false;
  if (Math.abs(angleBetween(angleOf(previous), angleOf(run))) > maxBend) return false;
  return stepBetween(previous, run) <= maxStep * size;
}

/** How far a run starts from where the one before it ends. */
function stepBetween(previous: TurnedRun, run: TurnedRun): number {
  const [x, y] = stepVector(previous, run);
  return Math.hypot(x, y);
}

/** How far a run starts on from where the one before it ends, along that one's direction: negative when it starts inside it. */
function stepAlong(previous: TurnedRun, run: TurnedRun): number {
  const [x, y] = stepVector(previous, run);
  return x * previous.along[0] + y * previous.along[1];
}

function stepVector(previous: TurnedRun, run: TurnedRun): [number, number] {
  return [
    run.origin[0] - (previous.origin[0] + previous.length * previous.along[0]),
    run.origin[1] - (previous.origin[1] + previous.length * previous.along[1]),
  ];
}

/**
 * A chain's runs as one line. A word space is a step on along the text wider than a kern, beyond the chain's usual step
 * between its glyphs where it is drawn glyph by glyph: a name set round a seal is spaced out letter by letter, and only
 * the wider steps part its words; a raised letter tucked back under the one before it (the A of the LaTeX logo) is part
 * of the word.
 */
function lineOfChain(chain: readonly TurnedRun[]): Line {
  const steps = chain.slice(1).map((run, index) => stepAlong(chain[index]!, run));
  const glyphByGlyph = chain.every((run) => [...run.text].length === 1);
  const usualStep = glyphByGlyph && steps.length >= minStepsForUsual ? Math.max(0, median(steps)) : 0;
  let text = chain[0]!.text;
  for (const [index, step] of steps.entries()) {
    const run = chain[index + 1]!;
    if (step > usualStep + spaceStep * run.fontSize) text += ' ';
    text += run.text;
  }
  const bottom = Math.min(...chain.map((run) => run.bottom));
  const sizes = chain.map((run) => run.fontSize);
  return {
    runs: [...chain],
    text,
    fontSize: median(sizes),
    left: Math.min(...chain.map((run) => run.left)),
    right: Math.max(...chain.map((run) => run.right)),
    bottom,
    top: Math.max(...chain.map((run) => run.top)),
    baseline: bottom,
    bold: false,
    italic: false,
    monospace: false,
    math: false,
    rtl: false,
    span: [0, 0],
    turned: true,
  };
}

function angleOf(run: TurnedRun): number {
  return Math.atan2(run.along[1], run.along[0]);
}

/** The difference of two angles, in (-π, π]. */
function angleBetween(a: number, b: number): number {
  const turn = (a - b) % (2 * Math.PI);
  return turn > Math.PI ? turn - 2 * Math.PI : turn <= -Math.PI ? turn + 2 * Math.PI : turn;
}
