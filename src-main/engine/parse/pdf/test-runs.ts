import type { TextRun } from './types';

/** A synthetic text run for layout tests: glyphs half the font size wide, the box from 0.2 below the baseline to 0.8 above. */
export function textRun(text: string, left: number, baseline: number, fontSize = 10): TextRun {
  return {
    text,
    left,
    right: left + text.length * 0.5 * fontSize,
    bottom: baseline - 0.2 * fontSize,
    top: baseline + 0.8 * fontSize,
    baseline,
    fontSize,
    bold: false,
    italic: false,
    monospace: false,
    math: false,
    rtl: false,
  };
}
