/**
 * A word of a person's name: capitalised ("Özen", "O'Neil", "Hansen-Berg"), in capitals ("SAYGIN"), an initial or
 * initials ("J.", "K.V.", "Ch."), or a particle in lower case ("van", "de", "von").
 */
const nameWord = /^(?:\p{Lu}[\p{Ll}'’-]*\p{Ll}|\p{Lu}{2,}|(?:\p{Lu}\p{Ll}?\.-?)+|van|von|der|den|de|del|della|da|di|du|le|la|bin|ibn)$/u;
/** A word that is no initial: a name holds one at least. */
const fullWord = /^(?:\p{Lu}[\p{Ll}'’-]*\p{Ll}|\p{Lu}{2,})$/u;
/**
 * An affiliation's mark after a name, or standing alone between two commas: a letter or two in lower case, a number,
 * a footnote symbol ("a,b,n", "1,2", "∗", "†").
 */
const affiliationMark = /^(?:\p{Ll}{1,2}|\p{Nd}{1,2}|[*∗†‡§¶#⁎✉]{1,3})$/u;
/** An initial or initials ("J.", "K.V."). */
const initial = /^(?:\p{Lu}\p{Ll}?\.-?)+$/u;
/** Marks set tight after a name's last letter ("TROVATO∗", "Martin1", "Rossi¹"). */
const trailingMarks = /[*∗†‡§¶#⁎✉\p{Nd}\p{No}]+$/u;
/** A role or a note in brackets after a name ("(Researcher)"). */
const bracketed = /\([^)]*\)/gu;

/**
 * Whether a line lists people's names, two or more, parted by commas, "and" or "&", each of two to five words of a name
 * with its affiliation's marks after it ("Yunus Özen a,b,n, Nihan Akın a,b, Barış Kınacı c"): the authors under a
 * paper's title, which journals set larger than the text and flush left as the title is, yet name no section. Each
 * name shows it by an affiliation's mark or an initial: "Model Selection, Data Collection" is a heading's list of topics,
 * "A. Region and Script Mappings" an appendix's title.
 */
export function isAuthorList(text: string): boolean {
  const names: { words: string[]; marked: boolean }[] = [];
  for (const piece of text.replace(bracketed, ' ').split(/,|\s+(?:and|&)\s+/u)) {
    const words = piece
      .trim()
      .split(/\s+/u)
      .filter((word) => word !== '');
    if (words.length === 0) continue;
    // A mark standing alone between commas ("Özen a,b,n,") is the name's before it.
    if (words.length === 1 && affiliationMark.test(words[0]!) && names.length > 0) {
      names.at(-1)!.marked = true;
      continue;
    }
    const bare = words.map((word) => word.replace(trailingMarks, '')).filter((word) => word !== '');
    const name = [...bare];
    while (name.length > 2 && affiliationMark.test(name.at(-1)!)) name.pop();
    const marked = bare.join(' ') !== words.join(' ') || name.length < bare.length || name.some((word) => initial.test(word));
    names.push({ words: name, marked });
  }
  return (
    names.length >= 2 &&
    names.every(
      ({ words, marked }) =>
        marked &&
        words.length >= 2 &&
        words.length <= 5 &&
        words.every((word) => nameWord.test(word)) &&
        words.some((word) => fullWord.test(word)),
    )
  );
}
