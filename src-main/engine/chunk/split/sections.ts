import type { Block } from './document-blocks';

/** The blocks under one heading, up to the next heading that starts a section. */
interface Section {
  /** The path of the heading that opens the section (empty before the first one). */
  headingPath: string[];
  headingRefs: string[];
  /** The opening heading's block, or null for the text before the first section heading. */
  heading: Block | null;
  /** Everything after the opening heading, deeper headings included. */
  blocks: Block[];
}

/**
 * Cuts the blocks at headings whose level is in `levels`, and always at a title (level 0). Other
 * headings stay inside their section as ordinary blocks.
 */
export function splitIntoSections(blocks: readonly Block[], levels: ReadonlySet<number>): Section[] {
  const sections: Section[] = [{ headingPath: [], headingRefs: [], heading: null, blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading' && (block.level === 0 || levels.has(block.level ?? -1))) {
      sections.push({ headingPath: block.headingPath, headingRefs: block.headingRefs, heading: block, blocks: [] });
      continue;
    }
    sections[sections.length - 1]!.blocks.push(block);
  }
  return sections.filter((section) => section.blocks.length > 0 || section.heading !== null);
}

/** Groups consecutive blocks by the page they start on; blocks without a page stay with the page before. */
export function splitByPage(blocks: readonly Block[]): Array<{ page: number | null; blocks: Block[] }> {
  const pages: Array<{ page: number | null; blocks: Block[] }> = [];
  for (const block of blocks) {
    const current = pages[pages.length - 1];
    if (current && (block.page === null || block.page === current.page)) current.blocks.push(block);
    else pages.push({ page: block.page, blocks: [block] });
  }
  return pages;
}
