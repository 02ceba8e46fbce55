import type { Box } from './types';

/** A PDF transformation matrix `[a, b, c, d, e, f]`. */
export type Matrix = [number, number, number, number, number, number];

/** The matrix that applies `m` first and then `n`. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export function applyMatrix(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * Maps PDF user space to the page as displayed (rotation and crop box applied) with a bottom-left
 * origin: pdf.js's viewport matrix (top-left, y down) followed by a vertical flip.
 */
export function pageSpaceMatrix(viewportTransform: readonly number[], viewportHeight: number): Matrix {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = viewportTransform;
  return multiply([a, b, c, d, e, f], [1, 0, 0, -1, 0, viewportHeight]);
}

/** Text turned off a quarter turn by more than this (sine of the angle) says nothing of which way the page reads. */
const maxVoteSkew = 0.1;

/**
 * The quarter turn that makes most of a page's text read left to right: pages whose text runs up,
 * down or upside down (a landscape table on a portrait page, a /Rotate that does not match the
 * content) are laid out in the text's own frame. Each piece of text votes with its characters and
 * only when it is set square to the page: the many short labels round a protractor or along a
 * slanted axis, each turned its own way, do not outvote the lines of text. Returns the turned
 * matrix and page size.
 */
export function uprightFrame(
  matrix: Matrix,
  width: number,
  height: number,
  texts: readonly { transform: readonly number[]; characters: number }[],
): { matrix: Matrix; width: number; height: number } {
  const votes = [0, 0, 0, 0];
  for (const { transform, characters } of texts) {
    const [a = 0, b = 0] = transform;
    const [x, y] = [a * matrix[0] + b * matrix[2], a * matrix[1] + b * matrix[3]];
    if (x === 0 && y === 0) continue;
    const angle = Math.atan2(y, x) / (Math.PI / 2);
    const quarter = ((Math.round(angle) % 4) + 4) % 4;
    if (Math.abs(Math.sin((angle - Math.round(angle)) * (Math.PI / 2))) > maxVoteSkew) continue;
    votes[quarter]! += characters;
  }
  const quarter = votes.indexOf(Math.max(...votes));
  const turns: Matrix[] = [
    [1, 0, 0, 1, 0, 0],
    [0, -1, 1, 0, 0, width],
    [-1, 0, 0, -1, width, height],
    [0, 1, -1, 0, height, 0],
  ];
  const odd = quarter % 2 === 1;
  return { matrix: multiply(matrix, turns[quarter]!), width: odd ? height : width, height: odd ? width : height };
}

/** The upright box that holds `box` once `m` has placed it (a turned box's corners give its extent). */
export function transformBox(box: Box, m: Matrix): Box {
  const corners = [
    applyMatrix(m, box.left, box.bottom),
    applyMatrix(m, box.right, box.bottom),
    applyMatrix(m, box.left, box.top),
    applyMatrix(m, box.right, box.top),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}
