import type { ClassifiedLines } from './classify-block';
import { countWords, letterCount } from '../../text/words';

/** A subheading of a template opens at least this many sections. */
const minTemplateSections = 3;
/** ...and this share of the sections from the first it opens to the last. */
const templateShare = 0.5;
/** A section where a larger heading went unseen holds two of the template's; a label comes twice in more. */
const maxRepeatShare = 0.25;
/** A subheading's name holds at least this many letters, */
const minNameLetters = 3;
/** ...this many words at most, */
const maxNameWords = 3;
/** ...and this many characters (a script written without spaces). */
const maxNameLength = 40;
/** Sizes this close (points) are one size. */
const sizeTolerance = 0.5;

/**
 * Subheadings of a template the document repeats section by section: the same few short names ("Syntax",
 * "Example", "See also" under every function of a reference) set in one style below a larger heading, once in
 * each section that larger headings open (where a larger heading went unseen, a section holds two), and in most
 * of them. A label ("Note", "Tip") comes where the text needs it: twice in one section, or in a few sections here
 * and there. `headings` are in reading order; the subheadings found keep their label.
 */
export function templateSubheadings(headings: readonly ClassifiedLines[]): Set<ClassifiedLines> {
  const byKey = new Map<string, ClassifiedLines[]>();
  for (const heading of headings) byKey.set(keyOf(heading), [...(byKey.get(keyOf(heading)) ?? []), heading]);
  const found = new Set<ClassifiedLines>();
  for (const group of byKey.values()) {
    if (group.length < minTemplateSections || !namesASubsection(group[0]!.text)) continue;
    const size = group[0]!.lines[0]!.fontSize;
    const members = new Set(group);
    // counts of the group's texts in each section a larger heading opens, in order
    const perSection: number[] = [];
    for (const heading of headings) {
      if (heading.lines[0]!.fontSize > size + sizeTolerance) perSection.push(0);
      else if (members.has(heading) && perSection.length > 0) perSection[perSection.length - 1]!++;
    }
    const first = perSection.findIndex((count) => count > 0);
    const last = perSection.findLastIndex((count) => count > 0);
    const opened = perSection.filter((count) => count === 1).length;
    const repeated = perSection.filter((count) => count > 1).length;
    if (first < 0 || repeated > maxRepeatShare * opened) continue;
    if (opened >= minTemplateSections && opened >= templateShare * (last - first + 1)) for (const heading of group) found.add(heading);
  }
  return found;
}

/** A template's subheading is a name of a word or three ("See also"), not a sample sentence or formula said in every section. */
function namesASubsection(text: string): boolean {
  const letters = letterCount(text);
  return letters >= minNameLetters && countWords(text) <= maxNameWords && [...text].length <= maxNameLength;
}

function keyOf(heading: ClassifiedLines): string {
  const line = heading.lines[0]!;
  return `${Math.round(line.fontSize * 2) / 2}|${line.bold ? 1 : 0}|${line.italic ? 1 : 0}\u0000${heading.text.trim().toLowerCase()}`;
}
