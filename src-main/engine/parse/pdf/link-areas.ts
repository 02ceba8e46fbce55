import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { transformBox, type Matrix } from './matrix';
import type { Box } from './types';

/**
 * The areas of the page's links (`/Link` annotations), on the page as its text is placed (`pageMatrix`). A page whose
 * annotations cannot be read has none: they only tell a link from other underlined text.
 */
export async function linkAreasOf(page: PDFPageProxy, pageMatrix: Matrix): Promise<Box[]> {
  let annotations: unknown[];
  try {
    annotations = await page.getAnnotations({ intent: 'display' });
  } catch {
    return [];
  }
  return annotations.flatMap((annotation) => {
    const { subtype, rect } = annotation as { subtype?: unknown; rect?: unknown };
    if (subtype !== 'Link' || !Array.isArray(rect) || rect.length !== 4 || !rect.every(Number.isFinite)) return [];
    const [x1, y1, x2, y2] = rect as number[];
    const box = { left: Math.min(x1!, x2!), bottom: Math.min(y1!, y2!), right: Math.max(x1!, x2!), top: Math.max(y1!, y2!) };
    return [transformBox(box, pageMatrix)];
  });
}
