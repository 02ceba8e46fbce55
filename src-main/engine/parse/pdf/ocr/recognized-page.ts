import type { OcrBlock, OcrDocument, OcrPage } from '../../ocr-json/ocr-json-schema';
import { codePointLength } from '../../../text/code-points';
import type { SourceRun } from '../../../ir/types';
import type { BlockSources } from '../../ocr-json/ocr-page-items';
import { round2 } from '../geometry';
import { joinLinesMapped, type JoinedPiece } from '../hyphenation';

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
 * which the blocks' `source_span`s and `source_runs` point into (as `buildPageText` defines it for
 * text pages); each run is boxed by its OCR line.
 */
export interface RecognizedPage {
  page: OcrPage;
  text: string;
  sources: BlockSources;
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
    .map((paragraph) => ({
      paragraph,
      lines: paragraph.lines.map((line) => ({ text: line.text.trim(), box: toPoints(line.bbox) })).filter((line) => line.text !== ''),
    }))
    .filter(({ lines }) => lines.some((line) => /[\p{L}\p{N}]/u.test(line.text)));
  const joined = kept.map(({ lines }) => joinLinesMapped(lines.map((line) => line.text)));
  const blocks: OcrBlock[] = kept.map(({ paragraph }, i) => ({
    category: 'Text',
    bbox: toPoints(paragraph.bbox),
    text: joined[i]!.text,
    confidence: Math.min(Math.max(paragraph.confidence / 100, 0), 1),
  }));
  return {
    page: { page_no: frame.pageNo, width: frame.width, height: frame.height, blocks },
    ...pageText(
      kept.map(({ lines }) => lines),
      joined.map((block) => block.pieces),
    ),
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
  // A block is one line of the page text: its text trimmed, read whole.
  const lines = blocks.map((block) => (block.text.trim() === '' ? [] : [{ text: block.text.trim(), box: block.bbox }]));
  const pieces = lines.map((line) => (line.length === 0 ? [] : [{ line: 0, from: 0, at: 0, length: line[0]!.text.length }]));
  return {
    page: { page_no: frame.pageNo, width: frame.width, height: frame.height, blocks },
    ...pageText(lines, pieces),
    source: 'ocr-json',
  };
}

/** A line of a block, with its box in page points. */
interface BoxedLine {
  text: string;
  box: OcrBlock['bbox'];
}

/**
 * Joins the blocks' lines by "\n" and gives each block the code-point span of its lines (none for a
 * block without text) and the runs of its text: `pieces` say where each stretch of the block's
 * text was taken from its lines.
 */
function pageText(
  blockLines: ReadonlyArray<readonly BoxedLine[]>,
  blockPieces: ReadonlyArray<readonly JoinedPiece[]>,
): { text: string; sources: BlockSources } {
  const parts: string[] = [];
  let offset = 0;
  const sources = blockLines.map((lines, block) => {
    if (lines.length === 0) return undefined;
    const start = offset;
    const lineStarts: number[] = [];
    for (const line of lines) {
      lineStarts.push(offset);
      parts.push(line.text);
      offset += codePointLength(line.text) + 1;
    }
    const runs = blockPieces[block]!.map((piece): SourceRun => {
      const line = lines[piece.line]!;
      return {
        text: piece.at,
        length: piece.length,
        source: lineStarts[piece.line]! + codePointLength(line.text, 0, piece.from),
        sourceLength: codePointLength(line.text, piece.from, piece.from + piece.length),
        box: [...line.box],
      };
    });
    return { span: [start, offset - 1] as [number, number], runs };
  });
  return { text: parts.join('\n'), sources };
}
