import { boxArea, centreInside, horizontalOverlap, unionBox } from './geometry';
import { TextMask } from './text-mask';
import type { Box, PageGraphics, RuleSegment, TextRun } from './types';

/** A box covering this share of the page is a background or a page frame, not a figure. */
export const backgroundShare = 0.85;
/** Painted paths closer than this (points) belong to one drawing. */
const joinGap = 1.5;
/** Side of the cells of the grid that finds touching paths (points). */
const cellSize = 4;
/** Fewer painted paths inside a region (off its border) are a highlight, a frame or a logo, not a chart or a diagram. */
const minPaths = 8;
/** Share of a region's width and height along each side that is its border. */
const borderShare = 0.1;
/** Drawings smaller than this on both sides are icons or bullets. */
const minSide = 24;
/** A region whose text covers more than this share of it is a shaded text box or a highlighted passage. */
const maxTextShare = 0.4;
/** Paths of a drawing cover this share of its region at least; a frame of small pieces around text does not. */
const minPaintedShare = 0.15;
/** A path holding text and covering this share of its region is the backdrop of that text (a frame, a shading). */
const backdropShare = 0.5;
/** Backdrops nest (page, column, box, highlight): each round of joining takes out one level of them. */
const maxBackdropRounds = 8;
/**
 * Share of a drawing's paths that hold no text (bars, arrowheads, marks) at least: boxes around
 * text alone, side by side, are the cells of a table or a stack of text boxes.
 */
const minShapeShare = 0.25;
/** Drawings and images filling this share of a box that holds text make it a figure's frame, not a text box. */
const minFigureShare = 0.5;
/** A backdrop holding every line of the page and covering this share of it is the page's background. */
const pageBackgroundShare = 0.5;

/** A drawing's region (its frame and labels with it) and the box of its shapes alone. */
export interface DrawnRegion {
  box: Box;
  shapes: Box;
}

/**
 * Regions of a page drawn with vector paths (charts, diagrams): clusters of painted paths that
 * touch or lie within a few points of each other, many enough inside their region and covering
 * enough of it to be a drawing (not a frame of small pieces around a text box). Ruling lines
 * (axes, ticks, gridlines) join the paths they touch into one region and belong to it, but are
 * no evidence of a drawing themselves. Paths and rules inside `excluded` boxes (tables) are left
 * out, and so is a region mostly covered by text.
 *
 * A path that holds text and covers most of the region it forms is a backdrop (a page or column
 * background, a frame, a shaded code block or banner): it is no part of a drawing, so it is taken
 * out and the paths left are joined again, which finds a chart drawn on a shaded page while the
 * text of a framed passage stays text; a backdrop mostly filled by drawings and images is the
 * frame of a figure and joins it. Inside a region, a path holding part of a line that goes
 * on beside it (a highlighted word, inline code) is no evidence either. Paths are joined through
 * a grid of cells with union-find, so each round is linear in the number of paths.
 */
export function drawingRegions(
  graphics: PageGraphics,
  excluded: readonly Box[],
  runs: readonly TextRun[],
  width: number,
  height: number,
): DrawnRegion[] {
  const pageArea = width * height;
  const outside = (box: Box): boolean => !excluded.some((frame) => centreInside(box, frame, 2));
  const painted = graphics.drawings.filter((box) => boxArea(box) < backgroundShare * pageArea && outside(box));
  // Rules alone are no evidence of a drawing: most pages have nothing more to look at.
  if (painted.length === 0) return [];
  const mask = new TextMask(runs, width, height);
  let evidence = painted.map((box) => ({ box, holdsText: mask.cellsIn(box) > 0 }));
  const connectors = graphics.rules
    .filter((rule) => rule.to - rule.from < backgroundShare * (rule.orientation === 'horizontal' ? width : height))
    .map(ruleBox)
    .filter(outside);
  const backdrops: Box[] = [];
  for (let round = 1; ; round++) {
    const { regionOf, boxes } = joinTouching([...evidence.map((path) => path.box), ...connectors], width, height);
    const found = new Set(
      evidence.filter((path, index) => path.holdsText && boxArea(path.box) >= backdropShare * boxArea(boxes[regionOf[index]!]!)),
    );
    if (found.size > 0 && round < maxBackdropRounds) {
      backdrops.push(...[...found].map((path) => path.box));
      evidence = evidence.filter((path) => !found.has(path));
      continue;
    }
    const interior = new Array<number>(boxes.length).fill(0);
    const interiorShapes = new Array<number>(boxes.length).fill(0);
    const paintedArea = new Array<number>(boxes.length).fill(0);
    const textBoxes = new Set(evidence.flatMap((path, index) => (path.holdsText ? gridKeys(path.box, regionOf[index]!) : [])));
    const textRegions = new Set(evidence.flatMap((path, index) => (path.holdsText ? [regionOf[index]!] : [])));
    const shapes = new Array<Box | undefined>(boxes.length);
    const highlights = evidence.filter((path) => path.holdsText && isHighlight(path.box, mask)).map((path) => path.box);
    // A piece drawn inside the highlight of a word (the coloured tab of an inline-code badge) is part of it, as the
    // highlight is; a taller box with text beside it (a figure's frame) holds shapes of its own.
    const wordHighlights = highlights.filter((highlight) => isOneLineHigh(highlight, runs));
    const highlighted = new Set(highlights);
    const inHighlight = (box: Box): boolean => wordHighlights.some((highlight) => highlight !== box && centreInside(box, highlight));
    evidence.forEach((path, index) => {
      const region = regionOf[index]!;
      paintedArea[region]! += boxArea(path.box);
      if (!path.holdsText) shapes[region] = unionBox([...(shapes[region] ? [shapes[region]] : []), path.box]);
      if (found.has(path) || highlighted.has(path.box) || inHighlight(path.box)) return;
      if (!centreInside(path.box, innerBox(boxes[region]!))) return;
      interior[region]!++;
      if (path.holdsText) return;
      // An empty box in the row or column of boxes around text is a blank cell or listing line, not a shape.
      if (!textRegions.has(region) || !gridKeys(path.box, region).some((key) => textBoxes.has(key))) interiorShapes[region]!++;
    });
    const drawn = boxes
      .flatMap((box, region) =>
        interior[region]! >= minPaths &&
        interiorShapes[region]! >= minShapeShare * interior[region]! &&
        paintedArea[region]! >= minPaintedShare * boxArea(box) &&
        (box.right - box.left >= minSide || box.top - box.bottom >= minSide)
          ? [{ box: withoutTextBeside(box, shapes[region], runs), shapes: shapes[region] ?? box }]
          : [],
      )
      .filter((drawing) => textShare(drawing.box, runs) <= maxTextShare);
    return withFigureFrames(
      drawn,
      backdrops.filter((backdrop) => !isPageBackground(backdrop, runs, pageArea)),
      graphics.images,
    );
  }
}

/**
 * The drawing without the text in a column of its own beside its shapes and wider than they are:
 * descriptions beside a row of icons, joined to it by the shaded cell they sit in, are no labels of
 * the icons. A chart's axis labels and legend overlap its shapes' columns or are narrower than they.
 */
function withoutTextBeside(region: Box, shapes: Box | undefined, runs: readonly TextRun[]): Box {
  const inside = runs.filter((run) => centreInside(run, region));
  if (shapes === undefined || inside.length === 0) return region;
  const text = unionBox(inside);
  if (horizontalOverlap(text, shapes) > 0 || text.right - text.left <= shapes.right - shapes.left) return region;
  return shapes;
}

/**
 * A backdrop over most of the page that holds every line of it is the page's own background (a
 * browser paints the printable area), not the panel of a figure, however much of it the figures fill:
 * the text around them is the page's, not their labels.
 */
function isPageBackground(backdrop: Box, runs: readonly TextRun[], pageArea: number): boolean {
  return boxArea(backdrop) >= pageBackgroundShare * pageArea && runs.length > 0 && runs.every((run) => centreInside(run, backdrop));
}

/**
 * A box taken out as a backdrop that is mostly filled by drawings and images is the frame or panel
 * of a figure (holding its title and labels), not a text box: it joins the drawings inside it.
 * Smallest first, so that a panel joins its chart before the page behind both is looked at.
 */
function withFigureFrames(drawn: readonly DrawnRegion[], backdrops: readonly Box[], images: readonly Box[]): DrawnRegion[] {
  let regions = [...drawn];
  for (const frame of [...backdrops].sort((a, b) => boxArea(a) - boxArea(b))) {
    const inside = regions.filter((region) => centreInside(region.box, frame));
    const imagesInside = images.filter((image) => centreInside(image, frame));
    if (inside.length === 0 && imagesInside.length === 0) continue;
    const figures = [...inside.map((region) => region.box), ...imagesInside];
    if (figures.reduce((sum, box) => sum + boxArea(box), 0) < minFigureShare * boxArea(frame)) continue;
    const shapes = unionBox([...inside.map((region) => region.shapes), ...imagesInside]);
    regions = [
      ...regions.filter((region) => !inside.includes(region)),
      { box: unionBox([frame, ...inside.map((region) => region.box)]), shapes },
    ];
  }
  return regions;
}

/**
 * Groups boxes that touch or lie within `joinGap` of each other: the region of each box (an index
 * into `boxes`) and each region's bounding box.
 */
function joinTouching(paths: readonly Box[], width: number, height: number): { regionOf: Int32Array; boxes: Box[] } {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  const parent = Int32Array.from(paths, (_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const firstInCell = new Int32Array(columns * rows).fill(-1);
  const cellOf = (value: number, limit: number): number => Math.min(limit - 1, Math.max(0, Math.floor(value / cellSize)));
  // A loop over every cell of every box (a frame covers thousands): the box's group root is kept at hand, not looked up
  // again for each cell it shares.
  for (let index = 0; index < paths.length; index++) {
    const box = paths[index]!;
    const fromCol = cellOf(box.left - joinGap, columns);
    const toCol = cellOf(box.right + joinGap, columns);
    const fromRow = cellOf(box.bottom - joinGap, rows);
    const toRow = cellOf(box.top + joinGap, rows);
    // no box before this one has joined it: it is its own root until it joins one
    let own = index;
    for (let row = fromRow; row <= toRow; row++) {
      for (let cell = row * columns + fromCol, end = row * columns + toCol; cell <= end; cell++) {
        const other = firstInCell[cell]!;
        if (other < 0) {
          firstInCell[cell] = index;
          continue;
        }
        const theirs = root(other);
        if (theirs === own) continue;
        parent[own] = theirs;
        own = theirs;
      }
    }
  }
  const regionOfRoot = new Map<number, number>();
  const boxes: Box[] = [];
  const regionOf = new Int32Array(paths.length);
  paths.forEach((box, index) => {
    const key = root(index);
    let region = regionOfRoot.get(key);
    if (region === undefined) {
      region = boxes.length;
      regionOfRoot.set(key, region);
      boxes.push({ ...box });
    } else boxes[region] = unionBox([boxes[region]!, box]);
    regionOf[index] = region;
  });
  return { regionOf, boxes };
}

/** Keys shared by boxes of one region in one column (same left, right and height) or one row (same bottom, top and width). */
function gridKeys(box: Box, region: number): string[] {
  const [left, bottom, right, top] = [box.left, box.bottom, box.right, box.top].map(Math.round);
  return [`${region}|column|${left}|${right}|${top! - bottom!}`, `${region}|row|${bottom}|${top}|${right! - left!}`];
}

/** A path behind part of a line that goes on beside it: a highlighted word or inline code, not a shape of a drawing. */
function isHighlight(box: Box, mask: TextMask): boolean {
  if (mask.cellsIn(box) === 0) return false;
  const reach = Math.max(box.top - box.bottom, 4);
  const left = { left: box.left - reach, right: box.left - 0.5, bottom: box.bottom, top: box.top };
  const right = { left: box.right + 0.5, right: box.right + reach, bottom: box.bottom, top: box.top };
  return mask.cellsIn(left) > 0 || mask.cellsIn(right) > 0;
}

/** Lines of text a box may hold and still be the highlight of a word: its height in the font sizes of the text inside it. */
const maxHighlightLines = 2;

function isOneLineHigh(box: Box, runs: readonly TextRun[]): boolean {
  const sizes = runs.filter((run) => centreInside(run, box)).map((run) => run.fontSize);
  return sizes.length > 0 && box.top - box.bottom <= maxHighlightLines * Math.max(...sizes);
}

function ruleBox(rule: RuleSegment): Box {
  return rule.orientation === 'horizontal'
    ? { left: rule.from, right: rule.to, bottom: rule.position - 0.5, top: rule.position + 0.5 }
    : { left: rule.position - 0.5, right: rule.position + 0.5, bottom: rule.from, top: rule.to };
}

function innerBox(box: Box): Box {
  const dx = borderShare * (box.right - box.left);
  const dy = borderShare * (box.top - box.bottom);
  return { left: box.left + dx, bottom: box.bottom + dy, right: box.right - dx, top: box.top - dy };
}

function textShare(region: Box, runs: readonly TextRun[]): number {
  const covered = runs.filter((run) => centreInside(run, region)).reduce((sum, run) => sum + boxArea(run), 0);
  return covered / Math.max(boxArea(region), 1e-6);
}
