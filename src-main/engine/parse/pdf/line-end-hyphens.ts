import type { KeepsHyphen } from './hyphenation';
import type { Line } from './types';

/**
 * Which hyphens at the ends of lines are the words' own, told from the document's own spelling. A typesetter that
 * hyphenates breaks "exam-ple" at a line's end, and the hyphen goes when the lines are joined; one that does not (a
 * browser printing HTML) breaks only at a hyphen the text has, "dpkg-" + "buildpackage", which must stay. Where the
 * document spells the two halves elsewhere inside a line, more often with the hyphen than without, the hyphen is the
 * word's; more often without, it is the typesetter's. Where it spells them neither way, the hyphen stays in a document
 * whose other line-end hyphens, told apart so, were mostly its words' own (it hyphenates nothing) and goes in one whose
 * were mostly broken words (it hyphenates, a typewriter face too, as LuaTeX's manual does); with too few told either
 * way, it stays where the line ends in a typewriter face, which TeX and browsers leave unhyphenated by default.
 */
export interface LineEndHyphens {
  /** The `keepsHyphen` of `joinLines` for the lines of one paragraph or table cell. */
  keepsHyphen(lines: readonly Line[]): KeepsHyphen;
}

/**
 * A document hyphenates nothing where this many of its line-end hyphens told apart, and twice as many as the others, are
 * its words' own; it hyphenates where as many are broken words.
 */
const minTold = 3;
const toldOver = 2;

export function lineEndHyphens(paragraphs: readonly (readonly Line[])[]): LineEndHyphens {
  const withHyphen = new Map<string, number>();
  const joined = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const lines of paragraphs) {
    for (const line of lines) {
      // most lines hold no hyphen: the compound pattern would try every word of them
      const compounds = line.text.includes('-') ? line.text.matchAll(COMPOUND) : [];
      for (const [compound] of compounds) {
        const parts = initialFolded(compound).split('-');
        for (let i = 1; i < parts.length; i++) add(withHyphen, `${parts[i - 1]}-${parts[i]}`);
      }
      for (const [word] of line.text.matchAll(WORD)) add(joined, initialFolded(word));
    }
  }
  const spelling = (before: string, after: string): 'own' | 'broken' | undefined => {
    const hyphenated = withHyphen.get(initialFolded(`${before}-${after}`)) ?? 0;
    const whole = joined.get(initialFolded(`${before}${after}`)) ?? 0;
    return hyphenated > whole ? 'own' : whole > hyphenated ? 'broken' : undefined;
  };
  let own = 0;
  let broken = 0;
  for (const lines of paragraphs) {
    for (let i = 0; i + 1 < lines.length; i++) {
      const before = BROKEN_AT_END.exec(lines[i]!.text.trimEnd());
      const after = STARTS_LOWER.exec(lines[i + 1]!.text.trimStart());
      if (!before || !after) continue;
      const told = spelling(before[1]!, after[0]);
      if (told === 'own') own++;
      else if (told === 'broken') broken++;
    }
  }
  const hyphenatesNothing = own >= minTold && own >= toldOver * broken;
  const hyphenates = broken >= minTold && broken >= toldOver * own;
  return {
    keepsHyphen: (lines) => (line, before, after) => {
      const told = spelling(before, after);
      if (told) return told === 'own';
      if (hyphenatesNothing || hyphenates) return hyphenatesNothing;
      return lines[line]?.runs.at(-1)?.monospace === true;
    },
  };
}

/**
 * A word with its first letter in lower case, the rest as written: "Example" opening a sentence is "example", but
 * "NetworkManager" is no spelling of "network-" + "manager".
 */
function initialFolded(word: string): string {
  const first = word.codePointAt(0);
  if (first === undefined) return word;
  const initial = String.fromCodePoint(first);
  return initial.toLowerCase() + word.slice(initial.length);
}

/** Letters and digits joined by hyphens inside a line ("dpkg-buildpackage", "non-zero"). */
const COMPOUND = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const BROKEN_AT_END = /([\p{L}\p{N}]*\p{L})-$/u;
const STARTS_LOWER = /^\p{Ll}[\p{L}\p{N}]*/u;
