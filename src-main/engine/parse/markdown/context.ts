import type { GroupItem, PictureItem, TableItem, TextItem } from '../../../../src-shared/docling/types';
import { codePointOffsets, trimSpan, type CodePointOffset } from '../code-points';
import type { DocumentBuilder } from '../document-builder';

export type ParentNode = GroupItem | TextItem | TableItem | PictureItem;

/** What every Markdown writer needs: the builder and the source the spans point into. */
export class MarkdownContext {
  /** The code-point offset of a UTF-16 offset in `source`. */
  readonly toCodePoint: CodePointOffset;

  constructor(
    readonly builder: DocumentBuilder,
    readonly source: string,
  ) {
    this.toCodePoint = codePointOffsets(source);
  }

  /** The `source_span` of UTF-16 offsets `[start, end)`, without surrounding whitespace. */
  span(start: number, end: number): [number, number] {
    const [s, e] = trimSpan(this.source, start, end);
    return [this.toCodePoint(s), this.toCodePoint(e)];
  }
}
