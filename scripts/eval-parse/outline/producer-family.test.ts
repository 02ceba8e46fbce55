import { describe, expect, it } from 'vitest';
import { producerFamily, UNKNOWN_FAMILY } from './producer-family';

describe('producerFamily', () => {
  it.each([
    ['pdfTeX-1.40.24', 'TeX'],
    ['xdvipdfmx (20211117)', 'TeX'],
    ['LuaTeX-1.15.0', 'TeX'],
    ['pdfeTeX-1.21a', 'TeX'],
    ['a thesis class with LuaLaTeX', 'TeX'],
    ['XeLaTeX', 'TeX'],
    ['pdfLaTeX', 'TeX'],
    ['LuaMetaTeX', 'TeX'],
    ['gropdf version 1.22.4', 'groff'],
    ['GPL Ghostscript 10.00.0', 'Ghostscript'],
    ['dvips + MiKTeX GPL Ghostscript 9.05', 'Ghostscript'],
    ['htmldoc 1.9.16 Copyright 2011-2022 by Michael R Sweet', 'htmldoc'],
    ['Skia/PDF m156', 'Chromium'],
    ['LibreOffice 7.4', 'LibreOffice'],
    ['Apache FOP Version 2.8', 'Apache FOP'],
    ['WeasyPrint 57.2', 'WeasyPrint'],
    ['Asciidoctor PDF 2.3.4, based on Prawn 2.4.0', 'asciidoctor-pdf'],
    ['Microsoft® Word for Microsoft 365', 'Microsoft Office'],
    ['Acrobat Distiller 9.0.0 (Windows)', 'Acrobat Distiller'],
    ['macOS Version 12.6.8 (build 21G725) Quartz PDFContext', 'Quartz'],
    ['pdfium 6.1', 'other: pdfium'],
  ])('%s -> %s', (producer, family) => {
    expect(producerFamily(producer, 'LaTeX with hyperref')).toBe(family);
  });

  it('falls back on the creator, then says it does not know', () => {
    expect(producerFamily(null, 'groff version 1.23.0')).toBe('groff');
    expect(producerFamily('  ', null)).toBe(UNKNOWN_FAMILY);
  });
});
