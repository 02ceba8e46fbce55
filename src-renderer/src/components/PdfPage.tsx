import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ChunkBox } from '../../../src-shared/chunk';
import { LEFT_OUT_REASONS, type CoveragePlace } from '../../../src-shared/evaluation';
import { samePlace } from '../coverage-places';
import type { LabBox } from '../lab-marks';
import type { PiiPageBox } from '../pii-page-boxes';
import { PageItemOverlay, type ItemOnPage } from './PageItemOverlay';

/** A chunk box's border lies this many pixels outside the glyphs it encloses, so that it covers none of them. */
const BOX_OUTSET = 3;
/** Pages this far outside the viewport are drawn already, so that scrolling finds them ready. */
const DRAW_AHEAD = '800px';

/** One line box of a chunk on its page; `position` is the chunk's index in the run. */
export interface ChunkOnPage {
  box: ChunkBox;
  position: number;
}

/** A line of text in no chunk, on its page; `index` is its place's position in the run's coverage. */
export interface LeftOutBox {
  box: ChunkBox;
  place: CoveragePlace;
  index: number;
}

interface PdfPageProps {
  pdf: PDFDocumentProxy | null;
  scroller: HTMLElement | null;
  scale: number;
  pageNo: number;
  width: number;
  height: number;
  boxes: readonly ChunkOnPage[];
  leftOut: readonly LeftOutBox[];
  pii: readonly PiiPageBox[];
  /** what the quality lab marks on the page: reference passages and retrieved chunks */
  lab: readonly LabBox[];
  items: ItemOnPage[] | null;
  focusedPlace: CoveragePlace | null;
  selectedIndex: number | null;
  /** chunks the chunk list's filters leave out: their boxes are drawn faint, as their bands in the text view */
  filteredOut: ReadonlySet<number>;
  onSelect(index: number): void;
  /** Compare A/B: B's boxes on this page */
  compareB?: { boxes: readonly ChunkOnPage[]; selectedIndex: number | null; onSelect(index: number): void } | undefined;
}

/**
 * One page: its canvas and its boxes exist only while it is near the viewport (a 300-page document keeps a few pages'
 * bitmaps and boxes, not all of them); the page itself keeps its size, so the column never moves.
 */
export function PdfPage(props: PdfPageProps) {
  const {
    pdf,
    scroller,
    scale,
    pageNo,
    width,
    height,
    boxes,
    leftOut,
    pii,
    lab,
    items,
    focusedPlace,
    selectedIndex,
    filteredOut,
    onSelect,
    compareB,
  } = props;
  // with Compare open, A's chunks are named A#n and B's B#n
  const sideA = compareB ? 'A' : '';
  const container = useRef<HTMLDivElement>(null);
  const near = useNearViewport(container, scroller);
  const canvas = usePageCanvas(pdf, near, pageNo, scale);
  const size = { width: width * scale, height: height * scale };
  const place = (box: ChunkBox, outset = 0) => ({
    left: box.l * scale - outset,
    top: box.t * scale - outset,
    width: (box.r - box.l) * scale + 2 * outset,
    height: (box.b - box.t) * scale + 2 * outset,
  });
  const labelled = new Set<number>();
  const labelledB = new Set<number>();

  return (
    <div className="page" ref={container} style={size} data-testid="pdf-page" data-page-no={pageNo} aria-label={`page ${pageNo}`}>
      <canvas ref={canvas} style={size} />
      {near &&
        boxes.map(({ box, position }, i) => {
          // a chunk's first box on the page carries its number and its place in the tab order; its other lines follow it
          const first = !labelled.has(position);
          labelled.add(position);
          return (
            <button
              key={i}
              type="button"
              className={`chunk-box band-${position % 2}${position === selectedIndex ? ' selected' : ''}${compareB ? ' side-a' : ''}${
                filteredOut.has(position) ? ' filtered-out' : ''
              }`}
              data-testid="chunk-box"
              data-chunk-index={position}
              tabIndex={first ? 0 : -1}
              aria-label={`chunk ${sideA}#${position}`}
              aria-pressed={position === selectedIndex}
              title={compareB ? `A#${position}` : `chunk #${position}`}
              style={place(box, BOX_OUTSET)}
              onClick={() => onSelect(position)}
            >
              {first && (
                <span className="chunk-box-label" data-testid="chunk-box-label">
                  {sideA}#{position}
                </span>
              )}
            </button>
          );
        })}
      {near &&
        compareB?.boxes.map(({ box, position }, i) => {
          const first = !labelledB.has(position);
          labelledB.add(position);
          return (
            <button
              key={`b-${i}`}
              type="button"
              className={`chunk-box side-b${position === compareB.selectedIndex ? ' selected' : ''}`}
              data-testid="chunk-box-b"
              data-chunk-index-b={position}
              tabIndex={first ? 0 : -1}
              aria-label={`chunk B#${position}`}
              aria-pressed={position === compareB.selectedIndex}
              title={`B#${position}`}
              style={place(box)}
              onClick={() => compareB.onSelect(position)}
            >
              {first && <span className="chunk-box-label side-b-label">B#{position}</span>}
            </button>
          );
        })}
      {near &&
        leftOut.map(({ box, place: leftOutPlace, index }, i) => (
          <div
            key={`left-out-${i}`}
            className={`left-out-box${samePlace(leftOutPlace, focusedPlace) ? ' focused' : ''}`}
            role="img"
            aria-label={`in no chunk (${leftOutPlace.reason}): ${leftOutPlace.text}`}
            title={`in no chunk: ${LEFT_OUT_REASONS[leftOutPlace.reason]}\n${leftOutPlace.text}`}
            data-testid="left-out-box"
            data-left-out-index={index}
            data-reason={leftOutPlace.reason}
            style={place(box)}
          />
        ))}
      {near &&
        lab.map(({ box, kind, label }, i) => (
          <div
            key={`lab-${i}`}
            className={`lab-box lab-${kind}`}
            role="img"
            aria-label={label}
            title={label}
            data-testid="lab-box"
            data-kind={kind}
            style={place(box)}
          />
        ))}
      {near &&
        pii.map(({ box, label }, i) => (
          <div
            key={`pii-${i}`}
            className="pii-box"
            role="img"
            aria-label={`personal data: ${label}`}
            title={`personal data: ${label}`}
            data-testid="pii-box"
            data-label={label}
            style={place(box)}
          />
        ))}
      {near && items && <PageItemOverlay pageNo={pageNo} width={width} height={height} scale={scale} items={items} />}
      <span className="page-number">{pageNo}</span>
    </div>
  );
}

/** Whether the element is within DRAW_AHEAD of the scroller's viewport; it follows scrolling both ways. */
function useNearViewport(element: React.RefObject<HTMLElement | null>, root: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || !root) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { root, rootMargin: DRAW_AHEAD });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, root]);
  return near;
}

/**
 * The page's canvas, drawn by pdf.js while the page is near: drawn off screen and copied in when done, so that a zoom
 * shows the page stretched until its sharp drawing replaces it, never blank; emptied when the page leaves, to free its bitmap.
 */
function usePageCanvas(pdf: PDFDocumentProxy | null, near: boolean, pageNo: number, scale: number) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const shown = canvas.current;
    if (!shown) return;
    if (!pdf || !near) {
      shown.width = 0;
      shown.height = 0;
      return;
    }
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    let cancelled = false;
    void pdf.getPage(pageNo).then((page) => {
      if (cancelled) return;
      // drawn at the screen's pixel density, shown at the page's size: sharp text on HiDPI screens
      const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
      const drawing = window.document.createElement('canvas');
      drawing.width = Math.floor(viewport.width);
      drawing.height = Math.floor(viewport.height);
      task = page.render({ canvas: drawing, viewport });
      task.promise
        .then(() => {
          if (cancelled) return;
          shown.width = drawing.width;
          shown.height = drawing.height;
          shown.getContext('2d')?.drawImage(drawing, 0, 0);
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, near, pageNo, scale]);
  return canvas;
}
