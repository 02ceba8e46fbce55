import { forwardRef, useMemo, useState } from 'react';
import type { SweepRow } from '../../../src-shared/retrieval';

export type LabChartKind = 'recall' | 'iou';

interface Axis {
  key: 'tokensRead' | 'chunks' | 'recall' | 'iou';
  title: string;
  /** shown as a percentage */
  percent: boolean;
}

const AXES: Record<LabChartKind, { x: Axis; y: Axis; front: 'paretoRecall' | 'paretoIou' }> = {
  recall: {
    x: { key: 'tokensRead', title: 'tokens read per question', percent: false },
    y: { key: 'recall', title: 'recall (%)', percent: true },
    front: 'paretoRecall',
  },
  iou: {
    x: { key: 'chunks', title: 'chunks', percent: false },
    y: { key: 'iou', title: 'IoU (%)', percent: true },
    front: 'paretoIou',
  },
};

/** Series colours that read on light and dark backgrounds alike. */
const PALETTE = ['#2563eb', '#d97706', '#16a34a', '#c026d3', '#dc2626', '#0891b2', '#7c3aed', '#65a30d'];
const WIDTH = 640;
const HEIGHT = 360;
const MARGIN = { left: 56, right: 150, top: 16, bottom: 44 };

/**
 * About `count` round tick values covering [min, max]: the last tick is at or past `max`, since the
 * axis ends at it and a point beyond it would be drawn outside the chart.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min];
  const rough = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  const first = Math.ceil(min / step);
  for (let index = first; ticks.length < 50; index++) {
    // rounded: 3 × 0.2 is 0.6000000000000001 in binary
    const value = Number((index * step).toPrecision(12));
    ticks.push(value);
    if (value >= max - step * 1e-9) break;
  }
  return ticks;
}

function format(value: number, percent: boolean): string {
  return percent ? (value * 100).toFixed(1) : Math.round(value).toLocaleString('en');
}

/**
 * A sweep as a scatter chart: recall against tokens read (or IoU against chunk count), a series per
 * strategy, the Pareto front ringed and joined; hovering a point shows its config and values. The
 * SVG carries its own colours, so that what is exported looks as it does on screen.
 */
export const LabChart = forwardRef<SVGSVGElement, { rows: readonly SweepRow[]; kind: LabChartKind; k: number }>(function LabChart(
  { rows, kind, k },
  ref,
) {
  const [hovered, setHovered] = useState<number | null>(null);
  const { x, y, front } = AXES[kind];
  const strategies = useMemo(() => [...new Set(rows.map((row) => row.strategy))], [rows]);
  const xs = rows.map((row) => row[x.key]);
  const ys = rows.map((row) => row[y.key]);
  const xTicks = niceTicks(Math.min(0, ...xs), Math.max(1, ...xs) * 1.05);
  const yTicks = niceTicks(0, Math.min(1, Math.max(0.1, ...ys) * 1.1));
  const [xMax, yMax] = [xTicks.at(-1)!, yTicks.at(-1)!];
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (value: number) => MARGIN.left + (value / xMax) * plotWidth;
  const sy = (value: number) => MARGIN.top + plotHeight - (value / yMax) * plotHeight;
  const frontPoints = rows
    .filter((row) => row[front])
    .sort((a, b) => a[x.key] - b[x.key])
    .map((row) => `${sx(row[x.key])},${sy(row[y.key])}`)
    .join(' ');
  const hoveredRow = hovered === null ? undefined : rows[hovered];

  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="lab-chart"
      role="img"
      aria-label={`${y.title} against ${x.title}, top ${k}`}
      data-testid={`lab-chart-${kind}`}
      fontFamily="system-ui, sans-serif"
      fontSize="11"
    >
      <rect className="chart-background" x="0" y="0" width={WIDTH} height={HEIGHT} fill="transparent" />
      {yTicks.map((tick) => (
        <g key={`y${tick}`}>
          <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={sy(tick)} y2={sy(tick)} stroke="currentColor" strokeOpacity="0.12" />
          <text x={MARGIN.left - 6} y={sy(tick) + 4} textAnchor="end" fill="currentColor">
            {format(tick, y.percent)}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <g key={`x${tick}`}>
          <line x1={sx(tick)} x2={sx(tick)} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight + 4} stroke="currentColor" />
          <text x={sx(tick)} y={MARGIN.top + plotHeight + 16} textAnchor="middle" fill="currentColor">
            {format(tick, x.percent)}
          </text>
        </g>
      ))}
      <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight} stroke="currentColor" />
      <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={MARGIN.top + plotHeight} stroke="currentColor" />
      <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle" fill="currentColor">
        {x.title}
      </text>
      <text transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle" fill="currentColor">
        {y.title} · top {k}
      </text>
      {frontPoints && <polyline points={frontPoints} fill="none" stroke="currentColor" strokeDasharray="4 3" strokeOpacity="0.7" />}
      {rows.map((row, index) => {
        const colour = PALETTE[strategies.indexOf(row.strategy) % PALETTE.length]!;
        return (
          <g key={row.label} onMouseEnter={() => setHovered(index)} onMouseLeave={() => setHovered(null)} data-testid="chart-point">
            {row[front] && <circle cx={sx(row[x.key])} cy={sy(row[y.key])} r="8" fill="none" stroke={colour} strokeWidth="1.5" />}
            <circle cx={sx(row[x.key])} cy={sy(row[y.key])} r="4.5" fill={colour}>
              <title>{`${row.label}: ${x.title} ${format(row[x.key], x.percent)}, ${y.title} ${format(row[y.key], y.percent)}`}</title>
            </circle>
          </g>
        );
      })}
      <g transform={`translate(${WIDTH - MARGIN.right + 14} ${MARGIN.top + 4})`}>
        {strategies.map((strategy, index) => (
          <g key={strategy} transform={`translate(0 ${index * 16})`}>
            <circle cx="5" cy="0" r="4.5" fill={PALETTE[index % PALETTE.length]} />
            <text x="14" y="4" fill="currentColor">
              {strategy}
            </text>
          </g>
        ))}
        <g transform={`translate(0 ${strategies.length * 16 + 6})`}>
          <circle cx="5" cy="0" r="8" fill="none" stroke="currentColor" />
          <text x="18" y="4" fill="currentColor">
            Pareto front
          </text>
        </g>
      </g>
      {hoveredRow && <HoverNote row={hoveredRow} x={x} y={y} at={[sx(hoveredRow[x.key]), sy(hoveredRow[y.key])]} />}
    </svg>
  );
});

/** A hovered point's config and values, in a box as wide as its text, kept inside the chart. */
function HoverNote({ row, x, y, at: [px, py] }: { row: SweepRow; x: Axis; y: Axis; at: [number, number] }) {
  const values = `${x.title}: ${format(row[x.key], x.percent)} · ${y.title}: ${format(row[y.key], y.percent)}`;
  // about 6.5 px a character at 11 px
  const width = Math.max(row.label.length, values.length) * 6.5 + 16;
  const left = Math.max(4, Math.min(px + 10, WIDTH - width - 4));
  return (
    <g transform={`translate(${left} ${Math.max(py - 46, 4)})`} data-testid="chart-hover" pointerEvents="none">
      <rect width={width} height="42" rx="4" fill="#111827" fillOpacity="0.92" />
      <text x="8" y="16" fill="#ffffff" fontWeight="600">
        {row.label}
      </text>
      <text x="8" y="32" fill="#ffffff">
        {values}
      </text>
    </g>
  );
}

/** The chart as a standalone SVG file: `currentColor` resolved to the colour it is shown in, on the view's background. */
export function chartSvgText(svg: SVGSVGElement): string {
  const style = getComputedStyle(svg);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.querySelector('[data-testid="chart-hover"]')?.remove();
  const background = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#ffffff';
  copy.querySelector('.chart-background')?.setAttribute('fill', background);
  copy.setAttribute('width', String(WIDTH));
  copy.setAttribute('height', String(HEIGHT));
  return new XMLSerializer().serializeToString(copy).replaceAll('currentColor', style.color);
}

/** The chart drawn as a PNG at twice its size. */
export async function chartPngBytes(svg: SVGSVGElement): Promise<Uint8Array> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(chartSvgText(svg))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * 2;
  canvas.height = HEIGHT * 2;
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the chart could not be drawn as PNG');
  return new Uint8Array(await blob.arrayBuffer());
}
