import type { GroupItem, PictureItem, TableItem, TextItem } from '../../../../src-shared/docling/types';
import { codePointOffsets, trimSpan, type CodePointOffset } from '../code-points';
import type { DocumentBuilder, TextOptions } from '../document-builder';
import { codeAfterHtmlDetour, type CodePlacement } from './html-detour';

export type ParentNode = GroupItem | TextItem | TableItem | PictureItem;

/** What every Markdown writer needs: the builder and the source the spans point into. */
export class MarkdownContext {
  /** The code-point offset of a UTF-16 offset in `source`. */
  readonly toCodePoint: CodePointOffset;

  constructor(
    readonly builder: DocumentBuilder,
    readonly source: string,
    /** The file has an HTML block, so Docling reads it through its HTML backend (see `html-detour`). */
    readonly htmlDetour: boolean,
  ) {
    this.toCodePoint = codePointOffsets(source);
  }

  /** A code item as Docling ends up with it: after the HTML detour when the file takes it. */
  addCode(text: string, language: string, placement: CodePlacement, options: TextOptions): void {
    const code = this.htmlDetour ? codeAfterHtmlDetour(text, placement) : { text, language };
    if (code) this.builder.addCode(code.text, code.language, options);
  }

  /** The `source_span` of UTF-16 offsets `[start, end)`, without surrounding whitespace. */
  span(start: number, end: number): [number, number] {
    const [s, e] = trimSpan(this.source, start, end);
    return [this.toCodePoint(s), this.toCodePoint(e)];
  }
}
