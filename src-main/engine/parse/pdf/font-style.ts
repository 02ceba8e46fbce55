import type { FontStyle } from './types';

/**
 * pdf.js only reports a generic family; the PostScript name (`ABCDEF+Times-Bold`, `CMBX12`,
 * `SFTT1000`) is the reliable evidence of weight, slant and pitch, so the style is read from it.
 * Bold is any weight from medium up, as foundries spell them: URW's `-Medi` (NimbusRomNo9L-Medi
 * is its bold Times), `Medium`, `Semibold`, `Demi`, `Heavy`, `Black`, Hiragino-style `W6`..`W9`,
 * TeX's bold text, sans and math faces, Linux Libertine and Biolinum, which spell bold `B` and semibold `Z`
 * after their format letter (`LinLibertineTB`, `LinBiolinumTBO`, `LinLibertineOB`), and the `.B` and `.BI` after the
 * face of the fonts Elsevier's journals set (`AdvOTb83ee1dd.B`, `AdvOT8244d044.BI+03`: see `styleSuffix`).
 */
const boldPattern =
  /bold|black|heavy|semibold|demi|-medi|medium|-w[6-9]$|bd(it)?$|cmbx|cmssbx|cmmib|cmbsy|cmb\d|sfbx|sfsx|ecbx|ecrb|-b$|\.bi?$/i;
/**
 * Linux Libertine and Biolinum: the family, its format letter (`T` Type 1, `O` OpenType, or none), then `B` (bold) or
 * `Z` (semibold): `LinLibertineTB`, `LinLibertineOB`, `LinLibertineBI`, `LinLibertineZ`. The mono face (`MT`) is not matched.
 */
const libertineBoldPattern = /lin(?:libertine|biolinum)[to]?[bz]/i;
const italicPattern = /italic|oblique|cmti|sfti|cmsl|cmmi|it$|\.b?i$/i;
/**
 * A face's style letters after a dot and the number of a re-encoded copy after a plus (`AdvOTb92eb7df.I+20`,
 * `AdvOT863180fb+01`: Adobe's names for the faces of Elsevier's journals): the style is read without the copy's
 * number, the family without either.
 */
const styleSuffix = /(?:\.(?:b|bi|i|r))?(?:\+\w{1,3})?$/i;
const copyNumber = /\+\w{1,3}$/;
/** Typewriter faces, with URW's Courier (NimbusMonL) and TeX's typewriter fonts of every encoding (cmtt, ectt, tctt, txtt, pcrr). */
const monospacePattern =
  /mono|courier|nimbusmon|consol|cmtt|sftt|ectt|tctt|txtt|pcrr|menlo|monaco|inconsolata|lucidaconsole|lettergothic|code|typewriter|fixed/i;
/**
 * Small-capitals faces: TeX's CMCSC and EC's caps-and-small-caps (`eccc`), Latin Modern's `LMRomanCaps`, `…SmallCaps`,
 * and the `…sc` / `-SC` names of the txfonts, pxfonts, Palatino and Kp families (`rtxsc`, `TeXPalladioL-SC`).
 */
const smallCapsPattern = /cmcsc|eccc\d|romancaps|small-?caps|-sc$|[a-z]sc\d*$/i;
const mathPattern = /cmmi|cmsy|cmex|msam|msbm|stixmath|cambria-?math|mathematical|euclid|rsfs|eufm/i;

const cache = new Map<string, FontStyle>();

/** A font's name without the six-letter tag of an embedded subset (`ABCDEF+Times-Bold` -> `Times-Bold`): the face it comes from. */
export function faceNameOf(postScriptName: string): string {
  return postScriptName.replace(/^[A-Z]{6}\+/, '');
}

/**
 * The style a font's name spells. `proportional` is what the font's own widths say: glyphs of
 * different advances are no typewriter face, whatever a name pattern finds in the name (Junicode's
 * "code", a variable-width face of a typewriter family).
 */
export function fontStyleOf(postScriptName: string, proportional = false): FontStyle {
  const key = `${postScriptName}|${proportional}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const name = faceNameOf(postScriptName).replace(copyNumber, '');
  const style: FontStyle = {
    bold: boldPattern.test(name) || libertineBoldPattern.test(name),
    italic: italicPattern.test(name),
    monospace: !proportional && monospacePattern.test(name),
    math: mathPattern.test(name),
    ...(smallCapsPattern.test(name) ? { smallCaps: true } : {}),
    family: familyOf(name),
  };
  cache.set(key, style);
  return style;
}

/**
 * The family of a face, from its name: what precedes the style (`Times-Roman`, `Helvetica-Oblique`, `Arial,Bold`,
 * `NimbusSanL-Regu`), without Monotype's `MT` and a size in points (TeX's `CMSS10`, `LMRoman10`, `SFRM1000`), lower case.
 * TeX names each of a family's weights and slants as a face of its own (`CMR`, `CMBX`, `CMTI`): those differ by the
 * style flags too.
 */
export function familyOf(faceName: string): string {
  const beforeStyle = faceName.replace(styleSuffix, '').split(/[-,]/)[0] ?? faceName;
  const family = beforeStyle.replace(/(?:PS)?MT$/, '').replace(/\d+$/, '');
  return (family === '' ? beforeStyle : family).toLowerCase();
}
