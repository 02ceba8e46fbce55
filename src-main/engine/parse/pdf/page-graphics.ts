import { OPS } from './pdfjs';
import { applyMatrix, multiply, transformBox, type Matrix } from './matrix';
import type { Box, PageGraphics, RuleSegment } from './types';

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** A stroke or filled bar thinner than this (points) is a ruling line. */
const maxRuleThickness = 2.5;
/** Shorter segments are glyph parts or tick marks, not table rules. */
const minRuleLength = 8;
/** Images smaller than this on both sides are icons or bullets, not pictures. */
const minImageSide = 24;

const drawOps = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
const paintingOps = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);
const imageOps = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
]);

/**
 * Reads the ruling lines (table borders, separators), image placements and the boxes of other
 * painted paths from a page's operator list, tracking the transformation matrix through
 * save/restore and form XObjects. One linear pass.
 */
export function pageGraphicsOf(operators: OperatorList, pageMatrix: Matrix): PageGraphics {
  const rules: RuleSegment[] = [];
  const images: Box[] = [];
  const drawings: Box[] = [];
  const stack: GraphicsState[] = [];
  let state: GraphicsState = { ctm: pageMatrix };
  let pendingClip = false;
  const { fnArray, argsArray } = operators;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i];
    if (fn === OPS.save) stack.push(state);
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.transform) state = { ...state, ctm: multiply(args as Matrix, state.ctm) };
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(state);
      const matrix = Array.isArray(args) ? (args[0] as Matrix | null) : null;
      if (matrix) state = { ...state, ctm: multiply(matrix, state.ctm) };
      // A form's bounding box clips what it paints (an included page cut to one figure shows that figure only).
      const bbox = Array.isArray(args) ? (args[1] as number[] | null) : null;
      if (bbox && bbox.length === 4 && bbox.every(Number.isFinite)) {
        const [left, bottom, right, top] = bbox as [number, number, number, number];
        const box = transformBox(
          { left: Math.min(left, right), bottom: Math.min(bottom, top), right: Math.max(left, right), top: Math.max(bottom, top) },
          state.ctm,
        );
        state = { ...state, clip: clipped(box, state.clip) };
      }
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (fn === OPS.clip || fn === OPS.eoClip) pendingClip = true;
    else if (fn === OPS.constructPath) {
      const box = addPath(args, state, rules, drawings);
      // A clip (W) takes effect with the path that ends it, as in PDF.
      if (pendingClip && box) state = { ...state, clip: state.clip ? intersection(state.clip, box) : box };
      pendingClip = false;
    } else if (fn === OPS.paintSolidColorImageMask) {
      // pdf.js draws an image mask of one pixel (how dvips and Ghostscript paint TeX's rules and colour boxes)
      // as its box filled with the fill colour: a painted rectangle, not an image.
      addPaintedBox(transformBox({ left: 0, bottom: 0, right: 1, top: 1 }, state.ctm), state, rules, drawings);
    } else if (fn !== undefined && imageOps.has(fn)) {
      const box = clipped(transformBox({ left: 0, bottom: 0, right: 1, top: 1 }, state.ctm), state.clip);
      if (box.right - box.left >= minImageSide || box.top - box.bottom >= minImageSide) images.push(box);
    }
  }
  return { rules, images, drawings };
}

interface GraphicsState {
  ctm: Matrix;
  /** Bounding box of the clipping path; images and drawings are visible only inside it. */
  clip?: Box;
}

function intersection(a: Box, b: Box): Box {
  const left = Math.max(a.left, b.left);
  const bottom = Math.max(a.bottom, b.bottom);
  return { left, bottom, right: Math.max(left, Math.min(a.right, b.right)), top: Math.max(bottom, Math.min(a.top, b.top)) };
}

function clipped(box: Box, clip: Box | undefined): Box {
  return clip ? intersection(box, clip) : box;
}

/**
 * A thin bar is a rule; any other painted path is part of a drawing, and its straight edges may be
 * rules too. Gives the path's box on the page, painted or not (a clipping path is not painted).
 */
function addPath(args: unknown, state: GraphicsState, rules: RuleSegment[], drawings: Box[]): Box | undefined {
  if (!Array.isArray(args)) return undefined;
  // pdf.js gives no path (null) for a path operator with no segments (`n` alone, ending a clip).
  const [paintOp, paths, minMax] = args as [number, (ArrayLike<number> | null)[] | undefined, ArrayLike<number> | undefined];
  const box =
    minMax && minMax.length >= 4
      ? transformBox({ left: minMax[0]!, bottom: minMax[1]!, right: minMax[2]!, top: minMax[3]! }, state.ctm)
      : undefined;
  if (!paintingOps.has(paintOp)) return box;
  if (box && addPaintedBox(box, state, rules, drawings)) return box;
  for (const path of paths ?? []) if (path) addSegmentsOfPath(path, state.ctm, rules);
  return box;
}

/**
 * A painted box that is a thin bar is a rule (true); any other is part of a drawing. Short strokes
 * (ticks, the pieces of a dashed frame) are too thin to be evidence of a drawing.
 */
function addPaintedBox(box: Box, state: GraphicsState, rules: RuleSegment[], drawings: Box[]): boolean {
  const width = box.right - box.left;
  const height = box.top - box.bottom;
  if (height <= maxRuleThickness && width >= minRuleLength) {
    rules.push({ orientation: 'horizontal', position: (box.top + box.bottom) / 2, from: box.left, to: box.right });
    return true;
  }
  if (width <= maxRuleThickness && height >= minRuleLength) {
    rules.push({ orientation: 'vertical', position: (box.left + box.right) / 2, from: box.bottom, to: box.top });
    return true;
  }
  const visible = clipped(box, state.clip);
  if (width > maxRuleThickness && height > maxRuleThickness && visible.right > visible.left && visible.top > visible.bottom)
    drawings.push(visible);
  return false;
}

/** Axis-aligned straight segments of a path (the edges of stroked rectangles and grids). */
function addSegmentsOfPath(path: ArrayLike<number>, ctm: Matrix, rules: RuleSegment[]): void {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  while (i < path.length) {
    const op = path[i];
    if (op === drawOps.moveTo) {
      x = startX = path[i + 1]!;
      y = startY = path[i + 2]!;
      i += 3;
    } else if (op === drawOps.lineTo || op === drawOps.closePath) {
      const toX = op === drawOps.lineTo ? path[i + 1]! : startX;
      const toY = op === drawOps.lineTo ? path[i + 2]! : startY;
      addSegment(applyMatrix(ctm, x, y), applyMatrix(ctm, toX, toY), rules);
      x = toX;
      y = toY;
      i += op === drawOps.lineTo ? 3 : 1;
    } else if (op === drawOps.curveTo) {
      x = path[i + 5]!;
      y = path[i + 6]!;
      i += 7;
    } else if (op === drawOps.quadraticCurveTo) {
      x = path[i + 3]!;
      y = path[i + 4]!;
      i += 5;
    } else return;
  }
}

function addSegment(from: [number, number], to: [number, number], rules: RuleSegment[]): void {
  const dx = Math.abs(to[0] - from[0]);
  const dy = Math.abs(to[1] - from[1]);
  if (dy <= 0.5 && dx >= minRuleLength) {
    rules.push({
      orientation: 'horizontal',
      position: (from[1] + to[1]) / 2,
      from: Math.min(from[0], to[0]),
      to: Math.max(from[0], to[0]),
    });
  } else if (dx <= 0.5 && dy >= minRuleLength) {
    rules.push({ orientation: 'vertical', position: (from[0] + to[0]) / 2, from: Math.min(from[1], to[1]), to: Math.max(from[1], to[1]) });
  }
}
