import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A text layer of hundreds of pages is tens of megabytes at most; more means something is wrong. */
const MAX_TEXT_BYTES = 256 * 1024 * 1024;

/** Without poppler-data, pdftotext drops the text of CJK fonts that need its CMaps and says so only on stderr. */
const MISSING_LANGUAGE_PACK = /Missing language pack for '([^']+)'/;

/**
 * The PDF's own text layer as poppler's `pdftotext` reads it (Debian: poppler-utils and
 * poppler-data), an extractor that shares no code with ours: the groundtruth for what a parse must
 * not lose. A layer poppler could only read in part is an error, not a lower figure.
 */
export async function readTextLayer(filePath: string, signal?: AbortSignal): Promise<string> {
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await run('pdftotext', ['-enc', 'UTF-8', filePath, '-'], {
      maxBuffer: MAX_TEXT_BYTES,
      signal,
      encoding: 'utf8',
    }));
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: string };
    if (code === 'ENOENT') {
      throw new Error('pdftotext not found: the text layer is read with poppler-utils (apt-get install poppler-utils)', { cause: error });
    }
    throw new Error(`pdftotext failed: ${message ?? String(error)}`, { cause: error });
  }
  const missing = MISSING_LANGUAGE_PACK.exec(stderr);
  if (missing) throw new Error(`pdftotext cannot read the ${missing[1]} text without poppler-data (apt-get install poppler-data)`);
  return stdout;
}
