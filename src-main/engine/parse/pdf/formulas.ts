import type { Line } from './types';

const mathSymbols = /[=<>≤≥±∓∑∏∫∮√∞∂∇≈≠≡×÷∈∉⊂⊆∪∩→←↔⇒⇔∀∃^_|‖]/gu;
const greekLetters = /[\u0391-\u03A9\u03B1-\u03C9]/gu;
const equationNumber = /\(\d{1,3}(\.\d{1,3})?\)$/;

/**
 * A display formula: short lines set mostly in math fonts, or dense in math symbols with few
 * running words. Inline math inside a sentence stays part of its paragraph.
 */
export function isFormula(lines: readonly Line[], text: string): boolean {
  if (lines.length > 4 || text.length > 240) return false;
  const words = text.match(/\p{L}{4,}/gu)?.length ?? 0;
  if (lines.every((l) => l.math) && words <= 3) return true;
  const setInMathFont = lines.some((l) => l.runs.some((r) => r.math));
  if (setInMathFont && words <= 2 && /[=<>≤≥≈≠∑∏∫]/u.test(text)) return true;
  const symbols = (text.match(mathSymbols)?.length ?? 0) + (text.match(greekLetters)?.length ?? 0);
  return symbols >= 2 && words <= 2 && (symbols >= 4 || equationNumber.test(text));
}
