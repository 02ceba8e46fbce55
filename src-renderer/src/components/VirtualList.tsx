import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { scrolledSincePinned, scrollTopShowing, type ScrollPin } from '../scroll-pin';

export interface VirtualListHandle {
  /**
   * Scrolls the row a third of the way down the view, and keeps it there while rows are measured until the list is
   * scrolled otherwise; with `hold: false` only jumps there (a caller that places the view itself once the rows are drawn).
   */
  scrollToIndex(index: number, options?: { hold?: boolean }): void;
  /** the scrolling element, for synchronised scrolling */
  element(): HTMLDivElement | null;
}

interface VirtualListProps {
  count: number;
  /** first guess of a row's height; rows are measured once rendered */
  estimatedRowHeight: number;
  renderRow(index: number): ReactNode;
  rowKey(index: number): string;
  ref?: Ref<VirtualListHandle>;
  className?: string;
  onScroll?(element: HTMLDivElement): void;
  testId?: string;
}

const OVERSCAN_PX = 600;

/**
 * A list that renders only the rows near the viewport, with rows of any height: each rendered row
 * is measured, again whenever its height changes, and the offsets of the rows after it follow.
 * 10,000 rows cost what 30 do. A row scrolled to stays where the jump put it while the rows around
 * it are measured, until the list is scrolled otherwise.
 */
export function VirtualList({ count, estimatedRowHeight, renderRow, rowKey, ref, className, onScroll, testId }: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measureVersion, setMeasureVersion] = useState(0);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const pin = useRef<ScrollPin | null>(null);

  // The measured heights are a cache filled while rows mount, without a render per row; measureVersion tells useMemo
  // that it changed. Copying it into state instead would copy the whole map for every row measured.
  /* eslint-disable react-hooks/refs, react-hooks/exhaustive-deps -- the cache is read here on purpose, versioned by measureVersion */
  const offsets = useMemo(() => {
    const result = new Float64Array(count + 1);
    for (let i = 0; i < count; i++) result[i + 1] = result[i]! + (heights.current.get(rowKey(i)) ?? estimatedRowHeight);
    return result;
  }, [count, rowKey, estimatedRowHeight, measureVersion]);
  /* eslint-enable react-hooks/refs, react-hooks/exhaustive-deps */

  const first = Math.max(0, upperBound(offsets, viewport.top - OVERSCAN_PX) - 1);
  const last = Math.min(count, upperBound(offsets, viewport.top + viewport.height + OVERSCAN_PX));

  const aimAtPin = (element: HTMLDivElement, target: ScrollPin) => {
    element.scrollTop = scrollTopShowing(offsets[target.index]!, element.clientHeight);
    target.scrollTop = element.scrollTop;
  };

  useImperativeHandle(ref, () => ({
    scrollToIndex(index, { hold = true } = {}) {
      const element = scroller.current;
      if (!element || index < 0 || index >= count) return;
      const target = { index, key: rowKey(index), scrollTop: 0 };
      aimAtPin(element, target);
      pin.current = hold ? target : null;
    },
    element: () => scroller.current,
  }));

  // The rows drawn after a jump are measured, and the offsets they were placed by change: aim at the pinned row again,
  // unless the list was scrolled since or no longer holds that row.
  /* eslint-disable react-hooks/exhaustive-deps -- runs when the offsets or the viewport's height change, reading the pin */
  useLayoutEffect(() => {
    const element = scroller.current;
    const target = pin.current;
    if (!element || !target) return;
    const maxScrollTop = element.scrollHeight - element.clientHeight;
    if (scrolledSincePinned(target, element.scrollTop, maxScrollTop) || target.index >= count || rowKey(target.index) !== target.key) {
      pin.current = null;
      return;
    }
    aimAtPin(element, target);
  }, [offsets, viewport.height]);
  /* eslint-enable react-hooks/exhaustive-deps */

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => setViewport({ top: element.scrollTop, height: element.clientHeight });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const measure = useCallback((key: string, element: HTMLElement) => {
    const height = element.offsetHeight;
    if (height > 0 && heights.current.get(key) !== height) {
      heights.current.set(key, height);
      setMeasureVersion((v) => v + 1);
    }
  }, []);

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const key = rowKey(i);
    rows.push(
      <MeasuredRow key={key} rowKey={key} top={offsets[i]!} onMeasure={measure}>
        {renderRow(i)}
      </MeasuredRow>,
    );
  }
  return (
    <div
      ref={scroller}
      className={className}
      data-testid={testId}
      style={{ overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => {
        const element = event.currentTarget;
        setViewport({ top: element.scrollTop, height: element.clientHeight });
        onScroll?.(element);
      }}
    >
      <div style={{ height: offsets[count], position: 'relative' }}>{rows}</div>
    </div>
  );
}

interface MeasuredRowProps {
  rowKey: string;
  top: number;
  onMeasure(key: string, element: HTMLElement): void;
  children: ReactNode;
}

/**
 * A row placed at its offset, measured after each render (before paint, so that rows never overlap on screen) and
 * whenever its height changes with no render of ours: a font that loads late or a fallback font for a script, an
 * image, a wrap at a new width.
 */
function MeasuredRow({ rowKey, top, onMeasure, children }: MeasuredRowProps) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => onMeasure(rowKey, element.current!));
  useLayoutEffect(() => {
    const row = element.current!;
    const resizes = new ResizeObserver(() => onMeasure(rowKey, row));
    resizes.observe(row);
    return () => resizes.disconnect();
  }, [rowKey, onMeasure]);
  return (
    <div ref={element} style={{ position: 'absolute', top, left: 0, right: 0 }}>
      {children}
    </div>
  );
}

/** Index of the first offset greater than `value`. */
function upperBound(offsets: Float64Array, value: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsets[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
