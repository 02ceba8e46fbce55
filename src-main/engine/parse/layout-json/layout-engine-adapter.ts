import type { OcrDocument } from '../ocr-json/ocr-json-schema';

/** A layout engine's JSON translated to OCR-JSON, with what the translation read past. */
export interface TranslatedLayout {
  document: OcrDocument;
  /** problems read past (a block without its text...), for the document's warnings */
  warnings: string[];
}

/**
 * One layout engine's JSON output. An adapter only translates: the engine's blocks become OCR-JSON
 * pages of blocks (resources/ocr-json.md), which one mapping turns into the IR, so no strategy ever
 * knows which engine read the document.
 */
export interface LayoutEngineAdapter {
  /** e.g. `mineru`; the document's `metadata.layout_engine` */
  readonly engine: string;
  /** the end of the file names the engine writes, e.g. `_content_list.json` */
  readonly fileSuffix: string;
  /** Whether a parsed JSON value is this engine's output, to read a `.json` of any name by its content. */
  recognises(value: unknown): boolean;
  /** The value as OCR-JSON; a `corrupt-file` error naming the field and the item where it cannot be read. */
  translate(value: unknown, fileName: string): TranslatedLayout;
}
