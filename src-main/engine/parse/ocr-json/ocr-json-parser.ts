import { ocrDocumentSchema, type OcrDocument } from './ocr-json-schema';
import { NestingTooDeepError, parseBoundedJson } from '../../../../src-shared/bounded-parse';
import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument, GroupItem } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { rejectEmptyFile } from '../parse-steps';
import { addOcrPage } from './ocr-page-items';

const OCR_MIME = 'application/json';

/** OCR-JSON (`.ocr.json`, see resources/ocr-json.md) to the IR. */
export const ocrJsonParser: DocumentParser = {
  format: 'ocr-json',
  extensions: ['.ocr.json'],
  mimeType: OCR_MIME,
  parse: parseOcrJson,
};

async function parseOcrJson(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName } = input;
  await checkpoint(options.signal);
  const ocr = readOcrDocument(input);
  const builder = new DocumentBuilder(fileName, OCR_MIME, input.bytes);
  for (const [key, value] of Object.entries(ocr.metadata ?? {})) builder.setMetadata(key, value);
  let list: GroupItem | undefined;
  for (const [index, page] of ocr.pages.entries()) {
    await checkpoint(options.signal);
    options.onProgress?.({ stage: 'page', done: index, total: ocr.pages.length });
    builder.addPage(page.page_no, page.width, page.height);
    list = addOcrPage(builder, page, ocr.coord_origin, list);
  }
  options.onProgress?.({ stage: 'page', done: ocr.pages.length, total: ocr.pages.length });
  return builder.doc;
}

/** Reads and validates an OCR-JSON file; a `StratumError` (`empty-file`, `corrupt-file`) naming the file and the first problem otherwise. */
export function readOcrDocument(input: ParseInput): OcrDocument {
  const { fileName, bytes } = input;
  rejectEmptyFile(input);
  let raw: unknown;
  try {
    raw = parseBoundedJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof NestingTooDeepError) throw new StratumError('corrupt-file', `${fileName}: ${error.message}`);
    throw new StratumError('corrupt-file', `${fileName}: not valid UTF-8 JSON`);
  }
  const parsed = ocrDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new StratumError('corrupt-file', `${fileName}: not OCR-JSON (${issue?.message ?? 'unexpected shape'}${where})`);
  }
  return parsed.data;
}
