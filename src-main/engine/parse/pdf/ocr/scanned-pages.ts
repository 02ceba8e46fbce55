import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import type { OcrDocument } from '../../ocr-json/ocr-json-schema';
import { checkpoint, isCancelledError } from '../../../cancellation';
import type { ParseOptions } from '../../parser';
import { readingConfidence, turnImage, unturnParagraphs, type QuarterTurn } from './page-orientation';
import { pageFromOcrJson, pageFromParagraphs, type OcrParagraph, type PageFrame, type RecognizedPage } from './recognized-page';
import type { PageImage } from './render-page';
import type { PageRecognizer } from './tesseract-recognizer';

/**
 * Text for the pages without a text layer, by page number: the supplied OCR-JSON page of the same
 * number where there is one, else the built-in OCR unless `options.ocr` is `off`. A page that
 * cannot be read becomes a warning and stays without text; only cancellation stops the parse.
 */
export async function recognizeScannedPages(
  pdf: PDFDocumentProxy,
  scanned: readonly PageFrame[],
  supplied: OcrDocument | undefined,
  options: ParseOptions,
  warnings: string[],
): Promise<Map<number, RecognizedPage>> {
  const recognized = new Map<number, RecognizedPage>();
  const suppliedPages = new Map(supplied?.pages.map((page) => [page.page_no, page]));
  const toRecognize: PageFrame[] = [];
  for (const frame of scanned) {
    const page = suppliedPages.get(frame.pageNo);
    if (page && supplied) recognized.set(frame.pageNo, pageFromOcrJson(frame, page, supplied.coord_origin));
    else if ((options.ocr ?? 'auto') === 'auto') toRecognize.push(frame);
  }
  const unused = [...suppliedPages.keys()].filter((pageNo) => !recognized.has(pageNo));
  if (unused.length > 0) {
    warnings.push(`OCR-JSON page(s) ${unused.join(', ')} not used: the PDF has no such page or it has a text layer`);
  }
  if (toRecognize.length > 0) await recognizePages(pdf, toRecognize, options, warnings, recognized);
  return recognized;
}

/**
 * Renders and OCRs each page in turn, set upright first; the OCR engine is loaded only now, so
 * text-only PDFs never pay for it.
 */
async function recognizePages(
  pdf: PDFDocumentProxy,
  frames: readonly PageFrame[],
  options: ParseOptions,
  warnings: string[],
  into: Map<number, RecognizedPage>,
): Promise<void> {
  const [{ createTesseractRecognizer }, { renderPageForOcr }] = await Promise.all([
    import('./tesseract-recognizer'),
    import('./render-page'),
  ]);
  const recognizer = createTesseractRecognizer();
  try {
    for (const [index, frame] of frames.entries()) {
      options.onProgress?.({ stage: 'ocr', done: index, total: frames.length });
      await checkpoint(options.signal);
      try {
        const page = await pdf.getPage(frame.pageNo);
        const image = await renderPageForOcr(page);
        page.cleanup();
        await checkpoint(options.signal);
        const { paragraphs, turn } = await readUpright(recognizer, image, options.signal);
        if (turn !== 0) warnings.push(`page ${frame.pageNo}: the scan lies turned by ${360 - turn}° clockwise; OCR read it set upright`);
        const result = pageFromParagraphs(frame, paragraphs, image.scale);
        if (result.page.blocks.length > 0) into.set(frame.pageNo, result);
      } catch (error) {
        if (isCancelledError(error)) throw error;
        warnings.push(`page ${frame.pageNo}: OCR failed (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    options.onProgress?.({ stage: 'ocr', done: frames.length, total: frames.length });
  } finally {
    await recognizer.close();
  }
}

/**
 * The page's paragraphs, read the way up its text stands, with boxes on the page as it is shown.
 * Tesseract's orientation detection proposes a turn; a turned page is read both ways and the
 * reading with the higher confidence wins, so that a detection misled by a figure or a few words
 * cannot turn an upright page over. A page whose orientation cannot be told is read as it is.
 */
async function readUpright(
  recognizer: PageRecognizer,
  image: PageImage,
  signal: AbortSignal | undefined,
): Promise<{ paragraphs: OcrParagraph[]; turn: QuarterTurn }> {
  const turn = (await recognizer.uprightTurn(image, signal)) ?? 0;
  const asShown = await recognizer.recognize(image, signal);
  if (turn === 0) return { paragraphs: asShown, turn };
  await checkpoint(signal);
  const turned = await recognizer.recognize(turnImage(image, turn), signal);
  if (readingConfidence(turned) <= readingConfidence(asShown)) return { paragraphs: asShown, turn: 0 };
  return { paragraphs: unturnParagraphs(turned, turn, image), turn };
}
