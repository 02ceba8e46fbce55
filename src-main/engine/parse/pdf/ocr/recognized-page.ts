import type { OcrBlock, OcrDocument, OcrPage } from '../../ocr-json/ocr-json-schema';
import { codePointLength } from '../../../text/code-points';
import type { BlockSourceSpans } from '../../ocr-json/ocr-page-items';
import { round2 } from '../geometry';
import { joinLines } from '../hyphenation';

/** A box in image pixels, top-left origin (tesseract's). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** What the OCR engine reports per paragraph (tesseract's paragraphs have this shape). */
export interface OcrParagraph {
  /** 0 to 100 */
  confidence: number;
  bbox: PixelBox;
  lines: ReadonlyArray<{ text: string; bbox: PixelBox }>;
}

/**
 * A scanned page's text as OCR blocks in PDF points with a BOTTOM-LEFT origin (the frame of the
 * parser's other pages), plus its page text: every line of its blocks in order, joined by "\n",
 * which the blocks' `source_span`s point into (as `buildPageText` defines it for text pages).
 */
export interface RecognizedPage {
  page: OcrPage;
  text: string;
  spans: BlockSourceSpans;
  source: 'tesseract' | 'ocr-json';
}

/** The PDF page a scan lies on, in points. */
export interface PageFrame {
  pageNo: number;
  width: number;
  height: number;
}

/**
 * Tesseract's paragraphs as text blocks: lines joined as the PDF parser joins lines (words broken
 * at a line end rejoined), boxes from image pixels to page points. Paragraphs with no letter or
 * digit (specks and rules read as punctuation) are dropped.
 */
export function pageFromParagraphs(frame: PageFrame, paragraphs: readonly OcrParagraph[], scale: number): RecognizedPage {
  const toPoints = (box: PixelBox): OcrBlock['bbox'] => [
    round2(box.x0 / scale),
    round2(frame.height - box.y0 / scale),
    round2(box.x1 / scale),
    round2(frame.height - box.y1 / scale),
  ];
  const kept = paragraphs
    .map((paragraph) => ({ paragraph, lines: paragraph.lines.map((line) => line.text.trim()).filter((line) => line !== '') }))
    .filter(({ lines }) => lines.some((line) => /[\p{L}\p{N}]/u.test(line)));
  const blocks: OcrBlock[] = kept.map(({ paragraph, lines }) => ({
    category: 'Text',
    bbox: toPoints(paragraph.bbox),
    text: joinLines(lines),
    confidence: Math.min(Math.max(paragraph.confidence / 100, 0), 1),
  }));
  return {
    page: { page_no: frame.pageNo, width: frame.width, height: frame.height, blocks },
    ...pageText(kept.map(({ lines }) => lines)),
    source: 'tesseract',
  };
}

/**
 * A page of a supplied OCR-JSON file on its PDF page: boxes scaled from the file's page size to
 * the PDF page and turned to a bottom-left origin; each block's text is one line of the page text.
 */
export function pageFromOcrJson(frame: PageFrame, page: OcrPage, origin: OcrDocument['coord_origin']): RecognizedPage {
  const sx = frame.width / page.width;
  const sy = frame.height / page.height;
  const y = (value: number): number => round2(origin === 'TOPLEFT' ? frame.height - value * sy : value * sy);
  const toPoints = ([l, t, r, b]: OcrBlock['bbox']): OcrBlock['bbox'] => [round2(l * sx), y(t), round2(r * sx), y(b)];
  const blocks: OcrBlock[] = page.blocks.map((block) => ({
    ...block,
    bbox: toPoints(block.bbox),
    ...(block.cells ? { cells: block.cells.map((cell) => (cell.bbox ? { ...cell, bbox: toPoints(cell.bbox) } : cell)) } : {}),
  }));
  const lines = blocks.map((block) => (block.text.trim() === '' ? [] : [block.text.trim()]));
  return { page: { page_no: frame.pageNo, width: frame.width, height: frame.height, blocks }, ...pageText(lines), source: 'ocr-json' };
}

/** Joins the blocks' lines by "\n" and gives each block the code-point span of its lines (none for a block without text). */
function pageText(blockLines: ReadonlyArray<readonly string[]>): { text: string; spans: BlockSourceSpans } {
  const parts: string[] = [];
  let offset = 0;
  const spans = blockLines.map((lines): [number, number] | undefined => {
    if (lines.length === 0) return undefined;
    const start = offset;
    for (const line of lines) {
      parts.push(line);
      offset += codePointLength(line) + 1;
    }
    return [start, offset - 1];
  });
  return { text: parts.join('\n'), spans };
}
