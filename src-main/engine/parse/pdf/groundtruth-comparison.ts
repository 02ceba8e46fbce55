import { iterateItems } from '../../../../src-shared/docling/iterate';
import type { BoundingBox, DoclingDocument, TableItem } from '../../../../src-shared/docling/types';
import { longestCommonSubsequence, multisetF1, normalizeText, wordsOf } from '../../evaluate/parse-metrics';

/**
 * The PDF quality bar, measured against Docling's groundtruth: heading F1 on heading text alone
 * (Docling's PDF pipeline gives every header level 1, so levels are not compared), word coverage
 * both ways, word-order similarity (2·LCS / (n + m) over word sequences, which does not depend
 * on how text is cut into items) and table recall (a reference table counts as found when one of
 * ours covers a third of its box on the same page). Formulas are skipped: Docling leaves them empty.
 */
export interface GroundtruthComparison {
  headingF1: number;
  /** share of the groundtruth's words we have */
  wordRecall: number;
  /** share of our words the groundtruth has */
  wordPrecision: number;
  readingOrder: number;
  tableRecall: number;
}

export function compareWithGroundtruth(reference: DoclingDocument, candidate: DoclingDocument): GroundtruthComparison {
  const referenceWords = wordSequence(reference);
  const candidateWords = wordSequence(candidate);
  const words = multisetF1(referenceWords, candidateWords);
  const lcs = longestCommonSubsequence(referenceWords, candidateWords);
  const total = referenceWords.length + candidateWords.length;
  return {
    headingF1: multisetF1(headingTexts(reference), headingTexts(candidate)).f1,
    wordRecall: words.recall,
    wordPrecision: words.precision,
    readingOrder: total === 0 ? 1 : (2 * lcs) / total,
    tableRecall: tableRecall(reference, candidate),
  };
}

function wordSequence(doc: DoclingDocument): string[] {
  const words: string[] = [];
  for (const { item } of iterateItems(doc)) {
    if (item.self_ref.startsWith('#/tables/')) {
      const cells = [...(item as TableItem).data.table_cells].sort((a, b) => a.start_row_offset_idx - b.start_row_offset_idx || a.start_col_offset_idx - b.start_col_offset_idx);
      for (const cell of cells) words.push(...wordsOf(cell.text));
    } else if ('text' in item && item.label !== 'formula') words.push(...wordsOf(item.text));
  }
  return words;
}

function headingTexts(doc: DoclingDocument): string[] {
  const texts: string[] = [];
  for (const { item } of iterateItems(doc)) {
    if ('text' in item && (item.label === 'title' || item.label === 'section_header')) texts.push(normalizeText(item.text));
  }
  return texts;
}

function tableRecall(reference: DoclingDocument, candidate: DoclingDocument): number {
  const tablesOf = (doc: DoclingDocument): TableItem[] => doc.tables.filter((t) => t.content_layer === 'body');
  const expected = tablesOf(reference);
  if (expected.length === 0) return 1;
  const found = tablesOf(candidate);
  const covered = (table: TableItem): boolean =>
    table.prov.some((want) => found.some((t) => t.prov.some((have) => have.page_no === want.page_no && coveredShare(want.bbox, have.bbox) >= 1 / 3)));
  return expected.filter(covered).length / expected.length;
}

/** Share of `target`'s area inside `cover` (both BOTTOMLEFT boxes). */
function coveredShare(target: BoundingBox, cover: BoundingBox): number {
  const width = Math.min(target.r, cover.r) - Math.max(target.l, cover.l);
  const height = Math.min(target.t, cover.t) - Math.max(target.b, cover.b);
  const area = (target.r - target.l) * (target.t - target.b);
  return width > 0 && height > 0 && area > 0 ? (width * height) / area : 0;
}
