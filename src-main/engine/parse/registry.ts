import { StratumError } from '../../../src-shared/errors';
import { csvParser } from './csv/csv-parser';
import { doclingJsonParser } from './docling-json';
import { docxParser } from './docx/docx-parser';
import { htmlParser } from './html/html-parser';
import { layoutJsonParser } from './layout-json/layout-json-parser';
import { markdownParser } from './markdown/markdown-parser';
import { ocrJsonParser } from './ocr-json/ocr-json-parser';
import type { DocumentParser } from './parser';
import { pdfParser } from './pdf';
import { pptxParser } from './pptx/pptx-parser';
import { textParser } from './text';
import { xlsxParser } from './xlsx/xlsx-parser';

/** Every parser, one per format. Add a parser here and nowhere else. */
// `.ocr.json` and `_content_list.json` before `.json`: the first parser whose extension matches wins.
const parsers: readonly DocumentParser[] = [
  ocrJsonParser,
  layoutJsonParser,
  doclingJsonParser,
  markdownParser,
  textParser,
  pdfParser,
  htmlParser,
  docxParser,
  xlsxParser,
  pptxParser,
  csvParser,
];

export function allParsers(): readonly DocumentParser[] {
  return parsers;
}

/** The parser for a file name (by extension); a `StratumError('unsupported-format')` when there is none. */
export function parserForFile(fileName: string): DocumentParser {
  const lower = fileName.toLowerCase();
  const parser = parsers.find((p) => p.extensions.some((ext) => lower.endsWith(ext)));
  if (!parser) {
    const supported = parsers.flatMap((p) => p.extensions).join(', ');
    throw new StratumError('unsupported-format', `${fileName}: unsupported file type (supported: ${supported})`);
  }
  return parser;
}
