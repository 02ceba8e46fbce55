import type { ClassifiedBlock } from './classify-block';
import type { Line } from './types';

interface PageOfBlocks {
  blocks: ClassifiedBlock[];
}

/**
 * Takes the blocks of turned text (see `turnedLines`) out of the pages, and gives back the function that puts them back
 * where they were: before the block that came after them. The document's headings are revised from the blocks around
 * each one, by the steps between their lines and by their neighbours; a turned block's box says nothing of these (a
 * table's column heads set upwards are no text a caption under them stands apart from).
 */
export function setTurnedBlocksAside(pages: readonly PageOfBlocks[]): () => void {
  const aside = pages.map((page) => {
    const taken: Array<{ block: ClassifiedBlock; before: ClassifiedBlock | Line | undefined }> = [];
    const kept: ClassifiedBlock[] = [];
    for (const [index, block] of page.blocks.entries()) {
      if (!isTurned(block)) {
        kept.push(block);
        continue;
      }
      const next = page.blocks.slice(index + 1).find((other) => !isTurned(other));
      taken.push({ block, before: next?.kind === 'lines' ? next.lines[0] : next });
    }
    page.blocks = kept;
    return taken;
  });
  return () => {
    for (const [pageIndex, page] of pages.entries()) {
      for (const { block, before } of aside[pageIndex]!) {
        // A block the revision split or relabelled still holds the same lines.
        const at = page.blocks.findIndex((other) => other === before || (other.kind === 'lines' && other.lines.includes(before as Line)));
        page.blocks.splice(at === -1 ? page.blocks.length : at, 0, block);
      }
    }
  };
}

function isTurned(block: ClassifiedBlock): boolean {
  return block.kind === 'lines' && block.lines.some((line) => line.turned);
}
