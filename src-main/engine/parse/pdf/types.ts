/**
 * Geometry and intermediate layout types of the PDF parser. Every coordinate is in PDF points with
 * a BOTTOM-LEFT origin (as PDF user space and Docling's `BOTTOMLEFT` boxes): `top > bottom`.
 */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface FontStyle {
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** A TeX/math font (CMMI, CMSY, CMEX, math italic): evidence of a formula. */
  math: boolean;
  /** A small-capitals face (CMCSC, LMRomanCaps, `…-SC`): lower-case letters drawn as small capitals. */
  smallCaps?: boolean;
  /** The family its face belongs to, as its name spells it (`helvetica`, `times`, `cmss`, `lmroman`; see `familyOf`). */
  family?: string;
}

/** One text item of pdf.js, placed on the page. */
export interface TextRun extends Box, FontStyle {
  text: string;
  fontSize: number;
  baseline: number;
  rtl: boolean;
  /** Set when the glyphs' widths show that the space before the run's last character (a spacing accent) is a word space. */
  wordSpaceBeforeLast?: boolean;
}

/** A horizontal or vertical ruling line drawn on the page. */
export interface RuleSegment {
  orientation: 'horizontal' | 'vertical';
  /** y of a horizontal rule, x of a vertical one */
  position: number;
  from: number;
  to: number;
}

export interface PageGraphics {
  rules: RuleSegment[];
  images: Box[];
  /** Boxes of the painted paths that are not ruling lines: the strokes and fills of drawings. */
  drawings: Box[];
}

/**
 * A visual line: runs on one baseline that are close enough to read as one piece of text. A page
 * row split by a wide gap (columns, table cells) becomes several lines.
 */
export interface Line extends Box {
  runs: TextRun[];
  text: string;
  fontSize: number;
  /** Baseline of the run carrying most characters. */
  baseline: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  math: boolean;
  /** Most of its letters are set in a small-capitals face. */
  smallCaps?: boolean;
  /** The family of the face four in five of its letters are set in, where one is. */
  family?: string;
  rtl: boolean;
  /** `[start, end)` code points of this line in the page text; set when the page text is built. */
  span: [number, number];
  /** Set across the page's lines (see `turnedLines`): its box is upright, its text runs another way. */
  turned?: true;
  /** A number in the page's margin that numbers the line beside it (see `marginLineNumbers`): furniture. */
  lineNumber?: true;
}
