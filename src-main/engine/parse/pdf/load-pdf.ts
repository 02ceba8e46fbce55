import path from 'node:path';
import { getDocument, loadPdfjsWorker, PasswordResponses } from './pdfjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { StratumError } from '../../../../src-shared/errors';
import { pdfjsDataFolders } from '../../runtime-files';
import { inputLimits, tooLarge } from '../limits';
import { rejectEmptyFile } from '../parse-steps';
import { checkStreamLimits } from './stream-limits';
import { withFontsOwnText, type FontTextRepair } from './tounicode-repairs';

/** pdf.js needs its font, CMap and wasm folders as paths ending with a separator. */
const { standardFonts, cMaps, wasm } = pdfjsDataFolders();

/** A PDF that pdf.js has not opened after this long is treated as corrupt rather than waited on. */
const openTimeoutMs = 20_000;

/**
 * Opens a PDF with pdf.js (no worker: the parse already runs off the UI thread) and turns its
 * failures into the errors a user can act on: encrypted, wrong password, corrupt, empty, and
 * `too-large` past the input limits (`limits.ts`), checked before pdf.js decodes anything: its
 * streams' decoded sizes, its images' pixels, then its page count. `readFontEncodings` keeps the
 * fonts' encodings and widths for the text (pdf.js then keeps its glyph outlines too). With
 * `onFontText`, the fonts' ToUnicode maps are repaired before pdf.js reads them (see `withFontsOwnText`),
 * and what was repaired is told to it.
 */
export async function openPdf(
  bytes: Uint8Array,
  fileName: string,
  password?: string,
  signal?: AbortSignal,
  readFontEncodings = false,
  onFontText?: (repair: Omit<FontTextRepair, 'bytes'>) => void,
): Promise<PDFDocumentProxy> {
  rejectEmptyFile({ fileName, bytes });
  const limits = inputLimits();
  await checkStreamLimits(bytes, fileName, { signal, password, limits });
  // Read only once the streams are known to decode within the limits.
  const repair = onFontText ? await withFontsOwnText(bytes) : undefined;
  if (repair) onFontText?.(repair);
  await loadPdfjsWorker();
  const task = getDocument({
    // pdf.js may transfer the buffer it is given; the caller's bytes must stay usable.
    data: new Uint8Array(repair?.bytes ?? bytes),
    password,
    standardFontDataUrl: `${standardFonts}${path.sep}`,
    cMapUrl: `${cMaps}${path.sep}`,
    wasmUrl: `${wasm}${path.sep}`,
    // Images checkStreamLimits cannot see (inline images, encrypted streams) are left out past the limit.
    maxImageSize: limits.maxImagePixels,
    // The fonts' encodings and widths, for reading text: glyph names of the ligatures pdf.js leaves without text (see
    // ligature-glyphs), widths that tell a word space from an accent's move (see glyph-widths), the ToUnicode map whose gaps
    // tell the glyphs it maps to no character (see unmapped-glyphs). Rendering has no use for them.
    fontExtraProperties: readFontEncodings,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StratumError('corrupt-file', `${fileName}: the PDF could not be opened (timed out)`)),
      openTimeoutMs,
    );
  });
  let pdf: PDFDocumentProxy;
  try {
    pdf = await Promise.race([task.promise, timeout]);
  } catch (error) {
    // The open failed and says why; tearing the task down may fail too, which must not escape as an unhandled rejection.
    task.destroy().catch(() => undefined);
    throw openError(error, fileName, password);
  } finally {
    clearTimeout(timer);
  }
  if (pdf.numPages > limits.maxPages) {
    await pdf.destroy();
    throw tooLarge(fileName, `the document has ${pdf.numPages.toLocaleString('en-US')} pages`, 'maxPages', limits);
  }
  return pdf;
}

function openError(error: unknown, fileName: string, password: string | undefined): StratumError {
  if (error instanceof StratumError) return error;
  const { name, code, message } = (error ?? {}) as { name?: string; code?: number; message?: string };
  if (name === 'PasswordException') {
    if (code === PasswordResponses.INCORRECT_PASSWORD && password !== undefined) {
      return new StratumError('wrong-password', `${fileName}: the password is wrong`);
    }
    return new StratumError('encrypted', `${fileName}: the PDF is password-protected; give its password to open it`);
  }
  return new StratumError('corrupt-file', `${fileName}: not a readable PDF (${message ?? String(error)})`);
}
