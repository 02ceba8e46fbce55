import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { buildLines } from './lines';
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

/** Runs whose directions differ by less than this (radians, about a degree) are set along one direction. */
const directionTolerance = 0.02;

/**
 * Turned text that no picture took as its labels, read as lines: the runs set in one direction are
 * turned upright (the page rotated against their direction), built into lines there as the page's own
 * runs are (spaces from the gaps between them, a wide gap a break), and each line is placed back on the
 * page with the upright box around its runs. Column heads set upwards over a table, a note set up the
 * margin, a label along a sloping edge: text the text layer holds and a reader reads.
 */
export function turnedLines(runs: readonly TurnedRun[]): Line[] {
  const byDirection: TurnedRun[][] = [];
  for (const run of runs) {
    const angle = angleOf(run);
    const group = byDirection.find((others) => Math.abs(angleBetween(angleOf(others[0]!), angle)) < directionTolerance);
    if (group) group.push(run);
    else byDirection.push([run]);
  }
  return byDirection.flatMap((group) => {
    const [cos, sin] = group[0]!.along;
    const pageRunOf = new Map<TextRun, TurnedRun>();
    const upright = group.map((run) => {
      // the origin in a frame turned so that the run's direction points right
      const x = run.origin[0] * cos + run.origin[1] * sin;
      const y = -run.origin[0] * sin + run.origin[1] * cos;
      const turned: TextRun = {
        ...withoutTurn(run),
        baseline: y,
        left: x,
        right: x + run.length,
        bottom: y - descentRatio * run.fontSize,
        top: y + ascentRatio * run.fontSize,
      };
      pageRunOf.set(turned, run);
      return turned;
    });
    return buildLines(upright).map((line): Line => {
      const placed = line.runs.map((run) => pageRunOf.get(run)!);
      const bottom = Math.min(...placed.map((run) => run.bottom));
      return {
        ...line,
        runs: placed,
        left: Math.min(...placed.map((run) => run.left)),
        right: Math.max(...placed.map((run) => run.right)),
        bottom,
        top: Math.max(...placed.map((run) => run.top)),
        baseline: bottom,
        turned: true,
      };
    });
  });
}

function angleOf(run: TurnedRun): number {
  return Math.atan2(run.along[1], run.along[0]);
}

/** The difference of two angles, in (-π, π]. */
function angleBetween(a: number, b: number): number {
  const turn = (a - b) % (2 * Math.PI);
  return turn > Math.PI ? turn - 2 * Math.PI : turn <= -Math.PI ? turn + 2 * Math.PI : turn;
}

function withoutTurn(run: TurnedRun): TextRun {
  const { along: _along, origin: _origin, length: _length, ...plain } = run;
  return plain;
}
