import { basename, dirname, resolve } from 'node:path';
import { isStratumError } from '../../src-shared/errors';
import { writeFileAtomic } from '../base/atomic-write';
import { describeFileSystemError } from '../base/file-system-error';
import { readInputFile } from '../base/input-file';
import { inputLimits } from '../engine/parse/limits';
import { serializeCanonicalBlocks, toCanonicalBlocks } from '../engine/export/canonical-blocks';
import { exportDoclingJson } from '../engine/parse/docling-json';
import { documentWarnings } from '../engine/parse/document-builder';
import type { OcrMode, XlsxValues } from '../engine/parse/parser';
import { parseDocument } from '../engine/pipeline';
import { failOnStrayRejection } from '../engine/worker/stray-rejections';
import { EXIT_FILE_FAILED, EXIT_OK, type CliIo } from './cli-io';
import { errorLine, noteLine } from './report-lines';
import { readOcrJsonFlag } from './ocr-json-flag';
import { refuseOutputsOntoInputs } from './output-guard';

export const PARSE_FORMATS = ['docling', 'canonical-blocks'] as const;
export type ParseFormat = (typeof PARSE_FORMATS)[number];

export interface ParseCommand {
  input: string;
  output?: string;
  format: ParseFormat;
  password?: string;
  /** Scanned PDF pages: built-in OCR (`auto`) or none (`--no-ocr`). */
  ocr: OcrMode;
  /** `--ocr-json <file>`: OCR-JSON for the PDF's scanned pages. */
  ocrJson?: string;
  /** `--xlsx-values`: XLSX cells as Docling reads them (default) or as the sheet formats them. */
  xlsxValues?: XlsxValues;
}

export async function runParseCommand(command: ParseCommand, io: CliIo): Promise<number> {
  const inputPath = resolve(io.cwd, command.input);
  const outputPath = command.output === undefined ? undefined : resolve(io.cwd, command.output);
  const inputs = [command.input, command.ocrJson]
    .filter((path) => path !== undefined)
    .map((path) => ({ path: resolve(io.cwd, path), displayPath: path }));
  await refuseOutputsOntoInputs(inputs, outputPath === undefined ? [] : [outputPath]);
  const ocrJson = await readOcrJsonFlag(command.ocrJson, io.cwd);
  let bytes: Uint8Array;
  try {
    bytes = await readInputFile(inputPath, inputLimits().maxFileBytes);
  } catch (error) {
    io.stderr.write(errorLine(command.input, isStratumError(error) ? error.message : describeFileSystemError(error)));
    return EXIT_FILE_FAILED;
  }
  try {
    const documentFolder = dirname(inputPath);
    const options = { password: command.password, ocr: command.ocr, ocrJson, documentFolder, xlsxValues: command.xlsxValues };
    const parsed = await failOnStrayRejection(() => parseDocument(basename(command.input), bytes, options));
    const text =
      command.format === 'docling'
        ? `${exportDoclingJson(parsed.doc)}\n`
        : serializeCanonicalBlocks(toCanonicalBlocks({ ...parsed, sourceFile: parsed.fileName }));
    if (outputPath === undefined) io.stdout.write(text);
    else await writeFileAtomic(outputPath, text);
    for (const warning of documentWarnings(parsed.doc)) io.stderr.write(noteLine(command.input, warning));
    return EXIT_OK;
  } catch (error) {
    io.stderr.write(errorLine(command.input, isStratumError(error) ? error.message : describeFileSystemError(error)));
    return EXIT_FILE_FAILED;
  }
}
