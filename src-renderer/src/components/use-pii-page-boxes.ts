import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { piiBoxesOfPage, type PageTextRun, type PiiPageBox, type PiiValueOnPage } from '../pii-page-boxes';

export interface PiiOnPages {
  byPage: ReadonlyMap<number, readonly PiiPageBox[]>;
  /** values no page's text shows as such (a value hyphenated over two lines, text drawn as a picture) */
  unlocated: readonly PiiValueOnPage[];
  /** pages read so far, of `pageCount` */
  pagesRead: number;
}

const NOTHING: PiiOnPages = { byPage: new Map(), unlocated: [], pagesRead: 0 };

/**
 * The personal-data values of the latest enrichment located on the PDF's pages, from each page's text
 * as pdf.js reads it, page after page in the background (only while there are values to locate).
 */
export function usePiiPageBoxes(pdf: PDFDocumentProxy | null, values: readonly PiiValueOnPage[] | undefined): PiiOnPages {
  // what was found, with the document and values it was found for: a newer run's values start from nothing
  const [found, setFound] = useState<{ pdf: PDFDocumentProxy | null; values: unknown; pii: PiiOnPages }>({
    pdf: null,
    values: null,
    pii: NOTHING,
  });
  useEffect(() => {
    if (!pdf || !values || values.length === 0) return;
    let cancelled = false;
    void (async () => {
      const byPage = new Map<number, PiiPageBox[]>();
      const located = new Set<string>();
      for (let pageNo = 1; pageNo <= pdf.numPages && !cancelled; pageNo++) {
        const page = await pdf.getPage(pageNo);
        const { items, styles } = await page.getTextContent();
        const runs = textRunsOf(
          page.getViewport({ scale: 1 }).transform,
          items,
          (fontName) => styles[fontName]?.fontFamily ?? 'sans-serif',
        );
        const boxes = piiBoxesOfPage(pageNo, runs, values);
        if (boxes.length > 0) byPage.set(pageNo, boxes);
        for (const box of boxes) located.add(box.text);
        if (cancelled) return;
        const unlocated = pageNo === pdf.numPages ? values.filter((value) => !located.has(value.text)) : [];
        setFound({ pdf, values, pii: { byPage: new Map(byPage), unlocated, pagesRead: pageNo } });
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pdf, values]);
  return found.pdf === pdf && found.values === values ? found.pii : NOTHING;
}

type Matrix = readonly number[];

/**
 * Text items in page units with a top-left origin; items not written left to right are left out (their
 * boxes would lie). A part of an item is measured in the item's font family as pdf.js names it (generic:
 * serif, sans-serif, monospace), much nearer the drawn glyphs' widths than a count of characters.
 */
function textRunsOf(
  viewport: Matrix,
  items: ReadonlyArray<TextItem | { type: string }>,
  familyOf: (fontName: string) => string,
): PageTextRun[] {
  const context = document.createElement('canvas').getContext('2d');
  return items.flatMap((item) => {
    if (!('str' in item)) return [];
    const [a, b, c, d, e, f] = multiply(viewport, item.transform as Matrix);
    if (Math.abs(b!) > 1e-3 || a! <= 0) return [];
    const height = Math.hypot(c!, d!);
    const font = `16px ${familyOf(item.fontName)}`;
    const measure = context
      ? (text: string) => {
          context.font = font;
          return context.measureText(text).width;
        }
      : undefined;
    return [{ str: item.str, hasEOL: item.hasEOL, left: e!, top: f! - height, width: item.width, height, ...(measure ? { measure } : {}) }];
  });
}

function multiply(m: Matrix, n: Matrix): number[] {
  return [
    m[0]! * n[0]! + m[2]! * n[1]!,
    m[1]! * n[0]! + m[3]! * n[1]!,
    m[0]! * n[2]! + m[2]! * n[3]!,
    m[1]! * n[2]! + m[3]! * n[3]!,
    m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
    m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
  ];
}
