import type { Chunk } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument, NodeItem, TableItem } from '../ir/types';
import type { LintFinding } from '../../../src-shared/evaluation';

interface LintOptions {
  maxTokens: number;
  /** Chunks below this many tokens (and not the only chunk) are tiny orphans; default 10 % of the limit, at least 8. */
  tinyTokens?: number;
}

const HEADING_LABELS = new Set(['title', 'section_header']);
const SENTENCE_END = /[.!?:;…。)"'”’\]]\s*$/u;

/**
 * Chunk defects a reviewer wants to see, in chunk order. Pure: (document, chunks, limit) in, findings out. Text in
 * no chunk, a finding about the document, is `textNotInChunksFinding` (coverage/coverage-finding.ts).
 */
export function lintChunks(doc: DoclingDocument, chunks: readonly Chunk[], options: LintOptions): LintFinding[] {
  const tiny = options.tinyTokens ?? Math.max(8, Math.round(options.maxTokens * 0.1));
  const chunksByItem = chunkIndexesByItem(chunks);
  const findings: LintFinding[] = [];
  const report = (chunk: Chunk, rule: LintFinding['rule'], severity: LintFinding['severity'], message: string) =>
    findings.push({ rule, severity, chunkId: chunk.id, chunkIndex: chunk.index, message });

  chunks.forEach((chunk, position) => {
    const items = chunk.docItems.map((ref) => resolveRef(doc, ref)).filter((item): item is NodeItem => item !== undefined);
    if (chunk.tokenCount > options.maxTokens) {
      report(chunk, 'over-limit', 'error', `${chunk.tokenCount} tokens, over the limit of ${options.maxTokens}`);
    }
    const headingOnly = chunk.headingOnly || (items.length > 0 && items.every((item) => 'label' in item && HEADING_LABELS.has(item.label)));
    if (headingOnly) report(chunk, 'heading-only', 'warning', 'only headings, no content');
    else if (chunks.length > 1 && chunk.tokenCount < tiny) {
      report(chunk, 'tiny-orphan', 'info', `${chunk.tokenCount} tokens, under ${tiny}: too small to retrieve well`);
    }

    const next = chunks[position + 1];
    const lastRef = chunk.docItems[chunk.docItems.length - 1];
    const lastItem = lastRef === undefined ? undefined : resolveRef(doc, lastRef);
    const continues = next !== undefined && lastRef !== undefined && next.docItems[0] === lastRef;
    if (continues && lastItem && 'label' in lastItem) {
      if (lastItem.label === 'list_item') report(chunk, 'list-cut-mid-item', 'warning', 'a list item continues in the next chunk');
      else if (lastItem.label !== 'table' && !SENTENCE_END.test(chunk.text)) {
        report(chunk, 'sentence-cut', 'warning', `ends mid-sentence: "…${chunk.text.trimEnd().slice(-40)}"`);
      }
    }

    for (const item of items) {
      if ('data' in item && item.label === 'table') lintTableContinuation(item, chunk, chunksByItem, report);
      if ('captions' in item && Array.isArray(item.captions)) {
        for (const caption of item.captions) {
          const captionChunks = chunksByItem.get(caption.$ref) ?? [];
          const ownChunks = chunksByItem.get(item.self_ref) ?? [];
          const together = captionChunks.some((index) => ownChunks.includes(index));
          if (captionChunks.length > 0 && !together && ownChunks[0] === position) {
            report(chunk, 'caption-split', 'warning', `the caption of ${item.label} ${item.self_ref} is in another chunk`);
          }
        }
      }
    }
  });
  // every finding here names its chunk
  return findings.sort((a, b) => a.chunkIndex! - b.chunkIndex!);
}

/** A table continued in a later chunk should repeat its header row there. */
function lintTableContinuation(
  table: TableItem,
  chunk: Chunk,
  chunksByItem: ReadonlyMap<string, number[]>,
  report: (chunk: Chunk, rule: LintFinding['rule'], severity: LintFinding['severity'], message: string) => void,
): void {
  const positions = chunksByItem.get(table.self_ref) ?? [];
  if (positions[0] === chunk.index || positions.length < 2) return;
  const headerCells = table.data.table_cells.filter((cell) => cell.column_header || cell.start_row_offset_idx === 0);
  const missing = headerCells.filter((cell) => cell.text.trim() !== '' && !chunk.text.includes(cell.text.trim()));
  if (missing.length > 0) report(chunk, 'table-split-from-header', 'warning', `continues table ${table.self_ref} without its header row`);
}

function chunkIndexesByItem(chunks: readonly Chunk[]): Map<string, number[]> {
  const byItem = new Map<string, number[]>();
  chunks.forEach((chunk, position) => {
    for (const ref of new Set(chunk.docItems)) {
      const list = byItem.get(ref) ?? [];
      list.push(position);
      byItem.set(ref, list);
    }
  });
  return byItem;
}
