import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { isStratumError } from '../../src-shared/errors';
import { writeFileAtomic } from '../engine/export/atomic-write';
import { serializeCanonicalBlocks, toCanonicalBlocks } from '../engine/export/canonical-blocks';
import { exportDoclingJson } from '../engine/parse/docling-json';
import type { OcrMode } from '../engine/parse/parser';
import { parseDocument } from '../engine/pipeline';
import { failOnStrayRejection } from '../engine/worker/stray-rejections';
import { EXIT_FILE_FAILED, EXIT_OK, type CliIo } from './cli-io';
import { describeFileSystemError } from './inputs';
import { errorLine } from './error-line';
import { readOcrJsonFlag } from './ocr-json-flag';

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
}

export async function runParseCommand(command: ParseCommand, io: CliIo): Promise<number> {
  const ocrJson = await readOcrJsonFlag(command.ocrJson, io.cwd);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolve(io.cwd, command.input));
  } catch (error) {
    io.stderr.write(errorLine(command.input, describeFileSystemError(error)));
    return EXIT_FILE_FAILED;
  }
  try {
    const documentFolder = dirname(resolve(io.cwd, command.input));
    const options = { password: command.password, ocr: command.ocr, ocrJson, documentFolder };
    const parsed = await failOnStrayRejection(() => parseDocument(basename(command.input), bytes, options));
    const text =
      command.format === 'docling'
        ? `${exportDoclingJson(parsed.doc)}\n`
        : serializeCanonicalBlocks(toCanonicalBlocks({ ...parsed, sourceFile: parsed.fileName }));
    if (command.output === undefined) io.stdout.write(text);
    else await writeFileAtomic(resolve(io.cwd, command.output), text);
    return EXIT_OK;
  } catch (error) {
    io.stderr.write(errorLine(command.input, isStratumError(error) ? error.message : describeFileSystemError(error)));
    return EXIT_FILE_FAILED;
  }
}
