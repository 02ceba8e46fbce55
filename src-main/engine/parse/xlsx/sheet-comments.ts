import type { OfficePackage, PackageRelationship } from '../ooxml/office-package';
import { relationshipOfType } from '../ooxml/office-package';
import { child, childrenNamed, findAll, textOf, type XmlElement } from '../ooxml/xml-tree';
import { parseCellReference, type CellPosition } from './cell-reference';

/** A cell's comment as Docling writes it: `[author: Jane Smith (JS), time: 2026-06-18T17:12:57.350]: text`. */
export interface CellComment {
  ref: string;
  position: CellPosition;
  texts: string[];
}

/**
 * The comments of a sheet, row by row: its notes (`xl/commentsN.xml`) and, where Excel 365 keeps
 * a thread for the same cell (`xl/threadedComments/`), the thread instead, each reply with its
 * author and time. A note that stands for a thread Stratum cannot read keeps its text.
 */
export function readSheetComments(
  pkg: OfficePackage,
  sheetRelationships: ReadonlyMap<string, PackageRelationship>,
  persons: ReadonlyMap<string, string>,
): CellComment[] {
  const byRef = new Map<string, string[]>();
  const notes = child(pkg.xml(relationshipOfType(sheetRelationships, 'comments')?.path), 'comments');
  const authors = childrenNamed(child(notes, 'authors'), 'author').map((a) => textOf(a).trim());
  for (const comment of childrenNamed(child(notes, 'commentList'), 'comment')) {
    const text = textOf(child(comment, 'text') ?? comment).trim();
    const author = authors[Number(comment.attrs.authorId ?? -1)] ?? '';
    if (!text) continue;
    byRef.set(comment.attrs.ref ?? '', [describe(author.startsWith('tc={') ? 'Threaded comment' : author, undefined, text)]);
  }
  const threads = child(pkg.xml(relationshipOfType(sheetRelationships, 'threadedComment')?.path), 'ThreadedComments');
  const threaded = new Map<string, string[]>();
  for (const comment of childrenNamed(threads, 'threadedComment')) {
    const text = textOf(child(comment, 'text') ?? comment).trim();
    if (!text) continue;
    const author = persons.get(comment.attrs.personId ?? '') ?? 'Unknown';
    const ref = comment.attrs.ref ?? '';
    threaded.set(ref, [...(threaded.get(ref) ?? []), describe(author, comment.attrs.dT, text)]);
  }
  for (const [ref, texts] of threaded) byRef.set(ref, texts);
  return [...byRef.entries()]
    .flatMap(([ref, texts]) => {
      const position = parseCellReference(ref);
      return position ? [{ ref, position, texts }] : [];
    })
    .sort((a, b) => a.position.row - b.position.row || a.position.col - b.position.col);
}

/** The workbook's people (`xl/persons/person.xml`) by id, as threaded comments name their authors. */
export function readPersons(pkg: OfficePackage, workbookRelationships: ReadonlyMap<string, PackageRelationship>): Map<string, string> {
  const list: XmlElement | undefined = child(pkg.xml(relationshipOfType(workbookRelationships, 'person')?.path), 'personList');
  return new Map(
    findAll(list ?? { name: '', attrs: {}, children: [] }, 'person').map((p) => [p.attrs.id ?? '', p.attrs.displayName ?? '']),
  );
}

function describe(author: string, time: string | undefined, text: string): string {
  const parts = [author ? `author: ${author}` : '', time ? `time: ${isoMilliseconds(time)}` : ''].filter(Boolean);
  return parts.length > 0 ? `[${parts.join(', ')}]: ${text}` : text;
}

/** `2026-06-18T17:12:57.35` → `2026-06-18T17:12:57.350`: times to the millisecond, as Docling writes them. */
function isoMilliseconds(time: string): string {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(time);
  if (!match) return time;
  return `${match[1]}.${(match[2] ?? '').padEnd(3, '0').slice(0, 3)}${match[3] === 'Z' ? '+00:00' : (match[3] ?? '')}`;
}
