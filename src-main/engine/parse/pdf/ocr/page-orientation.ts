import type { OcrParagraph, PixelBox } from './recognized-page';
import { emptyPgm, type PageImage } from './render-page';

/** A quarter turn clockwise, in degrees. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/** The page image turned clockwise by `turn` (same resolution: a turned scan has the same pixels per point). */
export function turnImage(image: PageImage, turn: QuarterTurn): PageImage {
  if (turn === 0) return image;
  const { width, height } = image;
  const [turnedWidth, turnedHeight] = turn === 180 ? [width, height] : [height, width];
  const source = image.pgm.subarray(image.pgm.length - width * height);
  const { pgm, header } = emptyPgm(turnedWidth, turnedHeight);
  let out = header.length;
  for (let y = 0; y < turnedHeight; y++) {
    for (let x = 0; x < turnedWidth; x++, out++) {
      const [sx, sy] = sourcePixel(x, y, turn, width, height);
      pgm[out] = source[sy * width + sx]!;
    }
  }
  return { pgm, scale: image.scale, width: turnedWidth, height: turnedHeight };
}

/** The pixel of the unturned image (width x height) that pixel (x, y) of the image turned by `turn` shows. */
function sourcePixel(x: number, y: number, turn: QuarterTurn, width: number, height: number): [number, number] {
  if (turn === 90) return [y, height - 1 - x];
  if (turn === 180) return [width - 1 - x, height - 1 - y];
  if (turn === 270) return [width - 1 - y, x];
  return [x, y];
}

/** A point of the image turned by `turn`, in the unturned image (width x height): edges, not pixel centres. */
function unturnPoint(x: number, y: number, turn: QuarterTurn, width: number, height: number): [number, number] {
  if (turn === 90) return [y, height - x];
  if (turn === 180) return [width - x, height - y];
  if (turn === 270) return [width - y, x];
  return [x, y];
}

function unturnBox(box: PixelBox, turn: QuarterTurn, width: number, height: number): PixelBox {
  const [ax, ay] = unturnPoint(box.x0, box.y0, turn, width, height);
  const [bx, by] = unturnPoint(box.x1, box.y1, turn, width, height);
  return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
}

/** Paragraphs read from the image turned by `turn`, with their boxes in the unturned image (`original`). */
export function unturnParagraphs(paragraphs: readonly OcrParagraph[], turn: QuarterTurn, original: PageImage): OcrParagraph[] {
  if (turn === 0) return [...paragraphs];
  const back = (box: PixelBox): PixelBox => unturnBox(box, turn, original.width, original.height);
  return paragraphs.map((paragraph) => ({
    confidence: paragraph.confidence,
    bbox: back(paragraph.bbox),
    lines: paragraph.lines.map((line) => ({ text: line.text, bbox: back(line.bbox) })),
  }));
}

/** The mean confidence of a reading, weighted by the characters of each paragraph (0 for nothing read). */
export function readingConfidence(paragraphs: readonly OcrParagraph[]): number {
  let weighted = 0;
  let characters = 0;
  for (const paragraph of paragraphs) {
    const count = paragraph.lines.reduce((n, line) => n + line.text.replace(/\s/g, '').length, 0);
    weighted += paragraph.confidence * count;
    characters += count;
  }
  return characters === 0 ? 0 : weighted / characters;
}
