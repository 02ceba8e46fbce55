import type { DocxStyles } from './docx-styles';
import { fontOf } from './docx-styles';
import { child, childrenNamed, findAll, textOf, type XmlElement } from '../ooxml/xml-tree';

/** Monospaced font families whose text can be code. */
const MONOSPACED_FONTS = new Set([
  'consolas',
  'courier',
  'courier new',
  'lucida console',
  'menlo',
  'monaco',
  'dejavu sans mono',
  'andale mono',
  'liberation mono',
  'sf mono',
]);
/** Share of a paragraph's characters that must be set in a monospaced font. */
const MONOSPACED_SHARE = 0.9;
/** Punctuation that prose seldom uses and code does; a semicolon alone is prose. */
const CODE_PUNCTUATION = /[{}=<>]/;
/** A call with nothing, or with numbers, commas, dots, underscores, `=` or quotes, between its parentheses: `f()`, `print(sys.argv)`. */
const CODE_CALL = /[A-Za-z_]\((?:\s*\)|[^)]*[\d,._='"][^)]*\))/;
const BLOCK_KEYWORDS = 'def|class|if|elif|while|for|with|except|finally|try|catch|switch|function|func|fn|sub|proc';
/** A line that opens a block: a keyword, something after it, and a closing colon (`for x in xs:`). */
const BLOCK_HEADER = new RegExp(`^[ \\t]*(?:async\\s+)?(?:${BLOCK_KEYWORDS})\\s+\\S[^\\n]*:[ \\t]*$`, 'm');
/** Styles whose paragraphs are labels of other things, never code. */
const LABEL_STYLE = /caption|figure|table|label/;
const FIGURE_LABEL = /^(?:figure|table|listing)\s+\d/i;

export interface CodeByFontQuestion {
  paragraph: XmlElement;
  /** The paragraph's text as read (leading indentation kept). */
  text: string;
  styleId: string | undefined;
  styles: DocxStyles;
  /** The item before it in its parent is code: an indented line then continues the block. */
  continuesCode: boolean;
}

/**
 * Whether a paragraph without a code style reads as code, as Docling's Word backend tells it: it
 * looks like code (code punctuation, a call, a block header, or an indented line continuing a
 * block) and nearly all of its characters are set in a monospaced font. Docling also accepts a
 * paragraph whose language its content guesser recognises; Stratum has no such guesser. The caller
 * leaves out list items, table cells and page headers and footers, as Docling does.
 */
export function isCodeByFont(question: CodeByFontQuestion): boolean {
  const { paragraph, text, styleId, styles } = question;
  if (LABEL_STYLE.test(styles.name(styleId).toLowerCase())) return false;
  const trimmed = text.trim();
  if (trimmed === '' || FIGURE_LABEL.test(trimmed)) return false;
  const looksLikeCode = CODE_PUNCTUATION.test(trimmed) || CODE_CALL.test(trimmed) || BLOCK_HEADER.test(trimmed);
  const continuesBlock = question.continuesCode && /^\s/.test(text);
  if (!looksLikeCode && !continuesBlock) return false;
  return monospacedShare(paragraph, styles.font(styleId)) >= MONOSPACED_SHARE;
}

/** Share of the paragraph's run characters (trimmed per run) set in a monospaced font; 0 without text. */
function monospacedShare(paragraph: XmlElement, styleFont: string | undefined): number {
  let monospaced = 0;
  let total = 0;
  for (const run of findAll(paragraph, 'w:r')) {
    const length = [...runText(run).trim()].length;
    if (length === 0) continue;
    total += length;
    const font = (fontOf(child(run, 'w:rPr')) ?? styleFont ?? '').trim().toLowerCase();
    if (MONOSPACED_FONTS.has(font)) monospaced += length;
  }
  return total === 0 ? 0 : monospaced / total;
}

function runText(run: XmlElement): string {
  return childrenNamed(run, 'w:t').map(textOf).join('');
}
