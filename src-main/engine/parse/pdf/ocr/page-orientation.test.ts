import { describe, expect, it } from 'vitest';
import { readingConfidence, turnImage, unturnParagraphs, type QuarterTurn } from './page-orientation';
import { emptyPgm, type PageImage } from './render-page';

/** A 4 x 2 image whose pixels are numbered 1..8 row by row. */
function numberedImage(): PageImage {
  const { pgm, header } = emptyPgm(4, 2);
  for (let i = 0; i < 8; i++) pgm[header.length + i] = i + 1;
  return { pgm, scale: 1, width: 4, height: 2 };
}

const pixels = (image: PageImage): number[] => [...image.pgm.subarray(image.pgm.length - image.width * image.height)];

describe('page orientation', () => {
  it('turns an image clockwise by quarter turns', () => {
    const image = numberedImage();
    expect(pixels(turnImage(image, 90))).toEqual([5, 1, 6, 2, 7, 3, 8, 4]);
    expect(turnImage(image, 90)).toMatchObject({ width: 2, height: 4 });
    expect(pixels(turnImage(image, 180))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(pixels(turnImage(image, 270))).toEqual([4, 8, 3, 7, 2, 6, 1, 5]);
    expect(pixels(turnImage(turnImage(image, 90), 270))).toEqual(pixels(image));
  });

  it('puts boxes read on a turned image back on the image as it was', () => {
    const image = numberedImage();
    // Pixel 2 (x 1, y 0) of the unturned image, found on each turned image.
    const found: Record<QuarterTurn, { x0: number; y0: number; x1: number; y1: number }> = {
      0: { x0: 1, y0: 0, x1: 2, y1: 1 },
      90: { x0: 1, y0: 1, x1: 2, y1: 2 },
      180: { x0: 2, y0: 1, x1: 3, y1: 2 },
      270: { x0: 0, y0: 2, x1: 1, y1: 3 },
    };
    for (const turn of [0, 90, 180, 270] as const) {
      const turned = turnImage(image, turn);
      const box = found[turn];
      expect(turned.pgm[turned.pgm.length - turned.width * turned.height + box.y0 * turned.width + box.x0]).toBe(2);
      const [paragraph] = unturnParagraphs([{ confidence: 90, bbox: box, lines: [{ text: 'a', bbox: box }] }], turn, image);
      expect(paragraph!.bbox).toEqual({ x0: 1, y0: 0, x1: 2, y1: 1 });
      expect(paragraph!.lines[0]!.bbox).toEqual({ x0: 1, y0: 0, x1: 2, y1: 1 });
    }
  });

  it('weighs the confidence of a reading by the characters of its paragraphs', () => {
    const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const paragraph = (confidence: number, text: string) => ({ confidence, bbox: box, lines: [{ text, bbox: box }] });
    expect(readingConfidence([paragraph(90, 'abcdefghi'), paragraph(30, 'x')])).toBe(84);
    expect(readingConfidence([])).toBe(0);
  });
});
