import type { ClassifiedBlock, ClassifiedLines } from './classify-block';

const captionWord = '(figure|fig\\.|table|tab\\.|listing|algorithm|chart|scheme|plate|exhibit)';
/** "Figure 3:", "Fig. 2.", "Table 1.", "Listing 1:", "Figure 7-26." start a caption. */
const captionStart = new RegExp(`^${captionWord}\\s*[\\dIVXA-Z][\\w.-]*?\\s*[:.|]`, 'i');
/** "Figure 1", "Table B1", "Figure A.2" alone: the label a caption's title is set under (APA style), a caption too. */
const labelAlone = /^(\S+)\s+(?:\d[\d.-]*|[IVX]+|[A-Z][\d.-]*)$/u;
const captionWordAlone = new RegExp(`^${captionWord}$`, 'i');

export type CaptionTarget = 'table' | 'picture' | 'code' | 'any';

export function captionTargetOf(text: string): CaptionTarget | undefined {
  const match = captionStart.exec(text.trim()) ?? captionLabelOf(text);
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  if (word.startsWith('tab')) return 'table';
  if (word === 'listing' || word === 'algorithm') return 'code';
  if (word.startsWith('fig') || word === 'chart' || word === 'plate') return 'picture';
  return 'any';
}

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

/** The caption word of a text that is a caption's label alone: its number after the word, in capitals if a letter. */
function captionLabelOf(text: string): RegExpExecArray | null {
  const match = labelAlone.exec(text.trim());
  return match && captionWordAlone.test(match[1]!) ? captionWordAlone.exec(match[1]!) : null;
}

function isLabelAlone(block: ClassifiedBlock): block is ClassifiedLines {
  return block.kind === 'lines' && block.label === 'caption' && captionLabelOf(block.text) !== null;
}

function titlesCaption(label: ClassifiedLines, title: ClassifiedLines): boolean {
  if (title.label !== 'heading' && title.label !== 'text') return false;
  const last = label.lines.at(-1)!;
  const first = title.lines[0]!;
  const overlaps = first.left < last.right && first.right > last.left;
  return overlaps && first.top <= last.bottom + 0.5 * last.fontSize && last.bottom - first.top <= maxTitleGap * last.fontSize;
}
