/**
 * Ligature glyphs that pdf.js cannot spell. A simple font's `/Differences` may name a glyph after
 * the letters it joins, as the Adobe Glyph List specification allows (`t_t`, `Q_u`, `f_f_i`,
 * `uni0074_uni0074`); pdf.js knows a few such names (`f_f`) and gives the raw character code of
 * the others, a control code, which the line builder drops: "Quellenangabe" became "ellenangabe".
 */

/** One component of a ligature name: a single letter or digit, or a `uniXXXX` / `uXXXX[XX]` code point. */
const componentPattern = /^(?:[\p{L}\p{N}]|uni[0-9A-F]{4}|u[0-9A-F]{4,6})$/u;
/** The characters pdf.js passes on as the raw code of a glyph it could not map (C0 and C1 controls). */
const controlCode = /[\u0000-\u001F\u007F-\u009F]/gu;

/** The text of a ligature glyph name ("Q_u" -> "Qu"; a suffix after a dot, "f_f.alt", is a variant); undefined for other names. */
export function ligatureTextOf(glyphName: string): string | undefined {
  const base = glyphName.split('.')[0] ?? '';
  const components = base.split('_');
  if (components.length < 2 || !components.every((component) => componentPattern.test(component))) return undefined;
  return components.map(componentText).join('');
}

function componentText(component: string): string {
  if (component.length === 1) return component;
  const hex = component.startsWith('uni') ? component.slice(3) : component.slice(1);
  return String.fromCodePoint(Number.parseInt(hex, 16));
}

/** A font's glyph names by character code (pdf.js's `differences`: an array or an object of code -> name). */
export type GlyphNames = Readonly<Record<number, string | undefined>>;

/** `text` with each control code that `glyphNames` names as a ligature spelled out. */
export function withLigaturesSpelled(text: string, glyphNames: GlyphNames | undefined): string {
  if (!glyphNames) return text;
  return text.replace(controlCode, (code) => {
    const name = glyphNames[code.charCodeAt(0)];
    return (name !== undefined && ligatureTextOf(name)) || code;
  });
}
