import { parse } from 'parse5';
import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument } from '../../ir/types';
import { codePointOffsets } from '../../text/code-points';
import { DocumentBuilder } from '../document-builder';
import { attachImageSources } from '../image-source';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { progressTicker, rejectEmptyFile } from '../parse-steps';
import { utf16Encoding } from '../source-text';
import { checkpoint } from '../../cancellation';
import {
  descendants,
  elementsWithBlockDescendants,
  findAncestor,
  isElement,
  labelTargets,
  textContent,
  type HtmlElement,
  type HtmlParent,
} from './html-tree';
import { collapseWhitespace, cleanUnicode } from './inline-text';
import { checkHtmlNesting, checkHtmlSourceNesting } from './html-nesting';
import { HtmlWalker } from './html-walker';

const HTML_MIME = 'text/html';
const PROGRESS_EVERY = 128;

/** HTML (`.html`, `.htm`) to the IR, following Docling's rule-based HTML backend. */
export const htmlParser: DocumentParser = {
  format: 'html',
  extensions: ['.html', '.htm', '.xhtml'],
  mimeType: HTML_MIME,
  parse: parseHtml,
};

async function parseHtml(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { signal, onProgress } = options;
  await checkpoint(signal);
  rejectEmptyFile(input);
  const source = decodeHtml(input);
  onProgress?.({ stage: 'element', done: 0, total: 1 });
  checkHtmlSourceNesting(source, input.fileName);
  const tree = parse(source, { sourceCodeLocationInfo: true });
  checkHtmlNesting(tree, input.fileName);
  await checkpoint(signal);
  const html = childElement(tree, 'html');
  const head = html && childElement(html, 'head');
  const body = (html && childElement(html, 'body')) ?? tree;

  const builder = new DocumentBuilder(input.fileName, HTML_MIME, input.bytes);
  const title = head ? titleOf(head) : undefined;
  if (title) {
    builder.addTitle(cleanUnicode(title), { layer: 'furniture', orig: title });
    builder.setMetadata('title', title);
  }
  // Docling finds the first heading and a checkbox's labels among elements that are only invisible too.
  const elements = [...descendants(body, 'present')].filter(isElement);
  const headings = elements.filter((e) => /^h[1-6]$/.test(e.tagName) && !findAncestor(e, 'table'));
  if (!title) {
    const firstH1 = headings.find((h) => h.tagName === 'h1');
    if (firstH1) builder.setMetadata('title', collapseWhitespace(textContent(firstH1)));
  }

  const walkOptions = { startsAsFurniture: headings.length > 0, headingsOpenSections: true };
  const onElement = progressTicker(options, { stage: 'element', every: PROGRESS_EVERY }, elements.length);
  const walker = new HtmlWalker(
    builder,
    source,
    codePointOffsets(source),
    elementsWithBlockDescendants(body),
    labelTargets(elements),
    walkOptions,
    {
      onElement,
    },
  );
  walker.walk(body);
  await attachImageSources(builder, options.documentFolder);
  onProgress?.({ stage: 'element', done: elements.length, total: elements.length });
  return builder.doc;
}

/**
 * UTF-8 unless a byte-order mark says UTF-16. Binary content (NUL bytes in the first kilobytes)
 * is not HTML whatever the extension says.
 */
function decodeHtml(input: ParseInput): string {
  const { bytes } = input;
  const utf16 = utf16Encoding(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  const probe = bytes.subarray(0, 4096);
  if (probe.includes(0)) throw new StratumError('corrupt-file', `${input.fileName}: this is binary data, not an HTML document`);
  return new TextDecoder('utf-8').decode(bytes);
}

function childElement(parent: HtmlParent, tag: string): HtmlElement | undefined {
  return parent.childNodes.find((c): c is HtmlElement => isElement(c) && c.tagName === tag);
}

function titleOf(head: HtmlElement): string | undefined {
  const title = childElement(head, 'title');
  const text = title ? collapseWhitespace(textContent(title)) : '';
  return text || undefined;
}
