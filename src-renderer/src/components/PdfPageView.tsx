import { useEffect, useMemo, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ChunkSummary, DocumentView } from '../../../src-shared/api';
import type { ChunkBox } from '../../../src-shared/chunk';
import { LEFT_OUT_REASONS, type CoveragePlace } from '../../../src-shared/evaluation';
import { api } from '../api/host';
import { samePlace } from '../coverage-places';
import { useLabMarks, type LabBox } from '../lab-marks';
import { useLabStore } from '../stores/lab-store';
import { messageOf } from '../api/errors';
import { useChunkStore } from '../stores/chunk-store';
import { useCoverageStore } from '../stores/coverage-store';
import { useDocumentStore } from '../stores/document-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { useUiStore } from '../stores/ui-store';
import type { PiiPageBox } from '../pii-page-boxes';
import { usePiiPageBoxes, type PiiOnPages } from './use-pii-page-boxes';

/** Pages fit the view's width, within these zoom bounds. */
const MIN_SCALE = 0.5;
const MAX_SCALE = 2;
/** A chunk box's border lies this many pixels outside the glyphs it encloses, so that it covers none of them. */
const BOX_OUTSET = 3;

/** Where the build puts the data pdf.js fetches by name (electron.vite.config.ts). */
function pdfjsDataUrl(folder: string): string {
  return new URL(`pdfjs/${folder}/`, document.baseURI).href;
}

/**
 * pdf.js only loads when a page view opens: most documents never need its 1 MB. Fonts a PDF does not
 * embed come from pdf.js's own set rather than the system's, so a page looks the same on every
 * machine; the image decoders run as JavaScript because the CSP forbids compiling WebAssembly.
 */
async function loadPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  const [pdfjs, { default: workerUrl }] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({
    data: bytes,
    ...(password === undefined ? {} : { password }),
    cMapUrl: pdfjsDataUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: pdfjsDataUrl('standard_fonts'),
    useSystemFonts: false,
    wasmUrl: pdfjsDataUrl('wasm'),
    useWasm: false,
  }).promise;
}

/** Compare A/B on the pages: config B's chunks, drawn beside A's in a colour of their own. */
export interface PageBoxesOfB {
  chunks: readonly ChunkSummary[];
  selectedIndex: number | null;
  onSelect(index: number): void;
}

/**
 * The PDF's pages drawn by pdf.js with every chunk's boxes over them, and the lines of text that no
 * chunk holds painted; selection shared with the text view. With `compareB`, B's boxes too.
 */
export function PdfPageView({ document, compareB }: { document: DocumentView; compareB?: PageBoxesOfB }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const password = useDocumentStore((s) => s.documentPassword);
  const run = useChunkStore((s) => s.run);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const coverage = useCoverageStore((s) => s.coverage?.coverage);
  const placeTarget = useUiStore((s) => s.placeTarget);
  const piiValues = useEnrichmentStore((s) => s.result?.piiValues);
  const scroller = useRef<HTMLDivElement>(null);
  const scale = useFittingScale(scroller, Math.max(1, ...document.pages.map((page) => page.width)));

  useEffect(() => {
    let current = true;
    let loaded: PDFDocumentProxy | null = null;
    api
      .getPdfBytes({ documentId: document.documentId })
      .then(({ bytes }) => loadPdf(bytes, password))
      .then((proxy) => {
        loaded = proxy;
        if (current) setPdf(proxy);
        else void proxy.destroy();
      })
      .catch((e: unknown) => current && setError(messageOf(e)));
    return () => {
      current = false;
      void loaded?.destroy();
    };
  }, [document.documentId, password]);

  const boxesByPage = useMemo(() => boxesByPageOf(run?.chunks ?? []), [run]);
  const chunksB = compareB?.chunks;
  const boxesOfBByPage = useMemo(() => (chunksB ? boxesByPageOf(chunksB) : null), [chunksB]);
  const selectedB = compareB?.selectedIndex ?? null;

  const leftOutByPage = useMemo(() => {
    const byPage = new Map<number, LeftOutBox[]>();
    coverage?.places.forEach((place, index) => {
      for (const box of place.bboxes) {
        const boxes = byPage.get(box.page);
        if (boxes) boxes.push({ box, place, index });
        else byPage.set(box.page, [{ box, place, index }]);
      }
    });
    return byPage;
  }, [coverage]);

  useEffect(() => {
    const index = placeTarget ? coverage?.places.findIndex((place) => samePlace(place, placeTarget.place)) : undefined;
    if (index === undefined || index < 0) return;
    scroller.current?.querySelector<HTMLElement>(`[data-left-out-index="${index}"]`)?.scrollIntoView({ block: 'center' });
  }, [placeTarget, coverage]);

  useEffect(() => {
    const page = selectedIndex === null ? undefined : run?.chunks[selectedIndex]?.bboxes[0];
    if (!page) return;
    const box = scroller.current?.querySelector<HTMLElement>(`[data-chunk-index="${selectedIndex}"]`);
    box?.scrollIntoView({ block: 'center' });
  }, [selectedIndex, run]);

  useEffect(() => {
    if (selectedB === null) return;
    scroller.current?.querySelector<HTMLElement>(`[data-chunk-index-b="${selectedB}"]`)?.scrollIntoView({ block: 'center' });
  }, [selectedB, chunksB]);

  const pii = usePiiPageBoxes(pdf, piiValues);
  const lab = useLabMarks(document.documentId);
  const labFocus = useLabStore((s) => s.focus);
  useEffect(() => {
    const box = labFocus?.place.documentId === document.documentId ? labFocus?.place.bboxes[0] : undefined;
    if (!box) return;
    const view = scroller.current;
    const page = view?.querySelector<HTMLElement>(`[data-page-no="${box.page}"]`);
    if (!view || !page) return;
    const pageTop = page.getBoundingClientRect().top - view.getBoundingClientRect().top;
    view.scrollTop += pageTop + box.t * scale - view.clientHeight / 3;
  }, [labFocus, document.documentId, scale]);

  if (error) return <p className="error-banner">{error}</p>;
  return (
    <div className="page-view" ref={scroller} data-testid="page-view">
      {piiValues && piiValues.length > 0 && <PiiLegend pii={pii} valueCount={piiValues.length} pageCount={pdf?.numPages ?? 0} />}
      {document.pages.map((page) => (
        <PdfPage
          key={page.pageNo}
          pdf={pdf}
          scale={scale}
          pageNo={page.pageNo}
          width={page.width}
          height={page.height}
          boxes={boxesByPage.get(page.pageNo) ?? []}
          leftOut={leftOutByPage.get(page.pageNo) ?? NO_LEFT_OUT}
          pii={pii.byPage.get(page.pageNo) ?? NO_PII}
          lab={lab.boxesByPage.get(page.pageNo) ?? NO_LAB}
          focusedPlace={placeTarget?.place ?? null}
          selectedIndex={selectedIndex}
          onSelect={select}
          compareB={compareB && { boxes: boxesOfBByPage?.get(page.pageNo) ?? [], selectedIndex: selectedB, onSelect: compareB.onSelect }}
        />
      ))}
    </div>
  );
}

/** What the marks on the pages mean, and the values of the run no page's text shows (the user sees what is not marked). */
function PiiLegend({ pii, valueCount, pageCount }: { pii: PiiOnPages; valueCount: number; pageCount: number }) {
  const marked = new Set([...pii.byPage.values()].flatMap((boxes) => boxes.map((box) => box.text))).size;
  return (
    <div className="page-legend" data-testid="page-pii-legend">
      <span className="legend-swatch chunk" /> chunk lines <span className="legend-swatch left-out" /> text in no chunk{' '}
      <span className="legend-swatch pii" /> personal data:{' '}
      <span data-testid="page-pii-count">
        {marked} of {valueCount} values marked
      </span>
      {(pageCount === 0 || pii.pagesRead < pageCount) && ` (reading page ${pii.pagesRead + 1} of ${pageCount || '…'}…)`}
      {pii.unlocated.length > 0 && (
        <span className="unlocated" title={pii.unlocated.map((value) => `${value.label}: ${value.text}`).join('\n')}>
          {' '}
          · not found in the pages' text: {pii.unlocated.map((value) => value.label).join(', ')}
        </span>
      )}
    </div>
  );
}

/** Each page's chunk boxes: a box per line a chunk's characters lie on, with the chunk's position in its run. */
function boxesByPageOf(chunks: readonly ChunkSummary[]): Map<number, ChunkBoxOf[]> {
  const byPage = new Map<number, ChunkBoxOf[]>();
  chunks.forEach((chunk, position) => {
    for (const box of chunk.bboxes) {
      const boxes = byPage.get(box.page);
      // A chunk has a box per line: copying the page's list for each would be quadratic in its lines.
      if (boxes) boxes.push({ box, position });
      else byPage.set(box.page, [{ box, position }]);
    }
  });
  return byPage;
}

interface ChunkBoxOf {
  box: ChunkBox;
  position: number;
}

/** The zoom at which the widest page fills the view, following the view's size. */
function useFittingScale(element: React.RefObject<HTMLDivElement | null>, widestPage: number): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const fit = () => setScale(Math.min(MAX_SCALE, Math.max(MIN_SCALE, (target.clientWidth - 24) / widestPage)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, widestPage]);
  return scale;
}

/** A line of text in no chunk, on its page; `index` is its place's position in the run's coverage. */
interface LeftOutBox {
  box: ChunkBox;
  place: CoveragePlace;
  index: number;
}

const NO_LEFT_OUT: readonly LeftOutBox[] = [];
const NO_PII: readonly PiiPageBox[] = [];
const NO_LAB: readonly LabBox[] = [];

interface PdfPageProps {
  pdf: PDFDocumentProxy | null;
  scale: number;
  pageNo: number;
  width: number;
  height: number;
  boxes: ReadonlyArray<{ box: ChunkBox; position: number }>;
  leftOut: readonly LeftOutBox[];
  pii: readonly PiiPageBox[];
  /** what the quality lab marks on the page: reference passages and retrieved chunks */
  lab: readonly LabBox[];
  focusedPlace: CoveragePlace | null;
  selectedIndex: number | null;
  onSelect(index: number): void;
  /** Compare A/B: B's boxes on this page */
  compareB?: { boxes: readonly ChunkBoxOf[]; selectedIndex: number | null; onSelect(index: number): void } | undefined;
}

/** One page: its canvas is drawn once it scrolls near the viewport. */
function PdfPage({
  pdf,
  scale,
  pageNo,
  width,
  height,
  boxes,
  leftOut,
  pii,
  lab,
  focusedPlace,
  selectedIndex,
  onSelect,
  compareB,
}: PdfPageProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setVisible(true), { rootMargin: '600px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || !visible || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    void pdf.getPage(pageNo).then((page) => {
      if (cancelled || !canvas.current) return;
      // drawn at the screen's pixel density, shown at the page's size: sharp text on HiDPI screens
      const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
      canvas.current.width = Math.floor(viewport.width);
      canvas.current.height = Math.floor(viewport.height);
      task = page.render({ canvas: canvas.current, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, visible, pageNo, scale]);

  return (
    <div
      className="page"
      ref={container}
      style={{ width: width * scale, height: height * scale }}
      data-testid="pdf-page"
      data-page-no={pageNo}
    >
      <canvas ref={canvas} style={{ width: width * scale, height: height * scale }} />
      {boxes.map(({ box, position }, i) => (
        <button
          key={i}
          type="button"
          className={`chunk-box band-${position % 2}${position === selectedIndex ? ' selected' : ''}${compareB ? ' side-a' : ''}`}
          data-testid="chunk-box"
          data-chunk-index={position}
          title={compareB ? `A#${position}` : `chunk #${position}`}
          style={{
            left: box.l * scale - BOX_OUTSET,
            top: box.t * scale - BOX_OUTSET,
            width: (box.r - box.l) * scale + 2 * BOX_OUTSET,
            height: (box.b - box.t) * scale + 2 * BOX_OUTSET,
          }}
          onClick={() => onSelect(position)}
        />
      ))}
      {compareB?.boxes.map(({ box, position }, i) => (
        <button
          key={`b-${i}`}
          type="button"
          className={`chunk-box side-b${position === compareB.selectedIndex ? ' selected' : ''}`}
          data-testid="chunk-box-b"
          data-chunk-index-b={position}
          title={`B#${position}`}
          style={{ left: box.l * scale, top: box.t * scale, width: (box.r - box.l) * scale, height: (box.b - box.t) * scale }}
          onClick={() => compareB.onSelect(position)}
        />
      ))}
      {leftOut.map(({ box, place, index }, i) => (
        <div
          key={`left-out-${i}`}
          className={`left-out-box${samePlace(place, focusedPlace) ? ' focused' : ''}`}
          role="img"
          aria-label={`in no chunk (${place.reason}): ${place.text}`}
          title={`in no chunk: ${LEFT_OUT_REASONS[place.reason]}\n${place.text}`}
          data-testid="left-out-box"
          data-left-out-index={index}
          data-reason={place.reason}
          style={{ left: box.l * scale, top: box.t * scale, width: (box.r - box.l) * scale, height: (box.b - box.t) * scale }}
        />
      ))}
      {lab.map(({ box, kind, label }, i) => (
        <div
          key={`lab-${i}`}
          className={`lab-box lab-${kind}`}
          role="img"
          aria-label={label}
          title={label}
          data-testid="lab-box"
          data-kind={kind}
          style={{ left: box.l * scale, top: box.t * scale, width: (box.r - box.l) * scale, height: (box.b - box.t) * scale }}
        />
      ))}
      {pii.map(({ box, label }, i) => (
        <div
          key={`pii-${i}`}
          className="pii-box"
          role="img"
          aria-label={`personal data: ${label}`}
          title={`personal data: ${label}`}
          data-testid="pii-box"
          data-label={label}
          style={{ left: box.l * scale, top: box.t * scale, width: (box.r - box.l) * scale, height: (box.b - box.t) * scale }}
        />
      ))}
    </div>
  );
}
