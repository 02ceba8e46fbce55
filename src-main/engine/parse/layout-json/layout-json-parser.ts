import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument } from '../../ir/types';
import { buildOcrDocument, readJsonInput } from '../ocr-json/ocr-json-parser';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { LAYOUT_ENGINES, layoutEngineOf } from './layout-engines';

/**
 * Layout-engine JSON (MinerU's `*_content_list.json`, see resources/layout-json.md) to the IR: the
 * engine's adapter translates it to OCR-JSON, which is read as an `.ocr.json` is.
 */
export const layoutJsonParser: DocumentParser = {
  format: 'layout-json',
  extensions: LAYOUT_ENGINES.map((engine) => engine.fileSuffix),
  mimeType: 'application/json',
  parse: async (input, options) => parseLayoutJson(input, readJsonInput(input), options),
};

/** A JSON value a layout engine wrote, already parsed (a `.json` recognised by its content comes here too). */
export async function parseLayoutJson(input: ParseInput, value: unknown, options: ParseOptions = {}): Promise<DoclingDocument> {
  const engine = layoutEngineOf(input.fileName, value);
  if (!engine)
    throw new StratumError('corrupt-file', `${input.fileName}: not the JSON of a layout engine Stratum reads (MinerU content list)`);
  const { document, warnings } = engine.translate(value, input.fileName);
  const doc = await buildOcrDocument(input, document, options, warnings);
  (doc.metadata ??= {})['layout_engine'] = engine.engine;
  return doc;
}
