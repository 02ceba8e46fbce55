import { isHeading, isFurniture, type ClassifiedBlock } from './classify-block';

/** A label is a word or two and a number: "Chapter 3", "Part II", "Appendix A", "제 1 장"; or one word ("CHAPTER", "ONE"). */
const maxLabelLength = 24;
const labelWithNumber = /^\p{L}[\p{L}.]*(?:\s+\S+)?\s+(?:\p{Nd}+|[IVXLC]+|\p{Lu})(?:\s+\p{L}+)?$/u;
const oneWord = /^\p{L}+$/u;
const sectionNumbered = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s/u;
/** A title at least this many times the label's size is the chapter's title under its label, numbered or not. */
const titleSizeRatio = 1.5;
/** Unspaced scripts write the label as one token: "第1章". */
const labelToken = /^\p{L}{0,3}\p{Nd}+\p{L}{0,3}$/u;

/**
 * Chapter labels set above a chapter's title ("Chapter 1" over "Definitions and overview"): at the
 * top of a page, a short heading of a label and a number, or of one word, directly followed by a
 * heading at least as large. The title below is the heading; the label becomes text, so that the
 * chapter is one heading, not a label heading with an empty section followed by the title.
 */
export function demoteChapterLabels(blocks: readonly ClassifiedBlock[]): ClassifiedBlock[] {
  const result = [...blocks];
  const content = result.map((block, index) => ({ block, index })).filter(({ block }) => !isFurniture(block));
  for (let i = 0; i + 1 < content.length; i++) {
    const { block, index } = content[i]!;
    const next = content[i + 1]!.block;
    if (!isHeading(block) || !isHeading(next) || !isLabel(block.text)) break;
    // A numbered heading after it opens a section: the short heading above it is a title itself,
    // unless the heading is set far larger, as a chapter's title under its label ("Kapitel" over "2 Nutzung …").
    const labelSize = block.lines[0]!.fontSize;
    const nextSize = next.lines[0]!.fontSize;
    if (nextSize < labelSize - 0.5 || (sectionNumbered.test(next.text) && nextSize < titleSizeRatio * labelSize)) break;
    result[index] = { ...block, label: 'text' };
  }
  return result;
}

/** Whether a heading's text is a label ("Chapter 3", "Section 1", "Part II", "ONE") rather than a title. */
export function isLabel(text: string): boolean {
  return text.length <= maxLabelLength && (labelWithNumber.test(text) || oneWord.test(text) || labelToken.test(text));
}
