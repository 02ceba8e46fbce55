import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { applyMatrix, type Matrix } from './matrix';
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
    const corners = [applyMatrix(pageMatrix, x1!, y1!), applyMatrix(pageMatrix, x2!, y2!)];
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    return [{ left: Math.min(...xs), right: Math.max(...xs), bottom: Math.min(...ys), top: Math.max(...ys) }];
  });
}
