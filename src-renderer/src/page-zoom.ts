/** The page view's zoom: fit to the view's width, or a scale the user chose, remembered per document. */
export type PageZoom = { fit: true } | { fit: false; scale: number };

export const FIT_WIDTH: PageZoom = { fit: true };
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** The scales + and − step through, as a PDF reader's. */
const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];
/** Room left beside the widest page when it fits the width: the view's padding (styles.css .page-view), a little more. */
const FIT_MARGIN = 44;

export function fitWidthScale(viewWidth: number, widestPage: number): number {
  return clampScale((viewWidth - FIT_MARGIN) / Math.max(1, widestPage));
}

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The next step above (`direction` 1) or below (-1) the current scale, which need not be a step (fit width gives any). */
export function steppedScale(scale: number, direction: 1 | -1): number {
  const tolerance = 0.005;
  const next =
    direction > 0 ? ZOOM_STEPS.find((step) => step > scale + tolerance) : ZOOM_STEPS.findLast((step) => step < scale - tolerance);
  return next ?? (direction > 0 ? MAX_SCALE : MIN_SCALE);
}

const STORAGE_KEY = 'stratum.pageZoom';
/** Documents whose zoom is kept: the most recently zoomed ones. */
const REMEMBERED_DOCUMENTS = 50;

/** Where remembered zooms live: the browser's storage, or a test's. */
export interface ZoomStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readAll(storage: ZoomStorage): Record<string, PageZoom> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, PageZoom>) : {};
  } catch {
    // a value another version wrote, or a hand edit: forgetting the zooms costs nothing
    return {};
  }
}

export function rememberedZoom(documentId: string, storage: ZoomStorage = localStorage): PageZoom | null {
  const zoom = readAll(storage)[documentId];
  if (zoom?.fit === true) return FIT_WIDTH;
  if (zoom?.fit === false && typeof zoom.scale === 'number' && Number.isFinite(zoom.scale))
    return { fit: false, scale: clampScale(zoom.scale) };
  return null;
}

export function rememberZoom(documentId: string, zoom: PageZoom, storage: ZoomStorage = localStorage): void {
  const all = readAll(storage);
  // re-inserted last: the keys' order is the order documents were last zoomed in
  delete all[documentId];
  all[documentId] = zoom;
  const kept = Object.entries(all).slice(-REMEMBERED_DOCUMENTS);
  storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
}
