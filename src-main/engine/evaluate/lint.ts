import type { Chunk } from '../../../src-shared/chunk';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument, NodeItem, TableItem } from '../ir/types';
import type { LintFinding } from '../../../src-shared/evaluation';
import { coverageWords } from './coverage/coverage-words';
import { parentIdsOf } from './statistics';

interface LintOptions {
  /** the tokens the strategy keeps its embedded chunks to (ResolvedChunkingConfig.tokenLimit) */
  tokenLimit: number;
  /** Chunks below this many tokens (and not the only chunk) are tiny orphans; default 10 % of the limit, at least 8. */
  tinyTokens?: number;
  /** Tokens of a text under the run's tokenizer: without it, heading paths are not weighed against the limit. */
  countTokens?: (text: string) => number;
}

type Report = (chunk: Chunk, rule: LintFinding['rule'], severity: LintFinding['severity'], message: string, ref?: string) => void;

const HEADING_LABELS = new Set(['title', 'section_header']);
const SENTENCE_END = /[.!?:;…。)"'”’\]]\s*$/u;

/**
 * Chunk defects a reviewer wants to see, in chunk order. Pure: (document, chunks, limit) in, findings out. Text in
 * no chunk, a finding about the document, is `textNotInChunksFinding` (coverage/coverage-finding.ts).
 */
export function lintChunks(doc: DoclingDocument, chunks: readonly Chunk[], options: LintOptions): LintFinding[] {
  const { tokenLimit } = options;
  const tiny = options.tinyTokens ?? Math.max(8, Math.round(tokenLimit * 0.1));
  const chunksByItem = chunkIndexesByItem(chunks);
  // parents are not embedded as such: their size is their children's
  const parentIds = parentIdsOf(chunks);
  const findings: LintFinding[] = [];
  const report: Report = (chunk, rule, severity, message, ref) =>
    findings.push({ rule, severity, chunkId: chunk.id, chunkIndex: chunk.index, message, ...(ref === undefined ? {} : { ref }) });
  if (options.countTokens) lintHeadingPaths(chunks, parentIds, tokenLimit, tiny, options.countTokens, report);

  chunks.forEach((chunk, position) => {
    const items = chunk.docItems.map((ref) => resolveRef(doc, ref)).filter((item): item is NodeItem => item !== undefined);
    const parent = parentIds.has(chunk.id);
    if (chunk.tokenCount > tokenLimit && !parent) {
      report(chunk, 'over-limit', 'error', `${chunk.tokenCount} tokens, over the strategy's limit of ${tokenLimit}`);
    }
    const headingOnly = chunk.headingOnly || (items.length > 0 && items.every((item) => 'label' in item && HEADING_LABELS.has(item.label)));
    if (headingOnly) report(chunk, 'heading-only', 'warning', 'only headings, no content', chunk.docItems[0]);
    else if (chunks.length > 1 && chunk.tokenCount < tiny && !parent) {
      report(
        chunk,
        'tiny-orphan',
        'info',
        `${chunk.tokenCount} tokens, under ${tiny} (10 % of the limit, at least 8): too small to retrieve well`,
      );
    }

    const next = chunks[position + 1];
    const lastRef = chunk.docItems[chunk.docItems.length - 1];
    const lastItem = lastRef === undefined ? undefined : resolveRef(doc, lastRef);
    // a cut is between chunks of one level: a parent and its first child share their start, and are no cut
    const continues =
      next !== undefined && !parent && next.parentId === chunk.parentId && lastRef !== undefined && next.docItems[0] === lastRef;
    if (continues && lastItem && 'label' in lastItem) {
      if (lastItem.label === 'list_item') {
        report(chunk, 'list-cut-mid-item', 'warning', `a list item continues in chunk #${next.index}`, lastRef);
      } else if (lastItem.label !== 'table' && !SENTENCE_END.test(chunk.text)) {
        const ending = chunk.text.trimEnd().slice(-40);
        report(
          chunk,
          'sentence-cut',
          'warning',
          `ends mid-sentence (no closing punctuation), chunk #${next.index} goes on: "…${ending}"`,
          lastRef,
        );
      }
    }

    for (const item of items) {
      if ('data' in item && item.label === 'table') lintTableContinuation(doc, item, chunk, chunksByItem, report);
      if ('captions' in item && Array.isArray(item.captions)) {
        for (const caption of item.captions) {
          const captionChunks = chunksByItem.get(caption.$ref) ?? [];
          const ownChunks = chunksByItem.get(item.self_ref) ?? [];
          const together = captionChunks.some((index) => ownChunks.includes(index));
          if (captionChunks.length > 0 && !together && ownChunks[0] === position) {
            const where = captionChunks.map((index) => `#${chunks[index]!.index}`).join(', ');
            report(chunk, 'caption-split', 'warning', `the caption of ${nameOf(doc, item)} is in chunk ${where}`, item.self_ref);
          }
        }
      }
    }
  });
  // every finding here names its chunk
  return findings.sort((a, b) => a.chunkIndex! - b.chunkIndex!);
}

/**
 * A table continued in a later chunk should repeat its header row there. Cells are compared by their words, so a
 * header repeated in another serialisation (escaped pipes, a cell's line breaks joined, triplets) counts as repeated.
 */
function lintTableContinuation(
  doc: DoclingDocument,
  table: TableItem,
  chunk: Chunk,
  chunksByItem: ReadonlyMap<string, number[]>,
  report: Report,
): void {
  const positions = chunksByItem.get(table.self_ref) ?? [];
  if (positions[0] === chunk.index || positions.length < 2) return;
  const flagged = table.data.table_cells.filter((cell) => cell.column_header);
  const headerCells = flagged.length > 0 ? flagged : table.data.table_cells.filter((cell) => cell.start_row_offset_idx === 0);
  const chunkWords = ` ${coverageWords(chunk.text).join(' ')} `;
  const missing = headerCells.filter((cell) => {
    const words = coverageWords(cell.text).join(' ');
    return words !== '' && !chunkWords.includes(` ${words} `);
  });
  if (missing.length > 0) {
    const cells = missing.slice(0, 3).map((cell) => `"${cell.text.trim().slice(0, 30)}"`);
    report(
      chunk,
      'table-split-from-header',
      'warning',
      `continues ${nameOf(doc, table)} without its header row (${cells.join(', ')}${missing.length > 3 ? '…' : ''} missing)`,
      table.self_ref,
    );
  }
}

/**
 * Heading paths that alone take (nearly) the whole budget: every chunk under one keeps less than `tiny` tokens for
 * its own text, so a long heading turns its section into many scraps. Reported once per path, at its first chunk.
 */
function lintHeadingPaths(
  chunks: readonly Chunk[],
  parentIds: ReadonlySet<string>,
  tokenLimit: number,
  tiny: number,
  countTokens: (text: string) => number,
  report: Report,
): void {
  const seen = new Map<string, { first: Chunk; tokens: number; chunks: number }>();
  for (const chunk of chunks) {
    const path = chunk.headingPath.join('\n');
    // only a path the chunk is embedded with takes from its budget
    if (path === '' || parentIds.has(chunk.id) || !chunk.contextualizedText.startsWith(path)) continue;
    const known = seen.get(path);
    if (known) known.chunks += 1;
    else seen.set(path, { first: chunk, tokens: countTokens(path), chunks: 1 });
  }
  for (const { first, tokens, chunks: count } of seen.values()) {
    if (tokens <= tokenLimit - tiny) continue;
    const room = Math.max(0, tokenLimit - tokens);
    report(
      first,
      'heading-path-over-budget',
      'error',
      `the heading path alone is ${tokens} tokens of the ${tokenLimit} limit, leaving ${room} (under ${tiny}) for text: ` +
        `${count} chunk${count === 1 ? '' : 's'} under "${first.headingPath.at(-1)!.slice(0, 60)}"`,
      first.docItems[0],
    );
  }
}

/** A table or picture as a reader knows it: by its caption, else (a table) its first cell, else its label. */
function nameOf(doc: DoclingDocument, item: NodeItem): string {
  const label = 'label' in item ? item.label : 'item';
  const caption = 'captions' in item && Array.isArray(item.captions) ? item.captions[0] : undefined;
  const captionItem = caption ? resolveRef(doc, caption.$ref) : undefined;
  const captionText = captionItem && 'text' in captionItem ? captionItem.text.trim() : '';
  if (captionText !== '') return `${label} "${shortened(captionText)}"`;
  const firstCell =
    'data' in item && 'table_cells' in item.data ? item.data.table_cells.find((cell) => cell.text.trim() !== '') : undefined;
  if (firstCell) return `${label} starting "${shortened(firstCell.text.trim())}"`;
  return `${label} ${item.self_ref}`;
}

function shortened(text: string): string {
  return text.length > 50 ? `${text.slice(0, 50)}…` : text;
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
