const captionWord = '(figure|fig\\.|table|tab\\.|listing|algorithm|chart|scheme|plate|exhibit)';
/** "Figure 3:", "Fig. 2.", "Table 1.", "Listing 1:", "Figure 7-26." start a caption. */
const captionStart = new RegExp(`^${captionWord}\\s*[\\dIVXA-Z][\\w.-]*?\\s*[:.|]`, 'i');
/** "Figure 1", "Table B1", "Figure A.2" alone: the label a caption's title is set under (APA style), a caption too. */
const labelAlone = /^(\S+)\s+(?:\d[\d.-]*|[IVX]+|[A-Z][\d.-]*)$/u;
const captionWordAlone = new RegExp(`^${captionWord}$`, 'i');

export type CaptionTarget = 'table' | 'picture' | 'code' | 'any';

export function captionTargetOf(text: string): CaptionTarget | undefined {
  const match = captionStart.exec(text.trim()) ?? captionLabelOf(text);
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  if (word.startsWith('tab')) return 'table';
  if (word === 'listing' || word === 'algorithm') return 'code';
  if (word.startsWith('fig') || word === 'chart' || word === 'plate') return 'picture';
  return 'any';
}

/** Whether a text is a caption's label alone ("Figure 1", "Table B1"), the title set under it. */
export function isCaptionLabel(text: string): boolean {
  return captionLabelOf(text) !== null;
}

/** The caption word of a text that is a caption's label alone: its number after the word, in capitals if a letter. */
function captionLabelOf(text: string): RegExpExecArray | null {
  const match = labelAlone.exec(text.trim());
  return match && captionWordAlone.test(match[1]!) ? captionWordAlone.exec(match[1]!) : null;
}
