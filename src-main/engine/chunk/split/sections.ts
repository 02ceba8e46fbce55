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
 * headings stay inside their section as ordinary blocks. A section without content whose heading
 * opens no section after it (a table of contents read as headings, a heading the document leaves
 * empty) would reach no chunk, not even as a heading path: such headings become the content of a
 * section of their own, consecutive ones together, under the path above them.
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
  return keepEmptyHeadings(sections.filter((section) => section.blocks.length > 0 || section.heading !== null));
}

function keepEmptyHeadings(sections: readonly Section[]): Section[] {
  const kept: Section[] = [];
  sections.forEach((section, index) => {
    const heading = section.heading;
    const ownRef = section.headingRefs[section.headingRefs.length - 1];
    const opensNext = ownRef !== undefined && (sections[index + 1]?.headingRefs.includes(ownRef) ?? false);
    if (!heading || section.blocks.length > 0 || opensNext) {
      kept.push(section);
      return;
    }
    const headingPath = section.headingPath.slice(0, -1);
    const headingRefs = section.headingRefs.slice(0, -1);
    const previous = kept[kept.length - 1];
    if (
      previous?.heading === null &&
      previous.blocks.every((block) => block.kind === 'heading') &&
      sameRefs(previous.headingRefs, headingRefs)
    ) {
      previous.blocks.push(heading);
      return;
    }
    kept.push({ headingPath, headingRefs, heading: null, blocks: [heading] });
  });
  return kept;
}

function sameRefs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((ref, i) => ref === b[i]);
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
