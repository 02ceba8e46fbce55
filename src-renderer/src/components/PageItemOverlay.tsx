import { useEffect, useMemo, useState } from 'react';
import type { PageItem } from '../../../src-shared/api';
import type { ChunkBox } from '../../../src-shared/chunk';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { labelColour } from '../item-label-colours';

/** An item's boxes on one page. */
export interface ItemOnPage {
  ref: string;
  label: string;
  order: number | null;
  boxes: ChunkBox[];
}

export interface PageItems {
  byPage: Map<number, ItemOnPage[]>;
  /** item count by label, most frequent first */
  labels: Array<[string, number]>;
  ordered: number;
}

/** The document's items on its pages, asked for once the overlay is first shown (most views never need them). */
export function usePageItems(documentId: string, wanted: boolean): { items: PageItems | null; error: string | null } {
  const [loaded, setLoaded] = useState<{ documentId: string; items: PageItems } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const have = loaded?.documentId === documentId;
  useEffect(() => {
    if (!wanted || have) return;
    let current = true;
    api
      .getPageItems({ documentId })
      .then(({ items }) => current && setLoaded({ documentId, items: pageItemsByPage(items) }))
      .catch((e: unknown) => current && setError(messageOf(e)));
    return () => {
      current = false;
    };
  }, [documentId, wanted, have]);
  return { items: have ? loaded.items : null, error };
}

function pageItemsByPage(items: readonly PageItem[]): PageItems {
  const byPage = new Map<number, ItemOnPage[]>();
  const labels = new Map<string, number>();
  for (const item of items) {
    labels.set(item.label, (labels.get(item.label) ?? 0) + 1);
    const pages = new Map<number, ChunkBox[]>();
    for (const box of item.boxes) pages.set(box.page, [...(pages.get(box.page) ?? []), box]);
    for (const [page, boxes] of pages) {
      const onPage = { ref: item.ref, label: item.label, order: item.order, boxes };
      const list = byPage.get(page);
      if (list) list.push(onPage);
      else byPage.set(page, [onPage]);
    }
  }
  return {
    byPage,
    labels: [...labels].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ordered: items.filter((item) => item.order !== null).length,
  };
}

/** The labels the overlay colours, and how many items of each the parse made: what the boxes on the pages mean. */
export function PageItemLegend({ items, error }: { items: PageItems | null; error: string | null }) {
  if (error) return <div className="page-legend error">items could not be read: {error}</div>;
  if (!items) return <div className="page-legend">reading the document's items…</div>;
  return (
    <div className="page-legend item-legend" data-testid="page-item-legend">
      <span>{items.ordered} items numbered in reading order, an arrow from each to the next; furniture dashed, unnumbered:</span>
      {items.labels.map(([label, count]) => (
        <span key={label} className="item-legend-entry">
          <span className="legend-swatch" style={{ borderColor: labelColour(label), background: `${labelColour(label)}26` }} />
          {label.replaceAll('_', ' ')} {count}
        </span>
      ))}
    </div>
  );
}

/** The size of an item's number on screen, in CSS pixels. */
const NUMBER_PX = 10;

interface PageItemOverlayProps {
  pageNo: number;
  /** the page's size in its own units (points), which the items' boxes use */
  width: number;
  height: number;
  scale: number;
  items: ItemOnPage[];
}

/**
 * One page's items as Docling's layout and reading-order visualisations draw them: a box per item in its label's colour,
 * numbered in reading order, an arrow from each item to the next. Drawn in the page's own units, so a zoom only scales it.
 */
export function PageItemOverlay({ pageNo, width, height, scale, items }: PageItemOverlayProps) {
  const arrows = useMemo(() => readingOrderArrows(items), [items]);
  const arrowId = `reading-order-arrow-${pageNo}`;
  // numbers keep one size on screen at every zoom, as the page's text does not
  const badge = NUMBER_PX / scale;
  return (
    <svg className="page-item-overlay" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      <defs>
        <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="reading-order-head" />
        </marker>
      </defs>
      {items.map((item) =>
        item.boxes.map((box, i) => (
          <g
            key={`${item.ref}-${i}`}
            data-testid={i === 0 ? 'page-item' : undefined}
            data-label={item.label}
            data-order={item.order ?? undefined}
          >
            <rect
              x={box.l}
              y={box.t}
              width={box.r - box.l}
              height={box.b - box.t}
              fill={`${labelColour(item.label)}1f`}
              stroke={labelColour(item.label)}
              strokeDasharray={item.order === null ? '4 3' : undefined}
              vectorEffect="non-scaling-stroke"
            >
              <title>{`${item.order === null ? '' : `${item.order + 1}. `}${item.label}`}</title>
            </rect>
            {i === 0 && (
              <text x={box.l - 1} y={box.t - 1.5} fontSize={badge} fill={labelColour(item.label)} className="page-item-number">
                {item.order === null ? item.label : `${item.order + 1} ${item.label}`}
              </text>
            )}
          </g>
        )),
      )}
      {arrows.map(([from, to], i) => (
        <line
          key={`arrow-${i}`}
          className="reading-order-arrow"
          x1={from.x}
          y1={from.y}
          x2={to.x}
          y2={to.y}
          markerEnd={`url(#${arrowId})`}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}

interface Point {
  x: number;
  y: number;
}

/** From the centre of each numbered item's first box to the next item's, when both lie on the page. */
function readingOrderArrows(items: readonly ItemOnPage[]): Array<[Point, Point]> {
  const ordered = items.filter((item) => item.order !== null).sort((a, b) => a.order! - b.order!);
  const centre = (box: ChunkBox): Point => ({ x: (box.l + box.r) / 2, y: (box.t + box.b) / 2 });
  const arrows: Array<[Point, Point]> = [];
  for (let i = 1; i < ordered.length; i++) {
    const [from, to] = [ordered[i - 1]!, ordered[i]!];
    if (to.order === from.order! + 1) arrows.push([centre(from.boxes[0]!), centre(to.boxes[0]!)]);
  }
  return arrows;
}
