import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ChunkSummary, DocumentView } from '../../../src-shared/api';
import type { ChunkBox } from '../../../src-shared/chunk';
import { api } from '../api/host';
import { samePlace } from '../coverage-places';
import { messageOf } from '../api/errors';
import { useLabMarks, type LabBox } from '../lab-marks';
import { useLabStore } from '../stores/lab-store';
import { anchorAt, pageTops, scrollTopOf, type ScrollAnchor } from '../page-geometry';
import { FIT_WIDTH, fitWidthScale, rememberedZoom, rememberZoom, steppedScale, type PageZoom } from '../page-zoom';
import { useChunkListView } from '../stores/chunk-list-store';
import { useChunkStore } from '../stores/chunk-store';
import { useCoverageStore } from '../stores/coverage-store';
import { useDocumentStore } from '../stores/document-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { useUiStore } from '../stores/ui-store';
import type { PiiPageBox } from '../pii-page-boxes';
import { PageItemLegend, usePageItems } from './PageItemOverlay';
import { PdfPage, type ChunkOnPage, type LeftOutBox } from './PdfPage';
import { usePiiPageBoxes, type PiiOnPages } from './use-pii-page-boxes';

/** Where in the viewport a box the view scrolls to lands: a third down, with what leads to it above. */
const LANDING = 1 / 3;
/** A page gone to lands at the top, its shadow showing. */
const PAGE_LANDING_PX = 6;

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
 * The PDF's pages drawn by pdf.js with every chunk's line boxes over them, numbered (with `compareB`, B's too); the lines of text that no chunk
 * holds painted; optionally the parse's items by type and reading order. Selection is shared with the text view; the
 * zoom is remembered per document and keeps the point under the viewport's centre in place.
 */
export function PdfPageView({ document, compareB }: { document: DocumentView; compareB?: PageBoxesOfB }) {
  // kept with the document it was loaded for: another document's pages never show under this one's boxes
  const [loaded, setLoaded] = useState<{ documentId: string; pdf: PDFDocumentProxy } | null>(null);
  const [failed, setFailed] = useState<{ documentId: string; error: string } | null>(null);
  const pdf = loaded?.documentId === document.documentId ? loaded.pdf : null;
  const error = failed?.documentId === document.documentId ? failed.error : null;
  const password = useDocumentStore((s) => s.documentPassword);
  const run = useChunkStore((s) => s.run);
  const selectedIndex = useChunkStore((s) => s.selectedIndex);
  const select = useChunkStore((s) => s.select);
  const coverage = useCoverageStore((s) => s.coverage?.coverage);
  const placeTarget = useUiStore((s) => s.placeTarget);
  const showItems = useUiStore((s) => s.pageItemsShown);
  const toggleItems = useUiStore((s) => s.togglePageItems);
  const piiValues = useEnrichmentStore((s) => s.result?.piiValues);
  // the chunk list and its filters show beside the document's own pages, not beside Compare's
  const listView = useChunkListView();
  const filteredOut = compareB ? NO_CHUNKS : listView.filteredOut;
  // the element, for the pages' visibility and the zoom's width; the ref, to scroll it
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollerRef.current = element;
    setScroller(element);
  }, []);
  const pages = document.pages;
  const { zoom, setZoom, scale, measured } = usePageZoom(document.documentId, scroller, pages);
  const tops = useMemo(() => pageTops(pages, scale), [pages, scale]);
  const pageIndexOf = useMemo(() => new Map(pages.map((page, index) => [page.pageNo, index])), [pages]);
  const { items, error: itemsError } = usePageItems(document.documentId, showItems);

  const documentId = document.documentId;
  useEffect(() => {
    let current = true;
    let proxy: PDFDocumentProxy | null = null;
    api
      .getPdfBytes({ documentId })
      .then(({ bytes }) => loadPdf(bytes, password))
      .then((opened) => {
        proxy = opened;
        if (current) setLoaded({ documentId, pdf: opened });
        else void opened.destroy();
      })
      .catch((e: unknown) => current && setFailed({ documentId, error: messageOf(e) }));
    return () => {
      current = false;
      void proxy?.destroy();
    };
  }, [documentId, password]);

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

  // The point the view holds in place through a zoom: the viewport's centre as the user scrolls, or a box scrolled to.
  const anchor = useRef<ScrollAnchor | null>(null);
  const [currentPage, setCurrentPage] = useState(pages[0]?.pageNo ?? 1);
  const onScroll = () => {
    const element = scrollerRef.current;
    if (!element) return;
    anchor.current = anchorAt(pages, scale, element.scrollTop - firstPageTopOf(element), element.clientHeight / 2, tops);
    const page = anchor.current && pages[anchor.current.pageIndex];
    if (page) setCurrentPage(page.pageNo);
  };

  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element || !anchor.current) return;
    element.scrollTop = scrollTopOf(anchor.current, pages, scale, tops) + firstPageTopOf(element);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new zoom moves the pages under the anchor
  }, [scale]);

  /** Scrolls a box into view unless all of it shows (a third down the view, or `offset` pixels down), and holds it there through zooms. */
  const scrollToBox = useCallback(
    (box: ChunkBox, offset?: number) => {
      const element = scrollerRef.current;
      const pageIndex = pageIndexOf.get(box.page);
      if (!element || pageIndex === undefined) return;
      const pageTop = firstPageTopOf(element) + tops[pageIndex]!;
      const [top, bottom] = [pageTop + box.t * scale, pageTop + box.b * scale];
      if (top >= element.scrollTop && bottom <= element.scrollTop + element.clientHeight) return;
      const viewportOffset = offset ?? element.clientHeight * LANDING;
      anchor.current = { pageIndex, fraction: box.t / pages[pageIndex]!.height, viewportOffset };
      // the scroll event that follows names the page in the toolbar
      element.scrollTop = top - viewportOffset;
    },
    [pageIndexOf, pages, tops, scale],
  );

  // The selected chunk is scrolled to once the pages have their size: on opening the view, and on each new selection.
  const shownSelection = useRef<{ index: number | null; run: unknown } | null>(null);
  useLayoutEffect(() => {
    if (!measured) return;
    if (shownSelection.current?.index === selectedIndex && shownSelection.current.run === run) return;
    const box = selectedIndex === null ? undefined : run?.chunks[selectedIndex]?.bboxes[0];
    shownSelection.current = { index: selectedIndex, run };
    if (box) scrollToBox(box);
  }, [measured, selectedIndex, run, scrollToBox]);

  useEffect(() => {
    const box = selectedB === null ? undefined : chunksB?.[selectedB]?.bboxes[0];
    if (box) scrollToBox(box);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new selection of B, not a new zoom, scrolls
  }, [selectedB, chunksB]);

  useEffect(() => {
    const place = placeTarget ? coverage?.places.find((candidate) => samePlace(candidate, placeTarget.place)) : undefined;
    const box = place?.bboxes[0];
    if (box) scrollToBox(box);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request, not a new zoom, scrolls
  }, [placeTarget, coverage]);

  const pii = usePiiPageBoxes(pdf, piiValues);
  const lab = useLabMarks(documentId);
  const labFocus = useLabStore((s) => s.focus);
  useEffect(() => {
    const box = labFocus?.place.documentId === documentId ? labFocus.place.bboxes[0] : undefined;
    if (box) scrollToBox(box);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request, not a new zoom, scrolls
  }, [labFocus, documentId]);

  if (error) return <p className="error-banner">{error}</p>;
  const goToPage = (pageNo: number) => {
    const page = pages.find((candidate) => candidate.pageNo === pageNo);
    if (page) scrollToBox({ page: pageNo, l: 0, t: 0, r: page.width, b: page.height }, PAGE_LANDING_PX);
  };
  return (
    <div className="page-view-frame">
      <PageToolbar
        pageCount={pages.length}
        firstPage={pages[0]?.pageNo ?? 1}
        currentPage={currentPage}
        onPage={goToPage}
        zoom={zoom}
        scale={scale}
        onZoom={setZoom}
        itemsShown={showItems}
        onToggleItems={toggleItems}
      />
      {showItems && <PageItemLegend items={items} error={itemsError} />}
      <div className="page-view" ref={attachScroller} onScroll={onScroll} data-testid="page-view" data-scale={scale.toFixed(3)}>
        {piiValues && piiValues.length > 0 && <PiiLegend pii={pii} valueCount={piiValues.length} pageCount={pdf?.numPages ?? 0} />}
        {pages.map((page) => (
          <PdfPage
            key={page.pageNo}
            pdf={pdf}
            scroller={scroller}
            scale={scale}
            pageNo={page.pageNo}
            width={page.width}
            height={page.height}
            boxes={boxesByPage.get(page.pageNo) ?? NO_BOXES}
            leftOut={leftOutByPage.get(page.pageNo) ?? NO_LEFT_OUT}
            pii={pii.byPage.get(page.pageNo) ?? NO_PII}
            lab={lab.boxesByPage.get(page.pageNo) ?? NO_LAB}
            items={showItems ? (items?.byPage.get(page.pageNo) ?? null) : null}
            focusedPlace={placeTarget?.place ?? null}
            selectedIndex={selectedIndex}
            filteredOut={filteredOut}
            onSelect={select}
            compareB={
              compareB && { boxes: boxesOfBByPage?.get(page.pageNo) ?? NO_BOXES, selectedIndex: selectedB, onSelect: compareB.onSelect }
            }
          />
        ))}
      </div>
    </div>
  );
}

/** Each page's chunk boxes: a box per line a chunk's characters lie on, with the chunk's position in its run. */
function boxesByPageOf(chunks: readonly ChunkSummary[]): Map<number, ChunkOnPage[]> {
  const byPage = new Map<number, ChunkOnPage[]>();
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

/** Where the first page starts in the scrolled column, below what the column shows above the pages (a legend). */
function firstPageTopOf(scroller: HTMLElement): number {
  return scroller.querySelector<HTMLElement>('.page')?.offsetTop ?? 0;
}

const NO_BOXES: readonly ChunkOnPage[] = [];
const NO_LEFT_OUT: readonly LeftOutBox[] = [];
const NO_PII: readonly PiiPageBox[] = [];
const NO_LAB: readonly LabBox[] = [];
const NO_CHUNKS: ReadonlySet<number> = new Set();

/**
 * The document's zoom: remembered per document (fit width until the user zooms), the fitting scale following the view's
 * width. `measured` turns true once the view's width is known, before the first paint, so the pages never jump.
 */
function usePageZoom(documentId: string, scroller: HTMLElement | null, pages: DocumentView['pages']) {
  const [zoom, setZoomState] = useState<{ documentId: string; zoom: PageZoom }>(() => ({
    documentId,
    zoom: rememberedZoom(documentId) ?? FIT_WIDTH,
  }));
  const [fitScale, setFitScale] = useState<number | null>(null);
  const widestPage = Math.max(1, ...pages.map((page) => page.width));
  useLayoutEffect(() => {
    if (!scroller) return;
    const fit = () => setFitScale(fitWidthScale(scroller.clientWidth, widestPage));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller, widestPage]);
  // a preview's id and the whole document's differ: an unremembered document keeps the zoom shown
  const current = zoom.documentId === documentId ? zoom.zoom : (rememberedZoom(documentId) ?? zoom.zoom);
  const setZoom = useCallback(
    (next: PageZoom) => {
      rememberZoom(documentId, next);
      setZoomState({ documentId, zoom: next });
    },
    [documentId],
  );
  const scale = current.fit ? (fitScale ?? 1) : current.scale;
  return { zoom: current, setZoom, scale, measured: fitScale !== null };
}

interface PageToolbarProps {
  pageCount: number;
  firstPage: number;
  currentPage: number;
  onPage(pageNo: number): void;
  zoom: PageZoom;
  scale: number;
  onZoom(zoom: PageZoom): void;
  itemsShown: boolean;
  onToggleItems(): void;
}

/** Page number (type one to go there), zoom (fit width, 100 %, − and +) and the overlay of items. */
function PageToolbar({ pageCount, firstPage, currentPage, onPage, zoom, scale, onZoom, itemsShown, onToggleItems }: PageToolbarProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    const pageNo = Number(typed);
    if (typed !== null && Number.isInteger(pageNo)) onPage(pageNo);
    setTyped(null);
  };
  return (
    <div className="page-toolbar" role="toolbar" aria-label="pages" data-testid="page-toolbar">
      <label className="page-jump">
        Page{' '}
        <input
          type="number"
          min={firstPage}
          max={firstPage + pageCount - 1}
          value={typed ?? currentPage}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
          onBlur={commit}
          data-testid="page-number-input"
        />{' '}
        <span data-testid="page-count">of {pageCount}</span>
      </label>
      <span className="page-zoom" role="group" aria-label="zoom">
        <button
          type="button"
          onClick={() => onZoom({ fit: false, scale: steppedScale(scale, -1) })}
          aria-label="zoom out"
          data-testid="zoom-out"
        >
          −
        </button>
        <span className="zoom-value" data-testid="zoom-value">
          {Math.round(scale * 100)} %
        </span>
        <button
          type="button"
          onClick={() => onZoom({ fit: false, scale: steppedScale(scale, 1) })}
          aria-label="zoom in"
          data-testid="zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className={zoom.fit ? 'active' : ''}
          aria-pressed={zoom.fit}
          onClick={() => onZoom(FIT_WIDTH)}
          data-testid="zoom-fit"
        >
          Fit width
        </button>
        <button
          type="button"
          className={!zoom.fit && zoom.scale === 1 ? 'active' : ''}
          aria-pressed={!zoom.fit && zoom.scale === 1}
          onClick={() => onZoom({ fit: false, scale: 1 })}
          data-testid="zoom-actual"
        >
          100 %
        </button>
      </span>
      <label className="page-items-toggle" title="the parse's items: a box per item coloured by its type, numbered in reading order">
        <input type="checkbox" checked={itemsShown} onChange={onToggleItems} data-testid="page-items-toggle" /> Items &amp; reading order
      </label>
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
