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
 * paper's title, which journals set larger than the text and flush left as the title is, yet name no section. An
 * affiliation's mark or an initial must show it: "Model Selection, Data Collection" is a heading's list of topics.
 */
export function isAuthorList(text: string): boolean {
  const parts = text
    .replace(bracketed, ' ')
    .split(/,|\s+(?:and|&)\s+/u)
    .map((part) =>
      part
        .trim()
        .split(/\s+/u)
        .filter((word) => word !== ''),
    )
    .filter((words) => words.length > 0 && !(words.length === 1 && affiliationMark.test(words[0]!)));
  if (parts.length < 2) return false;
  let marked = parts.length < text.split(',').length;
  const names = parts.every((marks) => {
    const words = marks.map((word) => word.replace(trailingMarks, '')).filter((word) => word !== '');
    if (words.join(' ') !== marks.join(' ')) marked = true;
    const name = [...words];
    while (name.length > 2 && affiliationMark.test(name.at(-1)!)) name.pop();
    if (name.length < words.length || name.some((word) => initial.test(word))) marked = true;
    return name.length >= 2 && name.length <= 5 && name.every((word) => nameWord.test(word)) && name.some((word) => fullWord.test(word));
  });
  return names && marked;
}
