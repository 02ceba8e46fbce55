import type { Element, ElementContent, Nodes as HastNodes, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Html } from 'mdast';
import type { TableCell } from '../../../../src-shared/docling/types';
import type { MarkdownContext, ParentNode } from './context';
import { gridCell } from './gfm-table';
import { RunCollector, plainTextOf, type InlineRun, type RunStyle } from './inline-runs';
import { offsets } from './mdast-inline';
import { writeRuns } from './write-runs';

/**
 * Writes a raw HTML block of a Markdown document. Docling hands a Markdown file with HTML blocks
 * to its HTML backend, so tables, lists, headings and paragraphs written in HTML become the same
 * items as their Markdown spelling; comments, scripts and styles give nothing.
 */
export function writeHtmlBlock(ctx: MarkdownContext, node: Html, parent: ParentNode | undefined): void {
  const [blockStart, blockEnd] = offsets(node);
  // Positions inside the fragment map to the source only when the block is verbatim source text
  // (not so inside a block quote or an indented list, whose prefixes mdast removed).
  const verbatim = ctx.source.slice(blockStart, blockEnd) === node.value;
  const locate = (hast: HastNodes): [number, number] => {
    const start = hast.position?.start.offset;
    const end = hast.position?.end.offset;
    if (!verbatim || start === undefined || end === undefined) return [blockStart, blockEnd];
    return [blockStart + start, blockStart + end];
  };
  const writer = new HtmlWriter(ctx, locate);
  writer.flow(fromHtml(node.value, { fragment: true }).children, parent);
}

const skipped = new Set(['script', 'style', 'template', 'head', 'title', 'noscript']);
const headingDepth: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'html', 'li', 'main', 'nav', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);
const codeTags = new Set(['code', 'kbd', 'samp', 'tt']);

class HtmlWriter {
  constructor(
    private readonly ctx: MarkdownContext,
    private readonly locate: (node: HastNodes) => [number, number],
  ) {}

  /** Block content: inline runs between blocks become paragraphs. */
  flow(nodes: readonly (RootContent | ElementContent)[], parent: ParentNode | undefined): void {
    let pending = new RunCollector();
    let pendingSpan: [number, number] | undefined;
    const flush = (): void => {
      if (pendingSpan) writeRuns(this.ctx, pending.runs(), { kind: 'paragraph' }, parent, pendingSpan);
      pending = new RunCollector();
      pendingSpan = undefined;
    };
    for (const node of nodes) {
      if (node.type === 'element' && blockTags.has(node.tagName)) {
        flush();
        this.block(node, parent);
      } else if (node.type === 'element' || node.type === 'text') {
        const [start, end] = this.locate(node);
        pendingSpan = pendingSpan ? [pendingSpan[0], end] : [start, end];
        this.inline(node, { bold: false, italic: false, strikethrough: false, underline: false }, undefined, pending);
      }
    }
    flush();
  }

  private block(element: Element, parent: ParentNode | undefined): void {
    const tag = element.tagName;
    const span = this.locate(element);
    const depth = headingDepth[tag];
    if (depth) {
      writeRuns(this.ctx, this.runsOf(element.children), { kind: 'heading', depth }, parent, span);
    } else if (tag === 'ul' || tag === 'ol') {
      this.list(element, parent);
    } else if (tag === 'table') {
      this.ctx.builder.addTable(this.tableData(element), { parent, sourceSpan: this.ctx.span(...span) });
    } else if (tag === 'pre') {
      const text = textOf(element).replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
      if (text) this.ctx.builder.addCode(text, undefined, { parent, sourceSpan: this.ctx.span(...span) });
    } else if (tag !== 'hr' && !skipped.has(tag)) {
      this.flow(element.children, parent);
    }
  }

  private list(element: Element, parent: ParentNode | undefined): void {
    const items = element.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'li');
    if (items.length === 0) return;
    const group = this.ctx.builder.addGroup('list', 'list', { parent });
    const enumerated = element.tagName === 'ol';
    const start = Number(element.properties['start'] ?? 1) || 1;
    items.forEach((li, index) => {
      const firstBlock = li.children.findIndex((child) => child.type === 'element' && blockTags.has(child.tagName));
      const inline = firstBlock < 0 ? li.children : li.children.slice(0, firstBlock);
      const shape = { kind: 'list-item', marker: enumerated ? `${start + index}.` : '', enumerated, list: group } as const;
      const item = writeRuns(this.ctx, this.runsOf(inline), shape, undefined, this.locate(li));
      if (firstBlock >= 0) this.flow(li.children.slice(firstBlock), item ?? group);
    });
  }

  /** Cells placed on a grid that honours `rowspan` and `colspan`; `th` cells are column headers. */
  private tableData(table: Element): { table_cells: TableCell[]; num_rows: number; num_cols: number } {
    const rows = rowsOf(table);
    const taken = new Set<string>();
    const cells: TableCell[] = [];
    let numCols = 0;
    rows.forEach((row, r) => {
      let c = 0;
      for (const cell of row.children) {
        if (cell.type !== 'element' || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue;
        while (taken.has(`${r},${c}`)) c++;
        const rowSpan = Math.max(1, Number(cell.properties['rowSpan'] ?? 1) || 1);
        const colSpan = Math.max(1, Number(cell.properties['colSpan'] ?? 1) || 1);
        for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) taken.add(`${r + dr},${c + dc}`);
        const text = plainTextOf(this.runsOf(cell.children));
        cells.push(gridCell(text, r, c, cell.tagName === 'th', rowSpan, colSpan));
        c += colSpan;
        numCols = Math.max(numCols, c);
      }
    });
    return { table_cells: cells, num_rows: rows.length, num_cols: numCols };
  }

  private runsOf(nodes: readonly ElementContent[]): InlineRun[] {
    const collector = new RunCollector();
    const plain: RunStyle = { bold: false, italic: false, strikethrough: false, underline: false };
    for (const node of nodes) this.inline(node, plain, undefined, collector);
    return collector.runs();
  }

  private inline(node: RootContent | ElementContent, style: RunStyle, hyperlink: string | undefined, out: RunCollector): void {
    const [start, end] = this.locate(node);
    if (node.type === 'text') {
      out.addText(node.value.replace(/\s+/g, ' '), style, hyperlink, start, end);
      return;
    }
    if (node.type !== 'element' || skipped.has(node.tagName)) return;
    const tag = node.tagName;
    if (tag === 'br') return out.separate('\n');
    if (tag === 'img') return out.addImage(String(node.properties['alt'] ?? node.properties['title'] ?? ''), hyperlink, start, end);
    if (codeTags.has(tag)) return out.addCode(textOf(node), style, hyperlink, start, end);
    const href = tag === 'a' && typeof node.properties['href'] === 'string' ? node.properties['href'] : hyperlink;
    const next: RunStyle = {
      bold: style.bold || tag === 'b' || tag === 'strong',
      italic: style.italic || tag === 'i' || tag === 'em',
      strikethrough: style.strikethrough || tag === 's' || tag === 'del' || tag === 'strike',
      underline: style.underline || tag === 'u' || tag === 'ins',
    };
    for (const child of node.children) this.inline(child, next, href, out);
  }
}

function rowsOf(element: Element): Element[] {
  const rows: Element[] = [];
  for (const child of element.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'tr') rows.push(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') rows.push(...rowsOf(child));
  }
  return rows;
}

function textOf(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(textOf).join('');
}

