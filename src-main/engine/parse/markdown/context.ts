import type { GroupItem, PictureItem, TableItem, TextItem } from '../../ir/types';
import type { CodePointOffset } from '../../text/code-points';
import { SourceSpans } from '../../text/source-spans';
import type { DocumentBuilder, TextOptions } from '../document-builder';
import { codeAfterHtmlDetour, type CodePlacement } from './html-detour';

export type ParentNode = GroupItem | TextItem | TableItem | PictureItem;

/** What every Markdown writer needs: the builder and the source the spans point into. */
export class MarkdownContext {
  /** The code-point offset of a UTF-16 offset in `source`. */
  readonly toCodePoint: CodePointOffset;
  private readonly spans: SourceSpans;

  constructor(
    readonly builder: DocumentBuilder,
    readonly source: string,
    /** The file has an HTML block, so Docling reads it through its HTML backend (see `html-detour`). */
    readonly htmlDetour: boolean,
  ) {
    this.spans = new SourceSpans(source);
    this.toCodePoint = this.spans.toCodePoint;
  }

  /** A code item as Docling ends up with it: after the HTML detour when the file takes it. */
  addCode(text: string, language: string, placement: CodePlacement, options: TextOptions): void {
    const code = this.htmlDetour ? codeAfterHtmlDetour(text, placement) : { text, language };
    // The detour may rewrite the text: runs read for the text as written no longer fit it.
    if (code) this.builder.addCode(code.text, code.language, code.text === text ? options : { ...options, sourceRuns: undefined });
  }

  /** The `source_span` of UTF-16 offsets `[start, end)`, without surrounding whitespace. */
  span(start: number, end: number): [number, number] {
    return this.spans.spanOf(start, end);
  }
}
