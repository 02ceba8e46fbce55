/**
 * The program family that wrote a PDF, read from its Producer (the Info dictionary's, or the XMP
 * metadata's); a PDF without a Producer is placed by its Creator. The first rule that matches wins.
 * Ghostscript comes first and stays Ghostscript whatever fed it ("dvips + MiKTeX GPL Ghostscript",
 * groff via ps2pdf): it rewrites the fonts and the text layer, which is what a parser sees. A PDF
 * that names no program is `unknown`.
 */
const FAMILIES: ReadonlyArray<readonly [family: string, producer: RegExp]> = [
  ['Ghostscript', /ghostscript|gpl gs|afpl/i],
  ['TeX', /pdfe?-?(la)?tex|xe(la)?tex|lua(la|meta)?tex|luahbtex|dvipdfm|xdvipdfmx|dvips|miktex|\btex\b/i],
  ['groff', /groff|gropdf/i],
  ['asciidoctor-pdf', /asciidoctor|prawn/i],
  ['Chromium', /skia\/pdf|headlesschrome|chromium/i],
  ['LibreOffice', /libreoffice|openoffice|staroffice/i],
  ['Apache FOP', /apache fop|\bfop\b/i],
  ['WeasyPrint', /weasyprint/i],
  ['Microsoft Office', /microsoft|powerpoint|\bword\b|excel/i],
  ['Acrobat Distiller', /distiller/i],
  ['Adobe', /adobe|acrobat|indesign|framemaker|pdfmaker/i],
  ['Quartz', /quartz|mac os x/i],
  ['cairo', /cairo/i],
  ['htmldoc', /htmldoc/i],
  ['wkhtmltopdf/Qt', /wkhtmltopdf|\bqt\b/i],
  ['iText', /itext/i],
  ['ReportLab', /reportlab/i],
];

export const UNKNOWN_FAMILY = 'unknown';

export function producerFamily(producer: string | null, creator: string | null): string {
  const source = producer?.trim() || creator?.trim() || '';
  if (source === '') return UNKNOWN_FAMILY;
  const family = FAMILIES.find(([, pattern]) => pattern.test(source))?.[0];
  // An unlisted program is a family of its own, named by its first word ("pdfium 6.1" -> "other: pdfium").
  return family ?? `other: ${source.split(/[\s/,;(]/)[0]}`;
}
