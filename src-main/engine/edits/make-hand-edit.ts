import type { Chunk } from '../../../src-shared/chunk';
import { StratumError } from '../../../src-shared/errors';
import { ANCHOR_WORDS, type HandEdit, type HandEditRequest } from '../../../src-shared/hand-edits';
import { stableHash } from '../chunk/chunk-id';
import { resolveRef } from '../ir/resolve';
import type { DoclingDocument } from '../ir/types';
import { utf16Offsets } from '../text/code-points';
import { comparePlaces, documentWordsOf, pageOf, type DocumentWords } from './document-words';
import { sourcePointOf } from './locate-anchor';

/**
 * A rule made of what the user picked on the run on screen (`chunks`, after the rules already
 * applied): anchored at source places, with the words there and an id derived from them.
 */
export function makeHandEdit(doc: DoclingDocument, chunks: readonly Chunk[], request: HandEditRequest): HandEdit {
  const words = documentWordsOf(doc);
  if (words.words.length === 0)
    throw invalid('the document has no source offsets to anchor an edit to (DOCX and DoclingDocument JSON have none)');
  const edit = editOf(doc, words, chunks, request);
  return { ...edit, id: `e${stableHash(edit).slice(0, 10)}` };
}

function editOf(doc: DoclingDocument, words: DocumentWords, chunks: readonly Chunk[], request: HandEditRequest): HandEdit {
  if (request.kind === 'merge') {
    const picked = [...new Set(request.chunks)].sort((a, b) => a - b).map((index) => chunks[index]);
    if (picked.some((chunk) => chunk === undefined)) throw invalid(`the run has ${chunks.length} chunks`);
    if (picked.some((chunk, i) => i > 0 && chunk!.index !== picked[i - 1]!.index + 1)) throw invalid('only adjacent chunks merge');
    const spans = picked.flatMap((chunk) => chunk!.sourceSpans);
    if (spans.length === 0) throw invalid('the chunks have no source offsets');
    const sorted = [...spans].sort((a, b) => comparePlaces(pageOf(a), a[0], pageOf(b), b[0]));
    const last = [...spans].sort((a, b) => comparePlaces(pageOf(a), a[1], pageOf(b), b[1])).at(-1)!;
    const first = sorted[0]!;
    return regionEdit('merge', words, words.firstAtOrAfter(pageOf(first), first[0]), words.firstAtOrAfter(pageOf(last), last[1]) - 1);
  }
  if (request.kind === 'split') {
    const at = wordAt(doc, words, request.ref, request.offset);
    if (at === 0 || at >= words.words.length) throw invalid('a split needs text on both sides of its point');
    const [previous, next] = [words.words[at - 1]!, words.words[at]!];
    if (previous.ref === next.ref && previous.start === next.start) {
      throw invalid(`the source names ${next.ref} only as a whole (an HTML item, a table): split it at its start`);
    }
    return {
      kind: 'split',
      at: sourcePointOf({ page: words.words[at]!.page, offset: words.words[at]!.start }),
      before: words.words.slice(Math.max(0, at - ANCHOR_WORDS), at).map((word) => word.word),
      after: words.words.slice(at, at + ANCHOR_WORDS).map((word) => word.word),
    };
  }
  const from = wordAt(doc, words, request.from.ref, request.from.offset);
  const toNext = wordAt(doc, words, request.to.ref, request.to.offset, true);
  return regionEdit(request.kind, words, from, toNext - 1);
}

function regionEdit(kind: 'merge' | 'pin' | 'exclude', words: DocumentWords, firstIndex: number, lastIndex: number): HandEdit {
  if (lastIndex < firstIndex) throw invalid('the region holds no words');
  const first = words.words[firstIndex]!;
  const last = words.words[lastIndex]!;
  const lastStart = Math.max(firstIndex, lastIndex - ANCHOR_WORDS + 1);
  return {
    kind,
    from: sourcePointOf({ page: first.page, offset: first.start }),
    to: sourcePointOf({ page: last.page, offset: last.end }),
    first: words.words.slice(firstIndex, Math.min(lastIndex + 1, firstIndex + ANCHOR_WORDS)).map((word) => word.word),
    last: words.words.slice(lastStart, lastIndex + 1).map((word) => word.word),
  };
}

/**
 * The word at a place in an item's text (code points, as the document view shows it): the word the
 * place is in or the next one; with `endOfRange`, the first word starting at or after the place.
 */
function wordAt(doc: DoclingDocument, words: DocumentWords, ref: string, offset: number, endOfRange = false): number {
  const own = words.words.flatMap((word, index) => (word.ref === ref ? [index] : []));
  if (own.length === 0) throw invalid(`${ref} has no words with a source place`);
  const item = resolveRef(doc, ref);
  const utf16 = item && 'text' in item ? utf16Offsets(item.text)(offset) : offset;
  const byText = [...own].sort((a, b) => words.words[a]!.textStart - words.words[b]!.textStart);
  const next = byText.find((index) => words.words[index]!.textStart >= utf16);
  if (endOfRange) return next ?? byText[byText.length - 1]! + 1;
  const containing = byText.find((index) => words.words[index]!.textStart < utf16 && words.words[index]!.textEnd > utf16);
  return containing ?? next ?? byText[byText.length - 1]! + 1;
}

function invalid(message: string): StratumError {
  return new StratumError('invalid-config', `hand edit: ${message}`);
}
