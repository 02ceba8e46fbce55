import type { Line } from './types';

const mathSymbols = /[=<>≤≥±∓∑∏∫∮√∞∂∇≈≠≡×÷∈∉⊂⊆∪∩→←↔⇒⇔∀∃^_|‖]/gu;
/**
 * A Greek letter standing for a quantity: alone, or two together ("αβ"); a run of three or more
 * letters of the Greek script is a word of Greek text ("Παράμετροι εκκίνησης").
 */
const greekSymbols = /(?<![\p{Script=Greek}])[\u0391-\u03A9\u03B1-\u03C9]{1,2}(?![\p{Script=Greek}])/gu;
const equationNumber = /\(\d{1,3}(\.\d{1,3})?\)$/;

/**
 * A display formula: short lines set mostly in math fonts, dense in math symbols with few running
 * words, or a numbered relation set in a math font. Inline math inside a sentence stays part of
 * its paragraph.
 */
export function isFormula(lines: readonly Line[], text: string): boolean {
  if (lines.length > 4 || text.length > 240) return false;
  const words = text.match(/\p{L}{4,}/gu)?.length ?? 0;
  if (lines.every((l) => l.math) && words <= 3) return true;
  const setInMathFont = lines.some((l) => l.runs.some((r) => r.math));
  const relation = /[=<>≤≥≈≠∑∏∫]/u.test(text);
  if (setInMathFont && words <= 2 && relation) return true;
  // A numbered display with a relation in a math font, even when it is mostly words ("width ≤ 1024 pixels (2)").
  if (setInMathFont && relation && lines.length <= 2 && equationNumber.test(text)) return true;
  const symbols = (text.match(mathSymbols)?.length ?? 0) + (text.match(greekSymbols)?.join('').length ?? 0);
  return symbols >= 2 && words <= 2 && (symbols >= 4 || equationNumber.test(text));
}
