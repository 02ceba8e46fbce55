import type { DocumentParser } from '../parser';
import { PDF_MIME } from './pdf-mime';

/**
 * The PDF format entry. pdf.js is imported only when a PDF is parsed: loading its legacy build
 * costs seconds of worker start-up and replaces `Array.prototype.push` process-wide.
 */
export const pdfParser: DocumentParser = {
  format: 'pdf',
  extensions: ['.pdf'],
  mimeType: PDF_MIME,
  parse: async (input, options) => (await import('./pdf-parser')).parsePdf(input, options),
};
