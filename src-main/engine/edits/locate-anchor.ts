import type { HandEdit, SourcePoint } from '../../../src-shared/hand-edits';
import { pageOf, type DocumentWords } from './document-words';

/** Words searched on either side of where an anchor was: a document that changed slightly moved it a little. */
const SEARCH_WORDS = 5000;

/** A place found again: a source point and the index of the document word there. */
export interface FoundPoint {
  page: number;
  offset: number;
}

export type Located<T> = { found: T } | { reason: string };

/** A rule's places in this parse: a region `[from, to)`, or a split point. */
export type LocatedEdit = { from: FoundPoint; to: FoundPoint } | { at: FoundPoint };

const NO_SOURCE = 'the document has no source offsets to anchor it (DOCX and DoclingDocument JSON have none)';

/**
 * Finds a rule's anchors again by their words: where they were, if the words there are still the
 * same; else the one place within SEARCH_WORDS words of it that has them. No such place, or several,
 * and the rule is unmatched (with the reason), never applied somewhere else.
 */
export function locateEdit(words: DocumentWords, edit: HandEdit): Located<LocatedEdit> {
  if (words.words.length === 0) return { reason: NO_SOURCE };
  if (edit.kind === 'split') {
    const sequence = [...edit.before, ...edit.after];
    const found = findSequence(words, sequence, words.firstAtOrAfter(pageOf(edit.at), edit.at.offset) - edit.before.length);
    if ('reason' in found)
      return { reason: `the words around the split ("${excerpt(edit.before)} | ${excerpt(edit.after)}") ${found.reason}` };
    const word = words.words[found.found + edit.before.length]!;
    return { found: { at: { page: word.page, offset: word.start } } };
  }
  const first = findSequence(words, edit.first, words.firstAtOrAfter(pageOf(edit.from), edit.from.offset));
  if ('reason' in first) return { reason: `the region's first words ("${excerpt(edit.first)}") ${first.reason}` };
  const expectedLast = words.firstAtOrAfter(pageOf(edit.to), edit.to.offset) - edit.last.length;
  const last = findSequence(words, edit.last, expectedLast, first.found);
  if ('reason' in last) return { reason: `the region's last words ("${excerpt(edit.last)}") ${last.reason}` };
  const start = words.words[first.found]!;
  const end = words.words[last.found + edit.last.length - 1]!;
  return { found: { from: { page: start.page, offset: start.start }, to: { page: end.page, offset: end.end } } };
}

/** The index where `sequence` starts: at `expected` if it is there, else its one occurrence near it (not before `notBefore`). */
function findSequence(words: DocumentWords, sequence: readonly string[], expected: number, notBefore = 0): Located<number> {
  const list = words.words;
  const matchesAt = (index: number) => sequence.every((word, k) => list[index + k]?.word === word);
  if (expected >= notBefore && matchesAt(expected)) return { found: expected };
  const occurrences: number[] = [];
  const last = Math.min(list.length - sequence.length, expected + SEARCH_WORDS);
  for (let index = Math.max(notBefore, expected - SEARCH_WORDS); index <= last && occurrences.length < 2; index++) {
    if (matchesAt(index)) occurrences.push(index);
  }
  if (occurrences.length === 1) return { found: occurrences[0]! };
  return { reason: occurrences.length === 0 ? 'are no longer in the document near their place' : 'occur more than once near their place' };
}

function excerpt(words: readonly string[]): string {
  return words.join(' ');
}

/** A found point as a rule stores it (no page in a source without pages). */
export function sourcePointOf(point: FoundPoint): SourcePoint {
  return point.page === 0 ? { offset: point.offset } : { offset: point.offset, page: point.page };
}
