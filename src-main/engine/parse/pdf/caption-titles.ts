import { isCaptionLabel } from './captions';
import type { ClassifiedBlock, ClassifiedLines } from './classify-block';

/** A caption's title starts this many of its label's font sizes below the label at most. */
const maxTitleGap = 1.5;

/**
 * A caption's label set alone on its line ("Figure 1", in bold) with the caption's title on the lines under it (in
 * italics): the title is part of the caption, not a heading or a paragraph of its own.
 */
export function joinCaptionTitles(blocks: readonly ClassifiedBlock[]): ClassifiedBlock[] {
  const result: ClassifiedBlock[] = [];
  for (const block of blocks) {
    const previous = result.at(-1);
    if (previous && isLabelAlone(previous) && block.kind === 'lines' && titlesCaption(previous, block)) {
      result[result.length - 1] = { ...previous, text: `${previous.text} ${block.text}`, lines: [...previous.lines, ...block.lines] };
      continue;
    }
    result.push(block);
  }
  return result;
}

function isLabelAlone(block: ClassifiedBlock): block is ClassifiedLines {
  return block.kind === 'lines' && block.label === 'caption' && isCaptionLabel(block.text);
}

function titlesCaption(label: ClassifiedLines, title: ClassifiedLines): boolean {
  if (title.label !== 'heading' && title.label !== 'text') return false;
  const last = label.lines.at(-1)!;
  const first = title.lines[0]!;
  const overlaps = first.left < last.right && first.right > last.left;
  return overlaps && first.top <= last.bottom + 0.5 * last.fontSize && last.bottom - first.top <= maxTitleGap * last.fontSize;
}
