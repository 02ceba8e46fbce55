/**
 * The numbers and letters that name a target ("3.2", "B", "IV", "(3)", "第十二章"'s 十二), as pattern
 * sources, and their one spelling (`normalizeLabel`) under which a reference and its target meet.
 * Every repetition is bounded, so that a pattern costs time linear in the text.
 */

/** A digit in Latin, Arabic-Indic, Persian or full-width form. */
export const DIGIT = '[0-9\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]';
/** `3`, `3.2`, `3.2.1`: up to six levels. */
export const NUMBER = `${DIGIT}{1,4}(?:\\.${DIGIT}{1,4}){0,5}`;
/** The first letters of the abjad order (أ ب ج د ...), which letter Arabic appendices. */
const ARABIC_ABJAD_LETTER = '[\u0623\u0628\u062c\u062f\u0647\u0648\u0632\u062d\u0637\u064a]';
/** `A`, `A.1`, Cyrillic `Б`, or an Arabic abjad letter (appendices and annexes). */
export const LETTER = `(?:[A-Z\u0410-\u042f\u0401]|${ARABIC_ABJAD_LETTER})(?:\\.${DIGIT}{1,4}){0,5}`;
export const ROMAN = '[IVXLC]{1,7}';
/** `(3)`, `(3a)`, `(2.1)`, with full-width parentheses too. */
export const PARENTHESISED = `[(\uff08]\\s?${NUMBER}[a-z]?\\s?[)\uff09]`;
/** A number in Chinese numerals, up to 999. */
export const CHINESE_NUMBER = '[一二三四五六七八九十百零〇两]{1,5}';
/** A letter or digit of a script that writes words with spaces: a label running into one is part of a word. */
export const LABEL_END = '(?![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Arabic}\\p{Script=Greek}\\p{N}_])';

/** "7-26" after "Figure ": a label of chapter and number, or a range (see `FoundReference.rangeReading`). */
const HYPHENATED = new RegExp(`[-\u2010\u2011\u2013](${NUMBER})${LABEL_END}`, 'uy');

/** The number joined by a hyphen or dash right at `at` ("-26" of "7-26"), and where it ends. */
export function hyphenatedLabel(text: string, at: number): { label: string; end: number } | undefined {
  HYPHENATED.lastIndex = at;
  const match = HYPHENATED.exec(text);
  return match ? { label: match[1]!, end: at + match[0].length } : undefined;
}

const digitZeros = [0x30, 0x660, 0x6f0, 0xff10];
const chineseDigits: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** The shape of a label: a reference lists more targets of its first one's shape ("Tables 2 and 3", "Eqs. (3) and (4)"). */
export type LabelShape = 'number' | 'letter' | 'roman' | 'parenthesised';

export function labelShape(label: string): LabelShape {
  if (/^[(\uff08]/.test(label)) return 'parenthesised';
  if (new RegExp(`^${ROMAN}$`).test(label) && label.length > 1) return 'roman';
  return new RegExp(`^${DIGIT}`).test(label) ? 'number' : 'letter';
}

/** The pattern source of a label of `shape`. */
export function labelPattern(shape: LabelShape): string {
  switch (shape) {
    case 'number':
      return `${NUMBER}[a-z]?`;
    case 'letter':
      return LETTER;
    case 'roman':
      return ROMAN;
    case 'parenthesised':
      return PARENTHESISED;
  }
}

/**
 * One spelling per label: ASCII digits, no parentheses or spaces, Chinese numerals as digits.
 * `(３)`, `3` and `٣` are all `3`; `十二` is `12`.
 */
export function normalizeLabel(label: string): string {
  const bare = label.replace(/[\s()\uff08\uff09]/g, '');
  if (/^[一二三四五六七八九十百零〇两]+$/.test(bare)) return String(chineseNumberValue(bare));
  let normalized = '';
  for (const character of bare) {
    const code = character.charCodeAt(0);
    const zero = digitZeros.find((base) => code >= base && code <= base + 9);
    normalized += zero === undefined ? character : String(code - zero);
  }
  return normalized;
}

/** `十二` → 12, `二十一` → 21, `一百零五` → 105, `三` → 3. */
function chineseNumberValue(numerals: string): number {
  let total = 0;
  let digit = 0;
  for (const numeral of numerals) {
    if (numeral === '百') {
      total += (digit || 1) * 100;
      digit = 0;
    } else if (numeral === '十') {
      total += (digit || 1) * 10;
      digit = 0;
    } else {
      digit = chineseDigits[numeral] ?? 0;
    }
  }
  return total + digit;
}

/** A label without its last letter ("3b" → "3"): a reference to a sub-figure finds the figure. */
export function withoutSubLabel(label: string): string | undefined {
  return /^\d+(?:\.\d+)*[a-z]$/.test(label) ? label.slice(0, -1) : undefined;
}
