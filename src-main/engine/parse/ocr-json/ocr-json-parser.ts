import { ocrDocumentSchema, type OcrDocument } from './ocr-json-schema';
import { NestingTooDeepError, parseBoundedJson } from '../../../../src-shared/bounded-parse';
import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument, GroupItem } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import { attachImageSources } from '../image-source';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { rejectEmptyFile } from '../parse-steps';
import { addOcrPage } from './ocr-page-items';

const OCR_MIME = 'application/json';

/** OCR-JSON (`.ocr.json`, see resources/ocr-json.md) to the IR. */
export const ocrJsonParser: DocumentParser = {
  format: 'ocr-json',
  extensions: ['.ocr.json'],
  mimeType: OCR_MIME,
  parse: async (input, options) => buildOcrDocument(input, readOcrDocument(input), options),
};

/**
 * The IR of OCR-JSON pages of blocks, the one mapping every layout-engine JSON goes through (its
 * adapter translates it to OCR-JSON first, see ../layout-json/). `warnings` are the adapter's.
 */
export async function buildOcrDocument(
  input: ParseInput,
  ocr: OcrDocument,
  options: ParseOptions = {},
  warnings: readonly string[] = [],
): Promise<DoclingDocument> {
  await checkpoint(options.signal);
  const builder = new DocumentBuilder(input.fileName, OCR_MIME, input.bytes);
  for (const [key, value] of Object.entries(ocr.metadata ?? {})) builder.setMetadata(key, value);
  let list: GroupItem | undefined;
  for (const [index, page] of ocr.pages.entries()) {
    await checkpoint(options.signal);
    options.onProgress?.({ stage: 'page', done: index, total: ocr.pages.length });
    builder.addPage(page.page_no, page.width, page.height);
    list = addOcrPage(builder, page, ocr.coord_origin, list);
  }
  await attachImageSources(builder, options.documentFolder);
  for (const warning of warnings) builder.addWarning(warning);
  options.onProgress?.({ stage: 'page', done: ocr.pages.length, total: ocr.pages.length });
  return builder.doc;
}

/** Reads and validates an OCR-JSON file; else a `StratumError` (`empty-file`, `corrupt-file`) naming the file and the first problem. */
export function readOcrDocument(input: ParseInput): OcrDocument {
  return toOcrDocument(readJsonInput(input), input.fileName);
}

/** A parsed value as OCR-JSON, or a `corrupt-file` error naming the first problem and where it is. */
export function toOcrDocument(raw: unknown, fileName: string): OcrDocument {
  const parsed = ocrDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new StratumError('corrupt-file', `${fileName}: not OCR-JSON (${issue?.message ?? 'unexpected shape'}${where})`);
  }
  return parsed.data;
}

/** A JSON file's value (UTF-8, nested at most as deep as the limit allows), or `empty-file` / `corrupt-file`. */
export function readJsonInput(input: ParseInput): unknown {
  rejectEmptyFile(input);
  try {
    return parseBoundedJson(new TextDecoder('utf-8', { fatal: true }).decode(input.bytes));
  } catch (error) {
    if (error instanceof NestingTooDeepError) throw new StratumError('corrupt-file', `${input.fileName}: ${error.message}`);
    throw new StratumError('corrupt-file', `${input.fileName}: not valid UTF-8 JSON`);
  }
}
