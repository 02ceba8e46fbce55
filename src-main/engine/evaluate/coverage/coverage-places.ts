import type { CoveragePlace, LeftOutReason } from '../../../../src-shared/evaluation';
import { boxesOf } from '../../chunk/build-chunk';
import { sourcesOf, topLeftBox } from '../../chunk/item-sources';
import type { DoclingDocument, TableItem } from '../../ir/types';
import type { TextUnit } from './text-units';

/** A place names the text it marks; a long run is cut here (its range and boxes still cover it whole). */
const PLACE_TEXT_LENGTH = 200;

/**
 * The places of a unit's words that no chunk holds: each run of consecutive such words in a text,
 * with its source spans and line boxes; for a table, its cells with such words together.
 */
export function placesOf(doc: DoclingDocument, unit: TextUnit, found: readonly boolean[], reason: LeftOutReason): CoveragePlace[] {
  const base = {
    ref: unit.item.self_ref,
    kind: unit.kind.kind,
    reason,
    picture: unit.kind.picture,
    page: unit.item.prov[0]?.page_no ?? null,
  };
  if (unit.cells) {
    const cells = unit.cells.filter(({ from, to }) => found.slice(from, to).includes(false));
    if (cells.length === 0) return [];
    const words = found.filter((hit) => !hit).length;
    return [
      {
        ...base,
        words,
        range: null,
        text: clip(cells.map(({ cell }) => cell.text).join(' | ')),
        ...tableSources(doc, unit.item as TableItem, cells),
      },
    ];
  }
  const text = 'text' in unit.item ? unit.item.text : '';
  return leftOutRuns(unit, found).map((run) => ({
    ...base,
    words: run.words,
    range: [run.start, run.end],
    text: clip(text.slice(run.start, run.end)),
    ...sourcesOf(doc, [{ ref: unit.item.self_ref, start: run.start, end: run.end }]),
  }));
}

interface LeftOutRun {
  start: number;
  end: number;
  words: number;
}

/** Runs of consecutive words that no chunk holds, as ranges of the item's text. */
function leftOutRuns({ wordsAt = [] }: TextUnit, found: readonly boolean[]): LeftOutRun[] {
  const runs: LeftOutRun[] = [];
  let current: LeftOutRun | null = null;
  wordsAt.forEach((word, index) => {
    if (found[index]) {
      current = null;
      return;
    }
    if (current) {
      current.end = word.end;
      current.words++;
    } else runs.push((current = { start: word.start, end: word.end, words: 1 }));
  });
  return runs;
}

/** The table's span whole (cells have none); the cells' boxes where every one has a box, else the table's. */
function tableSources(
  doc: DoclingDocument,
  table: TableItem,
  cells: NonNullable<TextUnit['cells']>,
): Pick<CoveragePlace, 'sourceSpans' | 'bboxes'> {
  const page = table.prov[0]?.page_no;
  const cellBoxes = cells.flatMap(({ cell }) => {
    const box =
      cell.bbox && page !== undefined
        ? topLeftBox(doc, page, [cell.bbox.l, cell.bbox.t, cell.bbox.r, cell.bbox.b], cell.bbox.coord_origin)
        : undefined;
    return box ? [box] : [];
  });
  // The cells' own characters where they have sources, else the table's.
  const { sourceSpans } = sourcesOf(
    doc,
    cells.map(({ cell }) => ({ ref: table.self_ref, cell })),
  );
  return { sourceSpans, bboxes: cellBoxes.length === cells.length ? cellBoxes : boxesOf(doc, [table]) };
}

function clip(text: string): string {
  return text.length <= PLACE_TEXT_LENGTH ? text : `${text.slice(0, PLACE_TEXT_LENGTH - 1)}…`;
}
