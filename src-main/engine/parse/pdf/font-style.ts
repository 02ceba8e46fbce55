import type { FontStyle } from './types';

/**
 * pdf.js only reports a generic family; the PostScript name (`ABCDEF+Times-Bold`, `CMBX12`,
 * `SFTT1000`) is the reliable evidence of weight, slant and pitch, so the style is read from it.
 */
const boldPattern = /bold|black|heavy|semibold|demi|bd(it)?$|cmbx|sfbx|-b$/i;
const italicPattern = /italic|oblique|cmti|sfti|cmsl|cmmi|it$/i;
const monospacePattern = /mono|courier|consol|cmtt|sftt|menlo|inconsolata|lucidaconsole|code|typewriter|fixed/i;
const mathPattern = /cmmi|cmsy|cmex|msam|msbm|stixmath|cambria-?math|mathematical|euclid|rsfs|eufm/i;

const cache = new Map<string, FontStyle>();

export function fontStyleOf(postScriptName: string): FontStyle {
  const cached = cache.get(postScriptName);
  if (cached) return cached;
  const name = postScriptName.replace(/^[A-Z]{6}\+/, '');
  const style: FontStyle = {
    bold: boldPattern.test(name),
    italic: italicPattern.test(name),
    monospace: monospacePattern.test(name),
    math: mathPattern.test(name),
  };
  cache.set(postScriptName, style);
  return style;
}
