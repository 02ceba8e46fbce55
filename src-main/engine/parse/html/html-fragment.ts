import { parseFragment } from 'parse5';
import type { GroupItem, PictureItem, TableItem, TextItem } from '../../ir/types';
import type { CodePointOffset } from '../../text/code-points';
import type { DocumentBuilder } from '../document-builder';
import { descendants, elementsWithBlockDescendants, isElement, labelTargets } from './html-tree';
import { checkHtmlNesting, checkHtmlSourceNesting } from './html-nesting';
import { HtmlWalker } from './html-walker';

export interface HtmlFragmentPlacement {
  /** The item the fragment's items are appended under; the body when absent. */
  parent?: GroupItem | TextItem | TableItem | PictureItem;
  /** Maps a UTF-16 offset in the fragment to the code-point offset that `source_span` records. */
  toSourceOffset: CodePointOffset;
}

/**
 * Converts an HTML fragment (a raw HTML block of another format) into items appended to `builder`,
 * read exactly as the HTML parser reads a page, except that the fragment is body content from its
 * first element on and its headings stay flat beside their siblings.
 */
export function appendHtmlFragment(builder: DocumentBuilder, html: string, placement: HtmlFragmentPlacement): void {
  checkHtmlSourceNesting(html, builder.fileName);
  const fragment = parseFragment(html, { sourceCodeLocationInfo: true });
  checkHtmlNesting(fragment, builder.fileName);
  const elements = [...descendants(fragment, 'present')].filter(isElement);
  const walker = new HtmlWalker(
    builder,
    html,
    placement.toSourceOffset,
    elementsWithBlockDescendants(fragment),
    labelTargets(elements),
    { startsAsFurniture: false, headingsOpenSections: false },
    { onElement() {} },
  );
  walker.walkUnder(fragment, placement.parent);
}
