import { isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import { horizontalOverlap } from './geometry';
import { headingSizeRatio, readsAsHeading } from './headings';
import { mostCounted } from './tally';

/** Sizes this close (points) are one size. */
const sizeTolerance = 0.5;
/** The larger headings show their family when there are this many of them... */
const minLargerHeadings = 3;
/** ...and this share of them is set in it. */
const minFamilyShare = 0.6;
/** At least this share of the lines in that face at the text's size head text for them to be headings. */
const minHeadingShare = 0.5;

/**
 * Minor headings set apart by their family alone: a line at the text's size, in the plain weight, in the face of another
 * family than the text's that the document's larger headings are set in, alone over text in the text's face ("Building
 * in Git" in DejaVu Sans over Times, under "Building" in the same sans set larger: Erlang's manuals by Apache FOP). A
 * line in that face that heads no text (a label in a table, a word named in passing) says it is no heading style: at
 * least half of the document's such lines must head text. Changes the pages' blocks in place.
 */
export function promoteHeadingsInHeadingsFamily(pages: readonly { blocks: ClassifiedBlock[] }[], body: BodyStyle): void {
  const family = headingsFamily(pages, body);
  if (family === undefined) return;
  const inFamily = (block: ClassifiedBlock): block is ClassifiedLines =>
    block.kind === 'lines' &&
    block.label === 'text' &&
    block.lines.length === 1 &&
    block.lines[0]!.family === family &&
    !block.lines[0]!.monospace &&
    !block.lines[0]!.bold &&
    !block.lines[0]!.italic &&
    Math.abs(block.lines[0]!.fontSize - body.fontSize) <= sizeTolerance;
  let lines = 0;
  const heads = new Set<ClassifiedLines>();
  for (const page of pages) {
    page.blocks.forEach((block, index) => {
      if (!inFamily(block)) return;
      lines++;
      if (readsAsHeading(block.lines, block.text, body) && headsText(page.blocks[index + 1], block, body)) heads.add(block);
    });
  }
  if (heads.size < minHeadingShare * lines) return;
  for (const page of pages)
    page.blocks = page.blocks.map((block) => (block.kind === 'lines' && heads.has(block) ? { ...block, label: 'heading' } : block));
}

/** The family of the document's headings set larger than its text, where it is not the text's. */
function headingsFamily(pages: readonly { blocks: ClassifiedBlock[] }[], body: BodyStyle): string | undefined {
  if (body.family === undefined) return undefined;
  const counts = new Map<string, number>();
  let larger = 0;
  for (const block of pages.flatMap((page) => page.blocks.filter(isHeading))) {
    const line = block.lines[0]!;
    if (line.fontSize < body.fontSize * headingSizeRatio) continue;
    larger++;
    if (line.family !== undefined) counts.set(line.family, (counts.get(line.family) ?? 0) + 1);
  }
  const most = mostCounted(counts);
  return most && larger >= minLargerHeadings && most.count >= minFamilyShare * larger && most.key !== body.family ? most.key : undefined;
}

/** Text in the body's face and size, under the line and beside it. */
function headsText(next: ClassifiedBlock | undefined, line: ClassifiedLines, body: BodyStyle): boolean {
  if (next?.kind !== 'lines' || (next.label !== 'text' && next.label !== 'list_item')) return false;
  const [first, above] = [next.lines[0]!, line.lines[0]!];
  return (
    first.family === body.family &&
    Math.abs(first.fontSize - body.fontSize) <= sizeTolerance &&
    first.baseline < above.baseline &&
    horizontalOverlap(first, above) > 0
  );
}
