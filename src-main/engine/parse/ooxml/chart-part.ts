import type { ItemMeta, TableData } from '../../ir/types';
import { tableCell } from '../document-builder';
import { child, childrenNamed, elementChildren, findAll, textOf, type XmlElement } from './xml-tree';

/** A DrawingML chart part (`c:chartSpace`) as a picture's meta: its kind, its title and its data. */
export interface ChartContent {
  title: string | undefined;
  meta: ItemMeta;
  /** false when the part holds no cached values to rebuild the data table from */
  hasData: boolean;
}

/**
 * A chart the way Docling keeps it: a picture classified by the chart's kind (bar, line, pie,
 * scatter, other), with the numbers it plots rebuilt as a table (categories down the first
 * column, one column per series) from the values the part caches, and its title as caption.
 */
export function readChart(chartSpace: XmlElement | undefined): ChartContent {
  const chart = child(child(chartSpace, 'c:chartSpace'), 'c:chart');
  const plotArea = child(chart, 'c:plotArea');
  const plots = elementChildren(plotArea ?? { name: '', attrs: {}, children: [] }).filter((e) => /Chart$/.test(e.name));
  const data = chartData(plots);
  return {
    title: chartTitle(chart),
    meta: {
      classification: { predictions: [{ class_name: classify(plots[0]?.name ?? '') }] },
      ...(data ? { tabular_chart: { chart_data: data } } : {}),
    },
    hasData: data !== undefined,
  };
}

function classify(plotName: string): string {
  const kind = plotName.replace(/^c:/, '');
  if (/^(pie|pie3D|ofPie|doughnut)Chart$/.test(kind)) return 'pie_chart';
  if (kind === 'scatterChart') return 'scatter_chart';
  if (/^line(3D)?Chart$/.test(kind)) return 'line_chart';
  if (/^bar(3D)?Chart$/.test(kind)) return 'bar_chart';
  return 'other_chart';
}

/** The title's text, paragraphs on lines of their own; undefined when the chart shows none of its own. */
function chartTitle(chart: XmlElement | undefined): string | undefined {
  const rich = child(child(child(chart, 'c:title'), 'c:tx'), 'c:rich');
  if (!rich) return undefined;
  const text = childrenNamed(rich, 'a:p')
    .map((p) => findAll(p, 'a:t').map(textOf).join(''))
    .join('\n')
    .trim();
  return text || undefined;
}

function chartData(plots: readonly XmlElement[]): TableData | undefined {
  const series = plots.flatMap((plot) => childrenNamed(plot, 'c:ser'));
  if (series.length === 0) return undefined;
  const firstWithCategories = series.find((s) => child(s, 'c:cat') ?? child(s, 'c:xVal'));
  const categories = firstWithCategories ? cachedValues(child(firstWithCategories, 'c:cat') ?? child(firstWithCategories, 'c:xVal')) : [];
  const columns = series.map((s) => ({
    name: cachedValues(child(s, 'c:tx'))[0] ?? '',
    values: cachedValues(child(s, 'c:val') ?? child(s, 'c:yVal')),
  }));
  const dataRows = Math.max(categories.length, ...columns.map((c) => c.values.length));
  if (dataRows === 0) return undefined;
  const cells = ['', ...columns.map((c) => c.name)].map((text, col) => tableCell(text, { row: 0, col, columnHeader: true }));
  for (let row = 0; row < dataRows; row++) {
    const texts = [categories[row] ?? '', ...columns.map((c) => c.values[row] ?? '')];
    texts.forEach((text, col) => cells.push(tableCell(text, { row: row + 1, col, rowHeader: col === 0 })));
  }
  return { table_cells: cells, num_rows: dataRows + 1, num_cols: columns.length + 1 };
}

/**
 * The values a data source caches (`c:strCache`, `c:numCache`, literals, the lowest level of
 * multi-level categories) by point index; a literal series name (`c:v`) as its one value.
 */
function cachedValues(source: XmlElement | undefined): string[] {
  if (!source) return [];
  const literal = child(source, 'c:v');
  if (literal) return [textOf(literal)];
  const cache = findAll(source, 'c:strCache', 1)[0] ?? findAll(source, 'c:numCache', 1)[0] ?? findAll(source, 'c:lvl', 1)[0];
  const container = cache ?? child(source, 'c:strLit') ?? child(source, 'c:numLit');
  if (!container) return [];
  const count = Number(child(container, 'c:ptCount')?.attrs.val ?? 0);
  const points = childrenNamed(container, 'c:pt');
  const values: string[] = new Array<string>(Math.max(count, points.length)).fill('');
  points.forEach((point, i) => {
    const index = Number(point.attrs.idx ?? i);
    const text = textOf(child(point, 'c:v') ?? point);
    if (index >= 0 && index < values.length) values[index] = plainNumber(text);
  });
  return values;
}

/** Cached numbers as Docling writes them: an integral value without its `.0`. */
function plainNumber(text: string): string {
  return /^-?\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
}
