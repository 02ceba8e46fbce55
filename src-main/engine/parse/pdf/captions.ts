/** "Figure 3:", "Fig. 2.", "Table 1.", "Listing 1:", "Figure 7-26." start a caption. */
const captionStart = /^(figure|fig\.|table|tab\.|listing|algorithm|chart|scheme|plate|exhibit)\s*[\dIVXA-Z][\w.-]*?\s*[:.|]/i;

export type CaptionTarget = 'table' | 'picture' | 'code' | 'any';

export function captionTargetOf(text: string): CaptionTarget | undefined {
  const match = captionStart.exec(text.trim());
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  if (word.startsWith('tab')) return 'table';
  if (word === 'listing' || word === 'algorithm') return 'code';
  if (word.startsWith('fig') || word === 'chart' || word === 'plate') return 'picture';
  return 'any';
}
