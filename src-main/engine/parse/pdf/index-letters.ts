import type { ClassifiedBlock, ClassifiedLines } from './classify-block';
import type { BodyStyle } from './document-style';
import type { Line } from './types';

/** An index has at least this many letter groups in a row before its letters are taken for its headings. */
const minLetters = 4;
/** Set this much larger than the body, a letter stands apart without bold. */
const minLargerRatio = 1.1;
/** Sizes closer than this (points) are one style. */
const sizeTolerance = 0.3;
/** The first group's name before the letters ("Symbols", "Numbers", "Symbole") is a word or two. */
const maxLeadWords = 2;

/**
 * The letter groups of an index: lines each of one capital letter alone in its block, bold or larger than the body, that
 * go on in alphabetical order over the entries between them (A, B, C, ... with letters no entry starts with left out),
 * with the group before the letters set alike ("Symbols", "Numbers"). They head the index's groups, as the outline of a
 * LaTeX manual lists them; a letter alone elsewhere (a label in a figure, a variable) is no heading. Changes the pages'
 * blocks in place.
 */
export function promoteIndexLetters(pages: readonly { blocks: ClassifiedBlock[] }[], body: BodyStyle): void {
  const blocks = pages.flatMap((page) => page.blocks);
  let run: ClassifiedLines[] = [];
  const close = (): void => {
    if (run.length >= minLetters) {
      const lead = leadingGroup(blocks, blocks.indexOf(run[0]!), run[0]!.lines[0]!);
      for (const letter of lead ? [lead, ...run] : run) {
        letter.label = 'heading';
        letter.indexGroup = true;
      }
    }
    run = [];
  };
  for (const block of blocks) {
    if (block.kind !== 'lines') continue;
    if (!isLetterGroup(block, body)) {
      if (block.label === 'heading') close();
      continue;
    }
    const previous = run[run.length - 1];
    if (previous && !(sameStyle(previous.lines[0]!, block.lines[0]!) && previous.text.localeCompare(block.text) < 0)) close();
    run.push(block);
  }
  close();
}

function isLetterGroup(block: ClassifiedLines, body: BodyStyle): boolean {
  if (block.lines.length !== 1 || !/^\p{Lu}$/u.test(block.text) || block.label === 'caption') return false;
  const line = block.lines[0]!;
  if (line.monospace || line.math) return false;
  return (line.bold && !body.bold) || line.fontSize >= body.fontSize * minLargerRatio;
}

/** The group named before the first letter, in the letters' style (read as a heading or not), with index entries only between them. */
function leadingGroup(blocks: readonly ClassifiedBlock[], firstLetter: number, style: Line): ClassifiedLines | undefined {
  for (let index = firstLetter - 1; index >= 0; index--) {
    const block = blocks[index]!;
    if (block.kind !== 'lines') return undefined;
    if (block.lines.length === 1 && sameStyle(block.lines[0]!, style)) {
      const words = block.text.split(/\s+/u);
      return words.length <= maxLeadWords && words.every((word) => /^\p{L}+$/u.test(word)) ? block : undefined;
    }
    // the index's own heading comes before its first group
    if (block.label === 'heading') return undefined;
  }
  return undefined;
}

function sameStyle(a: Line, b: Line): boolean {
  return a.bold === b.bold && Math.abs(a.fontSize - b.fontSize) <= sizeTolerance;
}
