import { z } from 'zod';

/**
 * OCR-JSON: a page-and-block layout format for the output of OCR or layout engines (one file per
 * document, `.ocr.json`). Each page lists its blocks in reading order; each block has a category
 * (the DocLayNet classes Docling uses), a box and its text. Documented in resources/ocr-json.md.
 */

const OCR_BLOCK_CATEGORIES = [
  'Title',
  'Section-header',
  'Text',
  'List-item',
  'Table',
  'Picture',
  'Caption',
  'Formula',
  'Footnote',
  'Page-header',
  'Page-footer',
  'Code',
] as const;

/** `[left, top, right, bottom]` in page units, in the document's `coord_origin`. */
const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

const ocrTableCellSchema = z.object({
  row: z.number().int().nonnegative(),
  col: z.number().int().nonnegative(),
  row_span: z.number().int().positive().default(1),
  col_span: z.number().int().positive().default(1),
  text: z.string(),
  /** a column-header cell */
  header: z.boolean().default(false),
  bbox: bbox.optional(),
});

const ocrBlockSchema = z.object({
  category: z.enum(OCR_BLOCK_CATEGORIES),
  bbox,
  text: z.string().default(''),
  /** recognition confidence in [0, 1], kept for reference */
  confidence: z.number().min(0).max(1).optional(),
  /** Section-header only: 1 for a top-level section */
  level: z.number().int().min(1).max(100).optional(),
  /** Code only: the language, e.g. `Python` */
  language: z.string().optional(),
  /** Table only: the table as an HTML `<table>` string... */
  html: z.string().optional(),
  /** ...or as a list of cells (used when both are given) */
  cells: z.array(ocrTableCellSchema).optional(),
  /** Table, Picture and Code: captions the engine attached to the block itself, in order */
  captions: z.array(z.string()).optional(),
  /** Table and Picture: footnotes the engine attached to the block itself, in order */
  footnotes: z.array(z.string()).optional(),
  /** Picture only: its image, a path relative to the JSON file's folder or a `data:` URI */
  image: z.string().optional(),
});

const ocrPageSchema = z.object({
  page_no: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
  blocks: z.array(ocrBlockSchema),
});

export const ocrDocumentSchema = z.object({
  /** optional marker, `stratum-ocr` */
  format: z.literal('stratum-ocr').optional(),
  version: z.literal(1).default(1),
  /** where the box coordinates start: the page's top-left corner (default) or bottom-left (PDF) */
  coord_origin: z.enum(['TOPLEFT', 'BOTTOMLEFT']).default('TOPLEFT'),
  /** free-form document metadata (title, source file, OCR engine...) */
  metadata: z.record(z.string(), z.unknown()).optional(),
  pages: z.array(ocrPageSchema),
});

export type OcrBlock = z.infer<typeof ocrBlockSchema>;
export type OcrPage = z.infer<typeof ocrPageSchema>;
export type OcrDocument = z.infer<typeof ocrDocumentSchema>;

/** Whether a parsed JSON value looks like OCR-JSON (a `pages` array whose pages have `blocks`), for content sniffing. */
export function looksLikeOcrJson(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || !('pages' in value)) return false;
  const pages = (value as { pages: unknown }).pages;
  return (
    Array.isArray(pages) &&
    pages.length > 0 &&
    pages.every((p) => typeof p === 'object' && p !== null && Array.isArray((p as { blocks?: unknown }).blocks))
  );
}
