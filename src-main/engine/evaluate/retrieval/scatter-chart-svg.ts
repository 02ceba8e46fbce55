export interface ChartPoint {
  x: number;
  y: number;
  /** Shown when the pointer rests on the point (an SVG `<title>`). */
  label: string;
  /** Drawn with a ring: e.g. on the Pareto front. */
  marked?: boolean;
}

export interface ChartSeries {
  name: string;
  points: ChartPoint[];
  /** Joins the points in order of x: a curve of one parameter (sizes of one strategy). */
  line?: boolean;
}

export interface ScatterChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  /** What a ring means, for the legend. */
  markedLabel?: string;
}

const WIDTH = 760;
const HEIGHT = 480;
const MARGIN = { left: 72, right: 200, top: 44, bottom: 56 };
/** Distinct on white and for the common colour blindnesses (Okabe and Ito's palette). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

/**
 * A scatter chart as a standalone SVG: axes with round ticks, axis labels, a legend, one colour per
 * series, lines through the series that are curves, rings on marked points, and each point's values
 * in its tooltip. No script, no external font: it shows the same in a browser, an editor or a README.
 */
export function scatterChartSvg(chart: ScatterChart): string {
  const points = chart.series.flatMap((series) => series.points);
  const xTicks = niceTicks(points.map((point) => point.x));
  const yTicks = niceTicks(points.map((point) => point.y));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const scale = (value: number, ticks: number[], length: number) => ((value - ticks[0]!) / (ticks.at(-1)! - ticks[0]! || 1)) * length;
  const px = (x: number) => MARGIN.left + scale(x, xTicks, plotWidth);
  const py = (y: number) => MARGIN.top + plotHeight - scale(y, yTicks, plotHeight);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
      `font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(chart.title)}</text>`,
  ];
  for (const tick of xTicks) {
    const x = px(tick).toFixed(1);
    parts.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotHeight}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${x}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle">${formatTick(tick)}</text>`);
  }
  for (const tick of yTicks) {
    const y = py(tick).toFixed(1);
    parts.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotWidth}" y2="${y}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${formatTick(tick)}</text>`);
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#333333"/>`,
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 14}" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yLabel)}</text>`,
  );
  for (const [index, series] of chart.series.entries()) {
    const colour = COLOURS[index % COLOURS.length]!;
    if (series.line && series.points.length > 1) {
      const path = [...series.points].sort((a, b) => a.x - b.x).map((point) => `${px(point.x).toFixed(1)},${py(point.y).toFixed(1)}`);
      parts.push(`<polyline points="${path.join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5"/>`);
    }
    for (const point of series.points) {
      const [x, y] = [px(point.x).toFixed(1), py(point.y).toFixed(1)];
      const tip = `${point.label}: ${chart.xLabel} ${formatValue(point.x)}, ${chart.yLabel} ${formatValue(point.y)}`;
      parts.push(`<g><title>${escapeXml(tip)}</title><circle cx="${x}" cy="${y}" r="4" fill="${colour}"/>`);
      if (point.marked) parts.push(`<circle cx="${x}" cy="${y}" r="8" fill="none" stroke="#333333" stroke-width="1.5"/>`);
      parts.push('</g>');
    }
    const legendY = MARGIN.top + 10 + index * 20;
    const legendX = MARGIN.left + plotWidth + 16;
    parts.push(`<circle cx="${legendX}" cy="${legendY}" r="5" fill="${colour}"/>`);
    parts.push(`<text x="${legendX + 12}" y="${legendY}" dominant-baseline="middle">${escapeXml(series.name)}</text>`);
  }
  if (chart.markedLabel && points.some((point) => point.marked)) {
    const legendY = MARGIN.top + 10 + chart.series.length * 20;
    const legendX = MARGIN.left + plotWidth + 16;
    parts.push(`<circle cx="${legendX}" cy="${legendY}" r="7" fill="none" stroke="#333333" stroke-width="1.5"/>`);
    parts.push(`<text x="${legendX + 12}" y="${legendY}" dominant-baseline="middle">${escapeXml(chart.markedLabel)}</text>`);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Round ticks (steps of 1, 2 or 5 times a power of ten) that cover the values, about six of them. */
export function niceTicks(given: readonly number[]): number[] {
  const values = given.filter(Number.isFinite);
  if (values.length === 0) return [0, 1];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= Math.abs(low) / 10 || 1;
    high += Math.abs(high) / 10 || 1;
  }
  const rough = (high - low) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  if (ticks.at(-1)! < high) ticks.push(Number((ticks.at(-1)! + step).toPrecision(12)));
  return ticks;
}

function formatTick(value: number): string {
  return Number(value.toPrecision(6)).toLocaleString('en-US');
}

function formatValue(value: number): string {
  return Number(value.toPrecision(4)).toLocaleString('en-US');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
