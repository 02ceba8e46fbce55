import type { ConfigEvaluation, CurveComparison, SweepRow } from '../../../../src-shared/retrieval';
import { csvLine } from './csv';
import { scatterChartSvg, type ChartSeries } from './scatter-chart-svg';
import { configLabel, paretoFront } from './sweep';

export function sweepRows(evaluations: readonly ConfigEvaluation[]): SweepRow[] {
  const rows = evaluations.map(({ config, result }) => {
    const strategy = (config as { strategy?: unknown }).strategy;
    const { overall } = result;
    return {
      label: configLabel(config),
      strategy: typeof strategy === 'string' ? strategy : 'hybrid',
      chunks: result.chunks,
      meanChunkChars: result.meanChunkChars,
      tokensRead: overall.tokensRead,
      recall: overall.recall,
      precision: overall.precision,
      iou: overall.iou,
      precisionOmega: overall.precisionOmega,
      recallAtK: overall.recallAtK,
      mrr: overall.mrr,
      ndcgAtK: overall.ndcgAtK,
      paretoRecall: false,
      paretoIou: false,
    };
  });
  for (const index of paretoFront(rows.map((row) => ({ cost: row.tokensRead, gain: row.recall })))) rows[index]!.paretoRecall = true;
  for (const index of paretoFront(rows.map((row) => ({ cost: row.chunks, gain: row.iou })))) rows[index]!.paretoIou = true;
  return rows;
}

const CSV_COLUMNS = [
  'config',
  'strategy',
  'chunks',
  'mean_chunk_chars',
  'tokens_read',
  'recall',
  'precision',
  'iou',
  'precision_omega',
  'recall_at_k',
  'mrr',
  'ndcg_at_k',
  'pareto_recall_tokens',
  'pareto_iou_chunks',
];

/** The sweep's data as CSV (metrics as fractions), one line per configuration in order. */
export function sweepCsv(rows: readonly SweepRow[]): string {
  return (
    csvLine(CSV_COLUMNS) +
    rows
      .map((row) =>
        csvLine([
          row.label,
          row.strategy,
          row.chunks,
          round(row.meanChunkChars),
          round(row.tokensRead),
          ...[row.recall, row.precision, row.iou, row.precisionOmega, row.recallAtK, row.mrr, row.ndcgAtK].map(round),
          String(row.paretoRecall),
          String(row.paretoIou),
        ]),
      )
      .join('')
  );
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Series by strategy; a strategy swept over several values is a curve. */
function seriesOf(rows: readonly SweepRow[], point: (row: SweepRow) => { x: number; y: number; marked: boolean }): ChartSeries[] {
  const byStrategy = new Map<string, SweepRow[]>();
  for (const row of rows) byStrategy.set(row.strategy, [...(byStrategy.get(row.strategy) ?? []), row]);
  return [...byStrategy].map(([name, strategyRows]) => ({
    name,
    line: strategyRows.length > 1,
    points: strategyRows.map((row) => ({ ...point(row), label: row.label })),
  }));
}

/** Recall (%) against tokens read, the Pareto front ringed. */
export function recallChartSvg(rows: readonly SweepRow[], k: number): string {
  return scatterChartSvg({
    title: `Recall against tokens read (top ${k})`,
    xLabel: 'tokens read per question',
    yLabel: 'recall (%)',
    markedLabel: 'Pareto front',
    series: seriesOf(rows, (row) => ({ x: row.tokensRead, y: row.recall * 100, marked: row.paretoRecall })),
  });
}

/** IoU (%) against the number of chunks, the Pareto front ringed. */
export function iouChartSvg(rows: readonly SweepRow[], k: number): string {
  return scatterChartSvg({
    title: `IoU against chunk count (top ${k})`,
    xLabel: 'chunks',
    yLabel: 'IoU (%)',
    markedLabel: 'Pareto front',
    series: seriesOf(rows, (row) => ({ x: row.chunks, y: row.iou * 100, marked: row.paretoIou })),
  });
}

/**
 * Whether configurations lie above a baseline's curve (e.g. fixed-size chunks swept over sizes): more
 * recall at equal mean chunk size, more IoU at equal recall. Needs two baseline points or more.
 */
export function compareWithCurve(rows: readonly SweepRow[], baseline: string): CurveComparison[] {
  const curve = rows.filter((row) => row.strategy === baseline);
  if (curve.length < 2) return [];
  const recallBySize = curve.map((row) => ({ x: row.meanChunkChars, y: row.recall }));
  const iouByRecall = curve.map((row) => ({ x: row.recall, y: row.iou }));
  return rows
    .filter((row) => row.strategy !== baseline)
    .map((row) => ({
      label: row.label,
      recallAtSize: row.recall - interpolate(recallBySize, row.meanChunkChars),
      iouAtRecall: row.iou - interpolate(iouByRecall, row.recall),
    }));
}

/** y at x on the polyline through the points (sorted by x; equal x averaged), extended linearly past both ends. */
export function interpolate(points: ReadonlyArray<{ x: number; y: number }>, x: number): number {
  const byX = new Map<number, number[]>();
  for (const point of points) byX.set(point.x, [...(byX.get(point.x) ?? []), point.y]);
  const line = [...byX].map(([px, ys]) => ({ x: px, y: ys.reduce((sum, y) => sum + y, 0) / ys.length })).sort((a, b) => a.x - b.x);
  if (line.length === 1) return line[0]!.y;
  let segment = line.findIndex((point, index) => index > 0 && x <= point.x);
  if (segment < 0) segment = line.length - 1;
  const from = line[segment - 1]!;
  const to = line[segment]!;
  return from.y + ((to.y - from.y) * (x - from.x)) / (to.x - from.x);
}
