/** Its own module because the PDF entry (index.ts) names it and must not load the parser, which loads pdf.js. */
export const PDF_MIME = 'application/pdf';
