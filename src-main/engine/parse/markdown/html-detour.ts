import type { Nodes, Root } from 'mdast';
import { DocumentBuilder } from '../document-builder';
import { appendHtmlFragment } from '../html/html-fragment';

/*
 * Docling's Markdown backend reads a file that has an HTML block twice: it builds the document from
 * the Markdown, exports it to HTML with docling-core and parses that HTML with its HTML backend
 * (`MarkdownDocumentBackend.convert`). docling-core escapes every text on the way out except code,
 * which it writes into `<pre><code>` (a code block, or a code span alone in its paragraph) or into
 * `<code>` (a code span among other inline content) as it is. So after the detour, code reads as
 * HTML: entity references decoded, tags dropped, and no language, since the markup names none.
 */

/** Where docling-core writes a code item: alone (`<pre><code>`) or inside an inline group (`<code>` in `<p>`). */
export type CodePlacement = 'block' | 'inline';

interface DetouredCode {
  text: string;
  language: string;
}

/** Whether Docling takes the HTML detour: the file has an HTML block (inline HTML does not count). */
export function hasHtmlBlock(root: Root): boolean {
  const pending: Nodes[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'html') return true;
    // HTML blocks live among flow content only; an `html` node inside a paragraph is inline HTML.
    if (node.type === 'root' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem') {
      for (const child of node.children) pending.push(child);
    }
  }
  return false;
}

/** A code item's text and language as Docling's HTML backend reads them back; undefined when no text is left. */
export function codeAfterHtmlDetour(code: string, placement: CodePlacement): DetouredCode | undefined {
  const scratch = new DocumentBuilder('code.html', 'text/html', new Uint8Array());
  const html = placement === 'block' ? `<pre><code>${code}</code></pre>` : `<p><code>${code}</code></p>`;
  appendHtmlFragment(scratch, html, { toSourceOffset: (offset) => offset });
  const texts = scratch.doc.texts.filter((item) => item.text !== '');
  if (texts.length === 0) return undefined;
  return { text: texts.map((item) => item.text).join(' '), language: texts[0]!.code_language ?? 'unknown' };
}
