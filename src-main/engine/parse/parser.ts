import type { DoclingDocument } from '../ir/types';

export interface ParseProgress {
  /** e.g. `page`, `paragraph`; shown beside the bar */
  stage: string;
  done: number;
  total: number;
}

export interface ParseOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ParseProgress) => void;
  /** For encrypted PDFs. */
  password?: string;
  /**
   * PDF pages without a text layer (scans): `auto` (default) reads them with the built-in OCR,
   * `off` leaves them without text (listed in `metadata.scanned_pages`, with a warning).
   */
  ocr?: OcrMode;
  /**
   * An OCR-JSON file (resources/ocr-json.md) whose pages fill the PDF's scanned pages of the same
   * number, instead of the built-in OCR (also when `ocr` is `off`).
   */
  ocrJson?: ParseInput;
  /**
   * What an XLSX cell's text is: `docling` (default) the value as Docling's Excel backend reads it
   * (Python's `str()` of the cached number, date or boolean: `2024-01-01 00:00:00`, `0.25`, `True`),
   * `formatted` the value in the sheet's number format, as Excel shows it (`1/1/2024`, `25%`, `TRUE`).
   */
  xlsxValues?: XlsxValues;
  /**
   * Called at most once, while a long document is still being read (a PDF of many pages), with a
   * document of its first pages, so that a host can show something long before the whole document
   * is in. What `parse` resolves with is the whole document, analysed across all its pages.
   */
  onPreview?: (preview: DoclingDocument) => void;
  /**
   * The folder the document was read from, known to the command line only (the app and the HTTP
   * host receive bytes): HTML and Markdown pictures naming their image by a relative path get it
   * from a file inside this folder. Without it those pictures carry no image.
   */
  documentFolder?: string;
}

export const OCR_MODES = ['auto', 'off'] as const;
export type OcrMode = (typeof OCR_MODES)[number];

export const XLSX_VALUE_MODES = ['docling', 'formatted'] as const;
export type XlsxValues = (typeof XLSX_VALUE_MODES)[number];

export interface ParseInput {
  /** Base name with extension; becomes `origin.filename` and the document `name` (its stem). */
  fileName: string;
  bytes: Uint8Array;
}

/**
 * One parser per format. `parse` throws a `StratumError` (src-shared/errors) for anything the user
 * can cause: unsupported, corrupt, empty or encrypted input; `cancelled` when the signal aborts.
 * An empty but valid document parses to a document without items, not an error.
 */
export interface DocumentParser {
  /** e.g. `markdown`, `pdf`; the `format` of canonical JSON */
  readonly format: string;
  /** lower-case, with the dot: `.md` */
  readonly extensions: readonly string[];
  readonly mimeType: string;
  parse(input: ParseInput, options?: ParseOptions): Promise<DoclingDocument>;
}
